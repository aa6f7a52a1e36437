import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AccountContext } from '../accounts/account-context';
import { AccountsService } from '../accounts/accounts.service';
import type { UserRow } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import type { WorkspaceDto } from '../workspaces/dto/workspace.response';
import { WorkspacesService } from '../workspaces/workspaces.service';

/** The signed-in person, their account as a caller of the services, and their workspaces (for the nav). */
export interface Viewer {
  user: UserRow;
  context: AccountContext;
  workspaces: WorkspaceDto[];
}

export type ViewerRequest = Request & { viewer?: Viewer };

/** Thrown where a page needs a signed-in user; the application's filter sends them to sign in. */
export class SignInRequired extends Error {}

/** Loads the viewer from the session; every page but sign-in and sign-up goes through it. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: AccountsService,
    private readonly workspaces: WorkspacesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ViewerRequest>();
    const userId = req.session?.userId;
    const user = userId ? await this.users.byId(userId) : null;
    if (!user) {
      // A session whose user is gone (deleted, or a restored database) is signed out.
      if (req.session) delete req.session.userId;
      throw new SignInRequired();
    }
    const accountContext = await this.accounts.contextFor(user.account_id);
    req.viewer = { user, context: accountContext, workspaces: await this.workspaces.list(accountContext) };
    return true;
  }
}

export const CurrentViewer = createParamDecorator((_: unknown, ctx: ExecutionContext): Viewer => {
  const viewer = ctx.switchToHttp().getRequest<ViewerRequest>().viewer;
  if (!viewer) throw new SignInRequired();
  return viewer;
});
