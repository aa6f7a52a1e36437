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
  /** `waiting`, `active`, `delayed`, … while the job lives; `completed`, `failed` or `unknown` after. */
  getJobState(jobId: string): Promise<string>;
  /** Removes a job that is not running, so its id can be queued again. */
  remove(jobId: string): Promise<number>;
}

/** Job states in which a job will still run (or is running). */
export const LIVE_JOB_STATES: ReadonlySet<string> = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);
