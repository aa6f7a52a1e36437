import { randomBytes } from 'node:crypto';

export const SCHEMA_VERSION = 'v1';
export const WEBHOOK_EVENTS = ['change.detected', 'digest.ready', 'test.ping'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookEnvelope {
  schema_version: typeof SCHEMA_VERSION;
  /** New for every attempt, so a receiver can tell a retry from a replay; dedupe on it or on the key. */
  id: string;
  /** The same for every attempt of one logical delivery. */
  idempotency_key: string;
  event: WebhookEvent;
  sent_at: string;
  data: unknown;
}

export function newAttemptId(): string {
  return `wh_${randomBytes(12).toString('hex')}`;
}

/** A test ping's id doubles as its idempotency key (spec, Event kinds). */
export function newTestPingId(): string {
  return `wh_test_${randomBytes(12).toString('hex')}`;
}

export function changeIdempotencyKey(changeId: number): string {
  return `change:${changeId}`;
}

/** DESIGN §6.19: stable per workspace, period and window. */
export function digestIdempotencyKey(workspaceId: number, period: string, windowStart: Date): string {
  return `digest:${workspaceId}:${period}:${windowStart.toISOString()}`;
}

/** The body of one attempt; a test ping keeps its one id, every other attempt gets a new one. */
export function envelopeFor(
  delivery: { event: WebhookEvent; idempotency_key: string; payload: unknown },
  now: Date,
): WebhookEnvelope {
  return {
    schema_version: SCHEMA_VERSION,
    id: delivery.event === 'test.ping' ? delivery.idempotency_key : newAttemptId(),
    idempotency_key: delivery.idempotency_key,
    event: delivery.event,
    sent_at: now.toISOString(),
    data: delivery.payload,
  };
}
