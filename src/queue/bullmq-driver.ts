import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job, JobsOptions, Queue, Worker } from 'bullmq';
import { outageLog } from '../common/outage-log';
import { BullMqQueue } from './bullmq-queue';
import type { JobQueue, QueueJob } from './job-queue';
import { JobHandler, QueueDriver } from './queue-driver';
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, MAX_STALLED_COUNT, PayloadByQueue, QueueName, QUEUES, STALLED_INTERVAL_MS } from './queue.constants';

/** Finished jobs BullMQ keeps per queue (their ids stay taken until they are removed). */
const COMPLETED_KEPT = 1000;
const FAILED_KEPT = 5000;

/** BullMQ's options of every job on a queue: `JOB_ATTEMPTS`, the doubling back-off, bounded history. */
export function bullMqJobOptions(queue: QueueName): JobsOptions {
  return {
    attempts: JOB_ATTEMPTS[queue],
    backoff: { type: 'exponential', delay: JOB_BACKOFF_MS },
    removeOnComplete: { count: COMPLETED_KEPT },
    removeOnFail: { count: FAILED_KEPT },
  };
}

function toQueueJob<T>(job: Job<T>): QueueJob<T> {
  return { id: String(job.id), name: job.name, data: job.data, attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 };
}

/**
 * Jobs on Redis through BullMQ: one `Queue` per name for producers, one `Worker` per consumed
 * queue, any number of processes. A worker that dies leaves its jobs to BullMQ's stalled check,
 * which hands them to another worker.
 */
export class BullMqDriver extends QueueDriver implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  /** Workers block on Redis; BullMQ requires unlimited retries per request on their connections. */
  private readonly connection: { url: string; maxRetriesPerRequest: null };
  private readonly queues: { [Q in QueueName]: BullMqQueue<PayloadByQueue[Q]> };
  private readonly workers: Worker[] = [];
  /** Jobs running in this process's workers, to hand back when a shutdown runs out of time. */
  private readonly active = new Map<string, Job>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    super();
    this.connection = { url, maxRetriesPerRequest: null };
    this.queues = {
      discovery: this.open(QUEUES.discovery),
      checks: this.open(QUEUES.checks),
      evidence: this.open(QUEUES.evidence),
      webhooks: this.open(QUEUES.webhooks),
    };
  }

  queue<Q extends QueueName>(name: Q): JobQueue<PayloadByQueue[Q]> {
    return this.queues[name];
  }

  consume<Q extends QueueName>(name: Q, handler: JobHandler<PayloadByQueue[Q]>, concurrency: number): void {
    const worker = new Worker<PayloadByQueue[Q]>(name, (job) => handler(toQueueJob(job)), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency,
      stalledInterval: STALLED_INTERVAL_MS,
      maxStalledCount: MAX_STALLED_COUNT,
    });
    const key = (job: Job) => `${name}:${job.id}`;
    worker.on('active', (job) => this.active.set(key(job), job));
    worker.on('completed', (job) => this.active.delete(key(job)));
    worker.on('failed', (job, err) => {
      if (job) this.active.delete(key(job));
      this.logger.warn(`${name} job ${job?.id} failed: ${err.message}`);
    });
    worker.on('error', (err) => this.logger.warn(`${name} worker: ${err.message}`));
    this.workers.push(worker);
  }

  async stopConsuming(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  async abandonRunning(): Promise<number> {
    const running = [...this.active.values()];
    await Promise.all(running.map((job) => job.moveToWait(job.token).catch(() => undefined)));
    return running.length;
  }

  private open<T>(name: QueueName): BullMqQueue<T> {
    const queue = new Queue(name, { connection: this.connection, prefix: this.prefix, defaultJobOptions: bullMqJobOptions(name) });
    queue.on('error', (err: Error) => outageLog.failed('Redis', err));
    return new BullMqQueue<T>(name, queue);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopConsuming();
    await Promise.all(Object.values(this.queues).map((queue) => queue.close()));
  }
}
