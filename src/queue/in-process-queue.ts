import { Logger } from '@nestjs/common';
import type { Job, JobsOptions } from 'bullmq';
import type { JobsQueue } from './jobs-queue';
import { jobOptions, QueueName } from './queue.constants';

/** The part of a BullMQ job that processors read; the in-process queue builds the same shape. */
export interface InProcessJob<T> {
  id: string;
  name: string;
  data: T;
  attemptsMade: number;
  opts: JobsOptions;
  timestamp: number;
}

export type JobHandler = (job: Job) => Promise<unknown>;

interface Consumer {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

/**
 * The embedded mode's queue (no Redis): deterministic ids, delays, retries with exponential
 * back-off, a concurrency limit, and the same processor classes as BullMQ. One process only.
 */
export class InProcessQueue<T> implements JobsQueue<T> {
  private readonly logger = new Logger('Jobs');
  private readonly waiting: InProcessJob<T>[] = [];
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private consumer: Consumer | null = null;
  private inFlight = 0;
  private delayed = 0;
  private closed = false;
  private seq = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(readonly name: QueueName) {}

  async add(name: string, data: T, opts: JobsOptions = {}): Promise<void> {
    const options = { ...jobOptions(this.name), ...opts };
    const id = options.jobId ?? `auto-${++this.seq}`;
    if (this.known.has(id) || this.closed) return;
    this.known.add(id);
    this.schedule({ id, name, data, attemptsMade: 0, opts: options, timestamp: Date.now() }, options.delay ?? 0);
  }

  async addBulk(jobs: { name: string; data: T; opts?: JobsOptions }[]): Promise<void> {
    for (const job of jobs) await this.add(job.name, job.data, job.opts);
  }

  async getJobCounts(): Promise<Record<string, number>> {
    const active = this.consumer?.running ?? 0;
    return { waiting: this.waiting.length, active, delayed: this.delayed };
  }

  /** A job is known from its add until it completes or runs out of attempts; then it is gone. */
  async getJobState(jobId: string): Promise<string> {
    return this.known.has(jobId) ? 'waiting' : 'unknown';
  }

  /** Finished jobs are not kept, so there is never one to remove. */
  async remove(): Promise<number> {
    return 0;
  }

  /** Starts running jobs with the processor's `process` (what BullMQ's worker does on Redis). */
  consume(handler: JobHandler, concurrency: number): void {
    this.consumer = { handler, concurrency, running: 0 };
    this.pump();
  }

  /** Resolves when no job is waiting, delayed or running. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops starting jobs and resolves when the running ones have finished. */
  async drain(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    while ((this.consumer?.running ?? 0) > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private schedule(job: InProcessJob<T>, delayMs: number): void {
    this.inFlight++;
    if (delayMs <= 0) {
      this.waiting.push(job);
      queueMicrotask(() => this.pump());
      return;
    }
    this.delayed++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.delayed--;
      this.waiting.push(job);
      this.pump();
    }, delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  private pump(): void {
    const consumer = this.consumer;
    while (consumer && !this.closed && consumer.running < consumer.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      consumer.running++;
      void this.run(job, consumer);
    }
  }

  private async run(job: InProcessJob<T>, consumer: Consumer): Promise<void> {
    try {
      await consumer.handler(job as unknown as Job);
      this.known.delete(job.id);
    } catch (err) {
      const attempts = job.opts.attempts ?? 1;
      const attemptsMade = job.attemptsMade + 1;
      if (attemptsMade < attempts && !this.closed) {
        this.schedule({ ...job, attemptsMade }, backoffMs(job.opts, attemptsMade));
      } else {
        this.logger.warn(`${this.name} job ${job.id} failed: ${(err as Error).message}`);
        this.known.delete(job.id);
      }
    } finally {
      consumer.running--;
      this.inFlight--;
      this.pump();
      if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }
}

function backoffMs(opts: JobsOptions, attemptsMade: number): number {
  const backoff = opts.backoff;
  if (typeof backoff === 'number') return backoff;
  if (!backoff) return 0;
  const delay = backoff.delay ?? 0;
  return backoff.type === 'exponential' ? delay * 2 ** (attemptsMade - 1) : delay;
}
