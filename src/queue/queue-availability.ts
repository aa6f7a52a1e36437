import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError, ErrorCode } from '../common/errors';
import { outageLog } from '../common/outage-log';
import { REDIS } from '../database/redis.module';

const RETRY_AFTER_SECONDS = 5;
/** A request never waits longer than this on the queue (DESIGN §6.12: 503 within 2 s). */
const QUEUE_WAIT_MS = 1500;

function unavailable(): DomainError {
  return new DomainError(ErrorCode.ServiceUnavailable, 'the job queue is unavailable; try again shortly', {
    retryAfter: RETRY_AFTER_SECONDS,
  });
}

/**
 * Whether the job queue can take work now. A request that queues a job asks first, so with Redis
 * down it answers 503 at once instead of waiting on a reconnecting client, and before it records
 * anything. Redis client errors are logged once per outage (the BullMQ driver's queues log theirs
 * the same way). Embedded queues are always there.
 */
@Injectable()
export class QueueAvailability implements OnModuleInit {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  onModuleInit(): void {
    if (!this.redis) return;
    this.redis.on('error', (err: Error) => outageLog.failed('Redis', err));
    this.redis.on('ready', () => outageLog.recovered('Redis'));
  }

  assertAvailable(): void {
    if (this.redis && this.redis.status !== 'ready') throw unavailable();
  }

  /** Waits for a queue operation at most QUEUE_WAIT_MS; after that the caller gets a 503. */
  async within<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), QUEUE_WAIT_MS);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
