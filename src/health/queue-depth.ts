import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { JobsQueue } from '../queue/jobs-queue';
import { QUEUES } from '../queue/queue.constants';
import { queueJobs } from './metrics';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Jobs per queue and state, read from the queues (Redis, or in process) at scrape time. */
@Injectable()
export class QueueDepth {
  constructor(
    @InjectQueue(QUEUES.checks) private readonly checks: JobsQueue<unknown>,
    @InjectQueue(QUEUES.discovery) private readonly discovery: JobsQueue<unknown>,
    @InjectQueue(QUEUES.evidence) private readonly evidence: JobsQueue<unknown>,
    @InjectQueue(QUEUES.webhooks) private readonly webhooks: JobsQueue<unknown>,
  ) {}

  async refresh(): Promise<void> {
    const queues = { checks: this.checks, discovery: this.discovery, evidence: this.evidence, webhooks: this.webhooks };
    await Promise.all(
      Object.entries(queues).map(async ([name, queue]) => {
        const counts = await queue.getJobCounts(...STATES).catch(() => null);
        for (const state of STATES) {
          if (counts) queueJobs.set({ queue: name, state }, counts[state] ?? 0);
        }
      }),
    );
  }
}
