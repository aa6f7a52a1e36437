import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Plan } from '../billing/plan';

/** Who is calling: resolved from the Bearer key by the auth middleware. */
export interface AccountContext {
  accountId: number;
  keyId: number;
  plan: Plan;
}

export type AuthenticatedRequest = Request & { account?: AccountContext };

export const CurrentAccount = createParamDecorator((_: unknown, ctx: ExecutionContext): AccountContext => {
  const account = ctx.switchToHttp().getRequest<AuthenticatedRequest>().account;
  if (!account) throw new Error('CurrentAccount used on a route outside the auth middleware');
  return account;
});
