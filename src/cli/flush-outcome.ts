import type { AttemptResult } from '../webhooks/delivery-attempts.service';

/** What happened to a flushed digest's first attempt, as the CLI reports it. */
export type FlushOutcome =
  | { outcome: 'sent'; sent: true }
  | { outcome: 'refused'; sent: false; reason: string }
  | { outcome: 'queued_for_retry'; sent: false; reason: string }
  | { outcome: 'queued'; sent: false; reason: string };

/**
 * `sent` only when the receiver answered 2xx. A final failure (410, the last attempt, settings
 * removed) is `refused` with its reason; an answer or error that will be tried again is
 * `queued_for_retry` with the reason this attempt failed; an attempt a worker had already taken is `queued`.
 */
export function flushOutcome(attempt: AttemptResult | null): FlushOutcome {
  if (!attempt || attempt.status === 'delivering') return { outcome: 'queued', sent: false, reason: 'a worker is already sending this delivery' };
  if (attempt.status === 'succeeded') return { outcome: 'sent', sent: true };
  const { status_code: code, error } = attempt.record;
  const reason = error ?? (code !== null ? `the receiver answered HTTP ${code}` : 'no answer from the receiver');
  return attempt.status === 'pending' ? { outcome: 'queued_for_retry', sent: false, reason } : { outcome: 'refused', sent: false, reason };
}

/** Sent when a channel took the digest; else queued for retry when one will try again; else refused. */
export function overallOutcome(deliveries: FlushOutcome[]): FlushOutcome {
  return (
    deliveries.find((d) => d.outcome === 'sent') ??
    deliveries.find((d) => d.outcome === 'queued_for_retry' || d.outcome === 'queued') ??
    deliveries[0] ?? { outcome: 'refused', sent: false, reason: 'no channel is set up' }
  );
}
