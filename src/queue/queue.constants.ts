/** Queue names, payloads and retry policy in one place. */
export const QUEUES = {
  discovery: 'discovery',
  checks: 'checks',
  webhooks: 'webhooks',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface DiscoveryJob {
  competitorId: number;
}
export interface CheckJob {
  runId: number;
}
export interface WebhookJob {
  deliveryId: number;
}
export interface PayloadByQueue {
  discovery: DiscoveryJob;
  checks: CheckJob;
  webhooks: WebhookJob;
}

/** Transient fetch errors are retried inside the check; the queue retries crashed or lost jobs. */
export const DISCOVERY_ATTEMPTS = 3;
export const CHECK_ATTEMPTS = 3;
export const JOB_BACKOFF_MS = 2000;

export const jobIds = {
  discovery: (competitorId: number) => `discovery-${competitorId}`,
  check: (runId: number) => `check-${runId}`,
  webhook: (deliveryId: number, attempt: number) => `webhook-${deliveryId}-${attempt}`,
};
