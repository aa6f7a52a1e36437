import { Injectable } from '@nestjs/common';
import { QueueDriver } from '../queue/queue-driver';
import { QUEUE_NAMES } from '../queue/queue.constants';
import { queueJobs } from './metrics';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Jobs per queue and state, read from the queues (Redis, or in process) at scrape time. */
@Injectable()
export class QueueDepth {
  constructor(private readonly queues: QueueDriver) {}

  async refresh(): Promise<void> {
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const counts = await this.queues.queue(name).getJobCounts(...STATES).catch(() => null);
        for (const state of STATES) {
          if (counts) queueJobs.set({ queue: name, state }, counts[state] ?? 0);
        }
      }),
    );
  }
}
