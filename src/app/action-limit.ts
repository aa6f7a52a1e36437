import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import { DomainError, ErrorCode } from '../common/errors';
import type { ViewerRequest } from './viewer';

export type LimitedAction = 'send_test' | 'create_api_key' | 'sign_up' | 'password_reset';

interface ActionLimit {
  limit: number;
  seconds: number;
  /** Whom the action is counted for. */
  per(req: ViewerRequest): string;
  /** What the refusal calls the actions: "Too many {what}, try again in …". */
  what: string;
}

/** App actions that send or create (DESIGN §5g). */
export const ACTION_LIMITS: Record<LimitedAction, ActionLimit> = {
  send_test: { limit: 10, seconds: 60, per: (req) => `session:${req.sessionID}`, what: 'test messages' },
  create_api_key: { limit: 10, seconds: 3600, per: (req) => `account:${req.viewer!.context.accountId}`, what: 'new API keys' },
  sign_up: { limit: 5, seconds: 3600, per: (req) => `address:${req.ip ?? 'unknown'}`, what: 'sign-ups from your address' },
  password_reset: { limit: 5, seconds: 3600, per: (req) => `address:${req.ip ?? 'unknown'}`, what: 'password reset requests from your address' },
};

const ACTION_KEY = 'rw:limited-action';

/** "42 seconds" under a minute and a half, else whole minutes (rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Counts the action in the shared throttling storage (Redis in server mode, in process when
 * embedded) before the handler runs; over the limit the action is blocked for one window and
 * answers 429 `rate_limited`, which the application shows as a page.
 */
@Injectable()
export class ActionLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<LimitedAction>(ACTION_KEY, context.getHandler());
    const { limit, seconds, per, what } = ACTION_LIMITS[action];
    const windowMs = seconds * 1000;
    const key = `app:${action}:${per(context.switchToHttp().getRequest<ViewerRequest>())}`;
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(key, windowMs, limit, windowMs, action);
    if (!isBlocked) return true;
    const wait = Math.max(timeToBlockExpire, 1);
    throw new DomainError(ErrorCode.RateLimited, `Too many ${what}, try again in ${waitText(wait)}.`, { retryAfter: wait });
  }
}

/** Limits a page action; it runs after the class's guards, so the viewer is known. */
export const LimitAction = (action: LimitedAction) => applyDecorators(SetMetadata(ACTION_KEY, action), UseGuards(ActionLimitGuard));
