import type { JobsOptions } from 'bullmq';

/**
 * What producers use of a queue. On Redis it is BullMQ's `Queue`; in the embedded mode the
 * in-process queue, which runs the same `@Processor` classes. Producers inject it with
 * `@InjectQueue(QUEUES.x)`.
 */
export interface JobsQueue<T> {
  add(name: string, data: T, opts?: JobsOptions): Promise<unknown>;
  addBulk(jobs: { name: string; data: T; opts?: JobsOptions }[]): Promise<unknown>;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}
