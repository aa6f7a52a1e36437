import { Logger } from '@nestjs/common';
import type { AddOptions, JobQueue, JobState, QueueJob } from './job-queue';
import type { JobHandler } from './queue-driver';
import { JOB_ATTEMPTS, QueueName, retryDelayMs } from './queue.constants';

interface Consumer<T> {
  handler: JobHandler<T>;
  concurrency: number;
  running: number;
}

/**
 * One queue of the embedded mode (no Redis): deterministic ids, delays, retries with the queues'
 * exponential back-off, a concurrency limit. Jobs live in this process's memory only.
 */
export class InProcessQueue<T> implements JobQueue<T> {
  private readonly logger = new Logger('Jobs');
  private readonly waiting: QueueJob<T>[] = [];
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private consumer: Consumer<T> | null = null;
  private delayed = 0;
  private closed = false;
  private seq = 0;

  constructor(readonly name: QueueName) {}

  async add(name: string, data: T, opts: AddOptions = {}): Promise<void> {
    const id = opts.jobId ?? `auto-${++this.seq}`;
    if (this.known.has(id) || this.closed) return;
    this.known.add(id);
    this.schedule({ id, name, data, attemptsMade: 0, attempts: JOB_ATTEMPTS[this.name] }, opts.delay ?? 0);
  }

  async addBulk(jobs: { name: string; data: T; opts?: AddOptions }[]): Promise<void> {
    for (const job of jobs) await this.add(job.name, job.data, job.opts);
  }

  async getJobCounts(...states: JobState[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = { waiting: this.waiting.length, active: this.running, delayed: this.delayed };
    return states.length ? Object.fromEntries(states.map((state) => [state, counts[state] ?? 0])) : counts;
  }

  /** A job is known from its add until it completes or runs out of attempts; then it is gone. */
  async getJobState(jobId: string): Promise<JobState | 'unknown'> {
    return this.known.has(jobId) ? 'waiting' : 'unknown';
  }

  /** Finished jobs are not kept, so there is never one to remove. */
  async remove(): Promise<number> {
    return 0;
  }

  /** Jobs running now. */
  get running(): number {
    return this.consumer?.running ?? 0;
  }

  /** Starts running jobs with `handler`, at most `concurrency` at a time. */
  consume(handler: JobHandler<T>, concurrency: number): void {
    this.consumer = { handler, concurrency, running: 0 };
    this.pump();
  }

  /** Stops starting jobs and resolves when the running ones have finished. */
  async drain(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    while (this.running > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private schedule(job: QueueJob<T>, delayMs: number): void {
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

  private async run(job: QueueJob<T>, consumer: Consumer<T>): Promise<void> {
    try {
      await consumer.handler({ ...job });
      this.known.delete(job.id);
    } catch (err) {
      const attemptsMade = job.attemptsMade + 1;
      if (attemptsMade < job.attempts && !this.closed) {
        this.schedule({ ...job, attemptsMade }, retryDelayMs(attemptsMade));
      } else {
        this.logger.warn(`${this.name} job ${job.id} failed: ${(err as Error).message}`);
        this.known.delete(job.id);
      }
    } finally {
      consumer.running--;
      this.pump();
    }
  }
}
