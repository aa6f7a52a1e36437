import { Logger } from '@nestjs/common';
import { ConnectionOptions, Queue, Worker } from 'bullmq';
import { EnqueueOptions, JobHandler, JobQueue } from './job-queue';
import type { PayloadByQueue, QueueName } from './queue.constants';

function redisOptions(url: string): ConnectionOptions {
  // Workers block on Redis; BullMQ requires unlimited retries per request on their connections.
  return { url, maxRetriesPerRequest: null };
}

export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    super();
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: redisOptions(this.redisUrl), prefix: this.prefix });
      queue.on('error', (err) => this.logger.warn(`queue ${name}: ${err.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private jobOptions(options: EnqueueOptions) {
    return {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: options.attempts ?? 1,
      backoff: options.backoffMs ? { type: 'exponential' as const, delay: options.backoffMs } : undefined,
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    };
  }

  async enqueue<Q extends QueueName>(queue: Q, payload: PayloadByQueue[Q], options: EnqueueOptions): Promise<void> {
    await this.queue(queue).add(queue, payload, this.jobOptions(options));
  }

  async enqueueMany<Q extends QueueName>(
    queue: Q,
    jobs: { payload: PayloadByQueue[Q]; options: EnqueueOptions }[],
  ): Promise<void> {
    if (!jobs.length) return;
    await this.queue(queue).addBulk(jobs.map((j) => ({ name: queue, data: j.payload, opts: this.jobOptions(j.options) })));
  }

  process<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, concurrency: number): void {
    const worker = new Worker(queue, (job) => handler(job.data as PayloadByQueue[Q], job.attemptsMade + 1), {
      connection: redisOptions(this.redisUrl),
      prefix: this.prefix,
      concurrency,
      // A job whose worker died is moved back to waiting by the stalled check.
      stalledInterval: 15_000,
      maxStalledCount: 2,
    });
    worker.on('failed', (job, err) => this.logger.warn(`${queue} job ${job?.id} failed: ${err.message}`));
    worker.on('error', (err) => this.logger.warn(`${queue} worker: ${err.message}`));
    this.workers.push(worker);
  }

  async idle(): Promise<void> {
    for (;;) {
      let busy = 0;
      for (const queue of this.queues.values()) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        busy += Object.values(counts).reduce((a, b) => a + b, 0);
      }
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
