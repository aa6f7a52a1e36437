import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
import type { Response } from 'express';
import type { Caller, CallerRequest } from '../common/caller';
import { DomainError, ErrorCode } from '../common/errors';
import { IS_PUBLIC_KEY } from '../common/public.decorator';
import type { Plan } from './plan';

/** A request as the limiter reads it: the caller and the plan the API key guard found for it. */
export type PlanRequest = CallerRequest<Caller & { plan: Plan }>;

export const WINDOW_SECONDS = 60;
/** All the keys of an account together may make this many times one key's limit (DESIGN §5g). */
export const ACCOUNT_LIMIT_FACTOR = 3;

/**
 * Per-key request limits from the key's plan (DESIGN §6.11) on `@nestjs/throttler`: fixed
 * one-minute windows aligned to the wall clock, counted per API key (not per handler) in the
 * shared storage, plus a ceiling for the whole account of three times that limit, so that more
 * keys do not mean more requests. The three `X-RateLimit-*` headers go on every authenticated
 * response (`Limit` the key's, `Remaining` the fewer of the key's and the account's, `Reset` in
 * Unix seconds), and over either limit a 429 `rate_limited` envelope with `Retry-After` and the
 * same headers.
 */
@Injectable()
export class PlanThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    return !context.switchToHttp().getRequest<PlanRequest>().account;
  }

  protected override async handleRequest({ context, limit }: ThrottlerRequest): Promise<boolean> {
    const req = context.switchToHttp().getRequest<PlanRequest>();
    await this.countRequest(req.account!, limit, context.switchToHttp().getResponse<Response>());
    return true;
  }

  /**
   * Counts one request of the caller's key within its limit and its account's ceiling, writing the
   * headers on `res`; over either, a 429 `rate_limited` error. Beside routes, MCP counts each tool
   * call through this (DESIGN §5f).
   */
  async countRequest(account: Caller, limit: number, res: Response): Promise<void> {
    const nowSeconds = Date.now() / 1000;
    const window = Math.floor(nowSeconds / WINDOW_SECONDS) * WINDOW_SECONDS;
    const reset = window + WINDOW_SECONDS;
    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Reset', String(reset));
    const refuse = (whose: string) => {
      res.setHeader('X-RateLimit-Remaining', '0');
      return new DomainError(ErrorCode.RateLimited, `request rate limit exceeded for this ${whose}`, {
        retryAfter: Math.max(Math.ceil(reset - nowSeconds), 1),
      });
    };
    const byKey = await this.hit(`rl:${account.keyId}:${window}`, limit);
    if (byKey > limit) throw refuse('API key');
    // Counted only when the key was within its limit, so one runaway key does not use up its siblings' share.
    const accountLimit = limit * ACCOUNT_LIMIT_FACTOR;
    const byAccount = await this.hit(`rl:account:${account.accountId}:${window}`, accountLimit);
    if (byAccount > accountLimit) throw refuse('account');
    res.setHeader('X-RateLimit-Remaining', String(Math.max(Math.min(limit - byKey, accountLimit - byAccount), 0)));
  }

  /**
   * Counts a request under a key that names its window, so a count never leaks into the next one;
   * the verdict is taken from the count (the storage's own block lasts no longer than the key).
   */
  private async hit(key: string, limit: number): Promise<number> {
    const ttlMs = (WINDOW_SECONDS + 5) * 1000;
    const { totalHits } = await this.storageService.increment(key, ttlMs, limit, ttlMs, 'default');
    return totalHits;
  }
}
