import { OnApplicationShutdown } from '@nestjs/common';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import { JobHandler, QueueDriver } from './queue-driver';
import { PayloadByQueue, QueueName, QUEUES } from './queue.constants';

/** The embedded mode's driver (no REDIS_URL): every queue in this process's memory. */
export class InProcessDriver extends QueueDriver implements OnApplicationShutdown {
  private readonly queues: { [Q in QueueName]: InProcessQueue<PayloadByQueue[Q]> } = {
    discovery: new InProcessQueue(QUEUES.discovery),
    checks: new InProcessQueue(QUEUES.checks),
    evidence: new InProcessQueue(QUEUES.evidence),
    webhooks: new InProcessQueue(QUEUES.webhooks),
  };

  queue<Q extends QueueName>(name: Q): JobQueue<PayloadByQueue[Q]> {
    return this.queues[name];
  }

  consume<Q extends QueueName>(name: Q, handler: JobHandler<PayloadByQueue[Q]>, concurrency: number): void {
    this.queues[name].consume(handler, concurrency);
  }

  async stopConsuming(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((queue) => queue.drain()));
  }

  async abandonRunning(): Promise<number> {
    return Object.values(this.queues).reduce((sum, queue) => sum + queue.running, 0);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopConsuming();
  }
}
