/** Delivery policy (DESIGN §6.19) as named constants, next to the functions that apply it. */
import type { ChannelVerdict } from './channels/notification-channel';
import type { DeliveryStatus } from './delivery.types';

/** Retries after the first attempt of an event; a test ping gets no retry (its id is its key). */
export const WEBHOOK_MAX_RETRIES = 5;
export const EVENT_MAX_ATTEMPTS = 1 + WEBHOOK_MAX_RETRIES;
export const TEST_PING_MAX_ATTEMPTS = 1;

/** Whole-request time-out: connect, headers and body. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How long a claimed attempt is owned by its worker: the time-out plus time to record the outcome. */
export const ATTEMPT_LEASE_SECONDS = 60;

/**
 * Tolerance for a delayed job that fires slightly before the due time Postgres recorded (the
 * queue's clock and the database's may differ a little); it never lets an attempt run twice.
 */
export const EARLY_START_TOLERANCE_SECONDS = 1;

/** A delivery this far past its due time (or its lease) has lost its job; the sweep revives it. */
export const STALLED_AFTER_SECONDS = 120;

/**
 * A delivery's status after its channel's verdict on an answer: a retry waits while attempts
 * remain, then the delivery fails; broken is `gone` (the destination is marked broken).
 */
export function deliveryStatusOf(verdict: ChannelVerdict, attempt: number, maxAttempts: number): DeliveryStatus {
  if (verdict === 'delivered') return 'succeeded';
  if (verdict === 'broken') return 'gone';
  if (verdict === 'failed') return 'failed';
  return attempt < maxAttempts ? 'pending' : 'failed';
}

/** The longest Retry-After honoured; a larger one still waits this long, then retries. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** Retry-After in seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  const seconds = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : (Date.parse(trimmed) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil(seconds)));
}

/** Delay before the attempt after `attempt`: base, 2×base, 4×base, … */
export function retryDelaySeconds(baseSeconds: number, attempt: number): number {
  return baseSeconds * 2 ** (attempt - 1);
}
