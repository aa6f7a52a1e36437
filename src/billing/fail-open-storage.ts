import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from './throttler-storage-record';

/**
 * The shared Redis storage throws while Redis is down; a rate limiter must not take the API down
 * with it, so it lets requests through then (logging once per outage, not per request).
 */
export class FailOpenStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimiter');
  private failing = false;

  constructor(
    private readonly inner: ThrottlerStorage,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, name: string): Promise<ThrottlerStorageRecord> {
    try {
      const record = await this.inner.increment(`${this.prefix}:${key}`, ttl, limit, blockDuration, name);
      if (this.failing) this.logger.log('rate limiter storage is back');
      this.failing = false;
      return record;
    } catch (err) {
      if (!this.failing) this.logger.warn(`rate limiter failing open: ${(err as Error).message}`);
      this.failing = true;
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
  }
}
