import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Plan } from '../billing/plan';
import type { Caller, CallerRequest } from '../common/caller';

/** Who is calling: resolved from the Bearer key by the auth middleware. */
export interface AccountContext extends Caller {
  plan: Plan;
}

export type AuthenticatedRequest = CallerRequest<AccountContext>;

export const CurrentAccount = createParamDecorator((_: unknown, ctx: ExecutionContext): AccountContext => {
  const account = ctx.switchToHttp().getRequest<AuthenticatedRequest>().account;
  if (!account) throw new Error('CurrentAccount used on a route outside the auth middleware');
  return account;
});
