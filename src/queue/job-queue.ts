import { Inject } from '@nestjs/common';
import type { QueueName } from './queue.constants';

/** What a producer may say about one job; attempts and back-off are the queue's (`JOB_ATTEMPTS`). */
export interface AddOptions {
  /** Deterministic id (`jobIds`): adding an id the queue still holds is a no-op. */
  jobId?: string;
  /** Milliseconds before the job may run. */
  delay?: number;
}

/**
 * A queue as producers, the health endpoints and the run sweep see it, whichever driver holds the
 * jobs (BullMQ on Redis, or in process). Inject it with `@InjectJobQueue(QUEUES.x)` in a module
 * that imports `QueueModule.forFeature(QUEUES.x)`.
 */
export interface JobQueue<Payload> {
  readonly name: QueueName;
  add(name: string, data: Payload, opts?: AddOptions): Promise<void>;
  addBulk(jobs: { name: string; data: Payload; opts?: AddOptions }[]): Promise<void>;
  /** Jobs per state, for the states asked (a state the driver does not keep counts 0). */
  getJobCounts(...states: JobState[]): Promise<Record<string, number>>;
  /** A live state (`LIVE_JOB_STATES`) while the job lives; `completed`, `failed` or `unknown` after. */
  getJobState(jobId: string): Promise<JobState | 'unknown'>;
  /** Removes a job that is not running, so its id can be queued again. */
  remove(jobId: string): Promise<number>;
}

/** One attempt at a job, as a processor receives it. */
export interface QueueJob<Payload> {
  id: string;
  name: string;
  data: Payload;
  /** Attempts that failed before this one. */
  attemptsMade: number;
  /** Attempts the job gets in all. */
  attempts: number;
}

export type JobState = 'waiting' | 'active' | 'delayed' | 'prioritized' | 'waiting-children' | 'completed' | 'failed';

/** Job states in which a job will still run (or is running). */
export const LIVE_JOB_STATES: readonly JobState[] = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

export function isLive(state: JobState | 'unknown'): boolean {
  return state !== 'unknown' && LIVE_JOB_STATES.includes(state);
}

export function queueToken(name: QueueName): string {
  return `JobQueue:${name}`;
}

/** Injects the queue of a name, typed with its payload. */
export function InjectJobQueue(name: QueueName): ParameterDecorator {
  return Inject(queueToken(name));
}
