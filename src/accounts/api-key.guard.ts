import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, ErrorCode } from '../common/errors';
import { IS_PUBLIC_KEY } from '../common/public.decorator';
import { AuthenticatedRequest } from './account-context';
import { AccountsService } from './accounts.service';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every route needs `Authorization: Bearer <API key>` unless it is marked `@Public()`. Runs before
 * the rate-limit guard and before the body is read, so a bad key is a 401 whatever the body.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly accounts: AccountsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = BEARER.exec(req.headers.authorization ?? '');
    const account = match ? await this.accounts.authenticate(match[1]) : null;
    if (!account) throw new DomainError(ErrorCode.Unauthorized, 'missing or invalid API key');
    req.account = account;
    return true;
  }
}
