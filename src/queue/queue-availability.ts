import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DomainError, ErrorCode } from '../common/errors';
import { outageLog } from '../common/outage-log';
import { REDIS } from '../database/redis.module';
import type { JobsQueue } from './jobs-queue';
import { QUEUES } from './queue.constants';

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
 * anything. Queue client errors are logged once per outage. Embedded queues are always there.
 */
@Injectable()
export class QueueAvailability implements OnModuleInit {
  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @InjectQueue(QUEUES.checks) private readonly checks: JobsQueue<unknown>,
    @InjectQueue(QUEUES.discovery) private readonly discovery: JobsQueue<unknown>,
    @InjectQueue(QUEUES.webhooks) private readonly webhooks: JobsQueue<unknown>,
  ) {}

  onModuleInit(): void {
    if (!this.redis) return;
    this.redis.on('error', (err: Error) => outageLog.failed('Redis', err));
    this.redis.on('ready', () => outageLog.recovered('Redis'));
    for (const queue of [this.checks, this.discovery, this.webhooks] as unknown as Queue[]) {
      queue.on('error', (err: Error) => outageLog.failed('Redis', err));
    }
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
