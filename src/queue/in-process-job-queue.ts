import { Logger } from '@nestjs/common';
import { EnqueueOptions, JobHandler, JobQueue } from './job-queue';
import type { PayloadByQueue, QueueName } from './queue.constants';

interface PendingJob {
  queue: QueueName;
  payload: unknown;
  options: EnqueueOptions;
  attempt: number;
}

/** The embedded mode's queue: same handlers, same retry policy, no Redis; one process only. */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<QueueName, { handler: JobHandler<QueueName>; concurrency: number; running: number }>();
  private readonly waiting: PendingJob[] = [];
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  async enqueue<Q extends QueueName>(queue: Q, payload: PayloadByQueue[Q], options: EnqueueOptions): Promise<void> {
    const key = `${queue}:${options.jobId}`;
    if (this.known.has(key) || this.closed) return;
    this.known.add(key);
    this.schedule({ queue, payload, options, attempt: 1 }, options.delayMs ?? 0);
  }

  async enqueueMany<Q extends QueueName>(
    queue: Q,
    jobs: { payload: PayloadByQueue[Q]; options: EnqueueOptions }[],
  ): Promise<void> {
    for (const job of jobs) await this.enqueue(queue, job.payload, job.options);
  }

  process<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, concurrency: number): void {
    this.handlers.set(queue, { handler: handler as JobHandler<QueueName>, concurrency, running: 0 });
    this.pump();
  }

  private schedule(job: PendingJob, delayMs: number): void {
    this.inFlight++;
    if (delayMs <= 0) {
      this.waiting.push(job);
      queueMicrotask(() => this.pump());
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push(job);
      this.pump();
    }, delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  private pump(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const job = this.waiting[i];
      const slot = this.handlers.get(job.queue);
      if (!slot || slot.running >= slot.concurrency || this.closed) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      slot.running++;
      void this.run(job, slot);
    }
  }

  private async run(job: PendingJob, slot: { handler: JobHandler<QueueName>; running: number }): Promise<void> {
    try {
      await slot.handler(job.payload as never, job.attempt);
      this.known.delete(`${job.queue}:${job.options.jobId}`);
    } catch (err) {
      const attempts = job.options.attempts ?? 1;
      if (job.attempt < attempts && !this.closed) {
        const delay = (job.options.backoffMs ?? 1000) * 2 ** (job.attempt - 1);
        this.schedule({ ...job, attempt: job.attempt + 1 }, delay);
      } else {
        this.logger.warn(`${job.queue} job ${job.options.jobId} failed: ${(err as Error).message}`);
        this.known.delete(`${job.queue}:${job.options.jobId}`);
      }
    } finally {
      slot.running--;
      this.inFlight--;
      this.pump();
      if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
