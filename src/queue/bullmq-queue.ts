import { Queue } from 'bullmq';
import type { AddOptions, JobQueue, JobState } from './job-queue';
import type { QueueName } from './queue.constants';

/** A BullMQ `Queue` behind the project's `JobQueue` (the BullMQ driver makes them). */
export class BullMqQueue<T> implements JobQueue<T> {
  constructor(
    readonly name: QueueName,
    /** Untyped: BullMQ's own payload typing cannot follow a generic `T`; this class's methods type it. */
    private readonly queue: Queue,
  ) {}

  async add(name: string, data: T, opts?: AddOptions): Promise<void> {
    await this.queue.add(name, data, opts);
  }

  async addBulk(jobs: { name: string; data: T; opts?: AddOptions }[]): Promise<void> {
    await this.queue.addBulk(jobs);
  }

  getJobCounts(...states: JobState[]): Promise<Record<string, number>> {
    return this.queue.getJobCounts(...states);
  }

  getJobState(jobId: string): Promise<JobState | 'unknown'> {
    return this.queue.getJobState(jobId);
  }

  remove(jobId: string): Promise<number> {
    return this.queue.remove(jobId);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
