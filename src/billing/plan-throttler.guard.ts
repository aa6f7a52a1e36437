import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
import type { Response } from 'express';
import { AuthenticatedRequest } from '../accounts/account-context';
import { DomainError, ErrorCode } from '../common/errors';
import { IS_PUBLIC_KEY } from '../common/public.decorator';

export const WINDOW_SECONDS = 60;

/**
 * Per-key request limits from the key's plan (DESIGN §6.11) on `@nestjs/throttler`: fixed
 * one-minute windows aligned to the wall clock, counted per API key (not per handler) in the
 * shared storage, the three `X-RateLimit-*` headers on every authenticated response (`Reset` in
 * Unix seconds), and a 429 `rate_limited` envelope with `Retry-After` and the same headers.
 */
@Injectable()
export class PlanThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    return !context.switchToHttp().getRequest<AuthenticatedRequest>().account;
  }

  protected override async getTracker(req: AuthenticatedRequest): Promise<string> {
    return String(req.account!.keyId);
  }

  protected override async handleRequest({ context, limit, getTracker }: ThrottlerRequest): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const nowSeconds = Date.now() / 1000;
    const window = Math.floor(nowSeconds / WINDOW_SECONDS) * WINDOW_SECONDS;
    const reset = window + WINDOW_SECONDS;
    const key = `rl:${await getTracker(req, context)}:${window}`;
    // The key names its window, so a count never leaks into the next one; the verdict is taken
    // from the count here (the storage's own block lasts no longer than the key).
    const ttlMs = (WINDOW_SECONDS + 5) * 1000;
    const { totalHits } = await this.storageService.increment(key, ttlMs, limit, ttlMs, 'default');
    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(limit - totalHits, 0)));
    res.setHeader('X-RateLimit-Reset', String(reset));
    if (totalHits > limit) {
      throw new DomainError(ErrorCode.RateLimited, 'request rate limit exceeded for this API key', {
        retryAfter: Math.max(Math.ceil(reset - nowSeconds), 1),
      });
    }
    return true;
  }
}
