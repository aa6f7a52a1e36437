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

/** Delay before the attempt after `attempt`: base, 2×base, 4×base, … */
export function retryDelaySeconds(baseSeconds: number, attempt: number): number {
  return baseSeconds * 2 ** (attempt - 1);
}
