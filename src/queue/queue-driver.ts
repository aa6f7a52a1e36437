import type { JobQueue, QueueJob } from './job-queue';
import type { PayloadByQueue, QueueName } from './queue.constants';

export type JobHandler<Payload> = (job: QueueJob<Payload>) => Promise<unknown>;

/**
 * Where the jobs live: `BullMqDriver` (Redis, any number of processes) or `InProcessDriver` (the
 * embedded mode: no REDIS_URL, one process). `QueueModule.forRoot` picks one from the
 * configuration; producers see its queues through `JobQueue`, processors through `QueueJob`.
 * The class is also the injection token.
 */
export abstract class QueueDriver {
  /** The queue of a name (one per name and process). */
  abstract queue<Q extends QueueName>(name: Q): JobQueue<PayloadByQueue[Q]>;

  /**
   * Runs the queue's jobs with `handler`, at most `concurrency` at a time. A job whose handler
   * throws is tried again after the back-off until it has had its `JOB_ATTEMPTS`.
   */
  abstract consume<Q extends QueueName>(name: Q, handler: JobHandler<PayloadByQueue[Q]>, concurrency: number): void;

  /** Stops taking jobs; resolves when the running ones have finished. */
  abstract stopConsuming(): Promise<void>;

  /**
   * Gives up on the jobs still running after `stopConsuming` took too long, and returns how many
   * there were. On Redis they go back to waiting, unfailed, for another worker; in process they
   * end with the process (the run sweep queues their runs again when it restarts).
   */
  abstract abandonRunning(): Promise<number>;
}
