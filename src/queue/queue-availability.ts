import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError, ErrorCode } from '../common/errors';
import { REDIS } from '../database/redis.module';

const RETRY_AFTER_SECONDS = 5;

/**
 * A request that queues a job asks first whether the queue can take it: with Redis down it
 * answers 503 at once (DESIGN §6.12) instead of waiting on a reconnecting client, and before it
 * records anything it would then have to undo. Embedded queues are always there.
 */
@Injectable()
export class QueueAvailability {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  assertAvailable(): void {
    if (!this.redis || this.redis.status === 'ready') return;
    throw new DomainError(ErrorCode.ServiceUnavailable, 'the job queue is unavailable; try again shortly', {
      retryAfter: RETRY_AFTER_SECONDS,
    });
  }
}
