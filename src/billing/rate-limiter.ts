import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../database/redis.module';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  allowed: boolean;
  retryAfter: number;
}

const WINDOW_SECONDS = 60;

/**
 * Fixed one-minute windows aligned to the wall clock (DESIGN §6.11), counted in Redis so API
 * replicas share one count; in process in the embedded mode. Fails open if Redis is briefly down.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly local = new Map<string, number>();
  private localWindow = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async hit(keyId: number, limit: number, nowMs = Date.now()): Promise<RateLimitDecision> {
    const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const reset = window + WINDOW_SECONDS;
    const count = await this.increment(`${this.config.redisPrefix}:rl:${keyId}:${window}`, window);
    const allowed = count === null || count <= limit;
    return {
      limit,
      remaining: count === null ? limit : Math.max(limit - count, 0),
      reset,
      allowed,
      retryAfter: Math.max(reset - Math.floor(nowMs / 1000), 1),
    };
  }

  private async increment(key: string, window: number): Promise<number | null> {
    if (!this.redis) {
      if (window !== this.localWindow) {
        this.local.clear();
        this.localWindow = window;
      }
      const count = (this.local.get(key) ?? 0) + 1;
      this.local.set(key, count);
      return count;
    }
    try {
      const [[, count]] = (await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS + 5).exec()) as [
        [Error | null, number],
      ];
      return count;
    } catch (err) {
      this.logger.warn(`rate limiter failing open: ${(err as Error).message}`);
      return null;
    }
  }
}
