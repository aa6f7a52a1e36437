/** Delivery policy (DESIGN §6.19) as named constants, next to the one function that applies it. */

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

export type AttemptOutcome = 'succeeded' | 'gone' | 'retry' | 'failed';

/** 2xx succeeds; 410 Gone means the receiver wants no more; anything else retries while attempts remain. */
export function outcomeOf(statusCode: number | null, attempt: number, maxAttempts: number): AttemptOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'succeeded';
  if (statusCode === 410) return 'gone';
  return attempt < maxAttempts ? 'retry' : 'failed';
}

/**
 * Slack, Teams and Discord: 2xx succeeds; 404 or 410 means the incoming webhook was deleted (the
 * channel is marked broken, no retry); anything else, 429 included, retries while attempts remain.
 */
export type ChatOutcome = 'succeeded' | 'broken' | 'retry' | 'failed';
export function chatOutcomeOf(statusCode: number | null, attempt: number, maxAttempts: number): ChatOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'succeeded';
  if (statusCode === 404 || statusCode === 410) return 'broken';
  return attempt < maxAttempts ? 'retry' : 'failed';
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
