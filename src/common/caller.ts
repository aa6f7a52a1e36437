import type { Request } from 'express';

/**
 * Who is calling, as the layers below `accounts` see it: the API key guard resolves the Bearer
 * key and sets it on the request (`accounts/account-context.ts` adds the plan).
 */
export interface Caller {
  accountId: number;
  keyId: number;
}

/** A request and, once the API key guard has authenticated it, its caller. */
export type CallerRequest<C extends Caller = Caller> = Request & { account?: C };
