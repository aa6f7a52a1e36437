import type { PayloadByQueue, QueueName } from './queue.constants';

export interface EnqueueOptions {
  /** Deterministic id: enqueueing the same id twice runs the job once. */
  jobId: string;
  delayMs?: number;
  attempts?: number;
  backoffMs?: number;
}

export type JobHandler<Q extends QueueName> = (payload: PayloadByQueue[Q], attempt: number) => Promise<void>;

/**
 * Jobs run on BullMQ when Redis is configured, and in process in the embedded mode;
 * both call the same handlers.
 */
export abstract class JobQueue {
  abstract enqueue<Q extends QueueName>(queue: Q, payload: PayloadByQueue[Q], options: EnqueueOptions): Promise<void>;
  abstract enqueueMany<Q extends QueueName>(
    queue: Q,
    jobs: { payload: PayloadByQueue[Q]; options: EnqueueOptions }[],
  ): Promise<void>;
  abstract process<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, concurrency: number): void;
  /** Resolves when no job is waiting or running (in-process only; used by tests and the CLI). */
  abstract idle(): Promise<void>;
  abstract close(): Promise<void>;
}
