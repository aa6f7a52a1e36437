/** Queue names, payloads, job ids and the retry policy of every queue, in one place. */
export const QUEUES = {
  discovery: 'discovery',
  checks: 'checks',
  evidence: 'evidence',
  webhooks: 'webhooks',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES = Object.values(QUEUES) as readonly QueueName[];

export interface DiscoveryJob {
  competitorId: number;
}
/** One check, or several (scheduled checks are queued `CHECKS_PER_JOB` to a job). */
export type CheckJob = { runId: number } | { runIds: number[] };
export interface WebhookJob {
  deliveryId: number;
}
/** A page screenshot to take (and, at a change, the crops to make from it). */
export interface EvidenceJob {
  screenshotId: number;
}
export interface PayloadByQueue {
  discovery: DiscoveryJob;
  checks: CheckJob;
  evidence: EvidenceJob;
  webhooks: WebhookJob;
}

/**
 * Transient fetch errors are retried inside the check; the queue retries crashed or failing jobs
 * (Postgres briefly down, a lost worker). The back-off doubles from 5 s, so a check's attempts
 * span two and a half minutes and outlast a short outage instead of being spent in a burst; a
 * check still blocked by an outage after that is not failed but left to the run sweep.
 */
export const JOB_ATTEMPTS: Record<QueueName, number> = { discovery: 4, checks: 6, evidence: 2, webhooks: 4 };
/** The first retry's delay; each further retry waits twice as long as the one before. */
export const JOB_BACKOFF_MS = 5000;

/** How long a job waits before its next attempt, after `attemptsMade` failed ones (exponential back-off). */
export function retryDelayMs(attemptsMade: number): number {
  return JOB_BACKOFF_MS * 2 ** (attemptsMade - 1);
}

/**
 * Scheduled checks per job: the queue's own work (add, take, finish: three Redis scripts and their
 * events) is then paid once for that many checks, not once per check (docs/benchmarks.md, bench:peer).
 */
export const CHECKS_PER_JOB = 16;

/** The runs of a check job, in order. */
export function checkJobRuns(job: CheckJob): number[] {
  return 'runIds' in job ? job.runIds : [job.runId];
}

/** Jobs in flight per worker process (checks: WORKER_CONCURRENCY); deliveries wait on the network, not the CPU. */
export const DISCOVERY_CONCURRENCY = 4;
export const WEBHOOK_CONCURRENCY = 100;
/** Screenshots also wait for BROWSER_PAGES, which they share with the checks that need Chromium. */
export const EVIDENCE_CONCURRENCY = 2;

/** On Redis, a job whose worker died is moved back to waiting by BullMQ's stalled check. */
export const STALLED_INTERVAL_MS = 15_000;
export const MAX_STALLED_COUNT = 2;

/** Deterministic ids: queuing the same id twice runs the job once. */
export const jobIds = {
  /** A retry after a failed discovery is keyed by the failed attempt's end, so it runs once more. */
  discovery: (competitorId: number, retryOf?: Date) => (retryOf ? `discovery-${competitorId}-retry-${retryOf.getTime()}` : `discovery-${competitorId}`),
  /** A check job is named after its first run. */
  check: (firstRunId: number) => `check-${firstRunId}`,
  evidence: (screenshotId: number) => `evidence-${screenshotId}`,
  webhook: (deliveryId: number, attempt: number) => `webhook-${deliveryId}-${attempt}`,
};
