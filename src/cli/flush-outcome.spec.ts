import type { AttemptResult } from '../webhooks/delivery-attempts.service';
import { flushOutcome } from './flush-outcome';

const record = (status_code: number | null, error: string | null) => ({
  attempt: 1,
  id: 'wh_1',
  status_code,
  error,
  duration_ms: 5,
  attempted_at: '2026-11-25T00:00:00.000Z',
});
const attempt = (status: AttemptResult['status'], code: number | null, error: string | null = null): AttemptResult => ({
  deliveryId: 1,
  attempt: 1,
  status,
  record: record(code, error),
});

describe('flushOutcome', () => {
  it('says sent only for a 2xx answer', () => {
    expect(flushOutcome(attempt('succeeded', 200))).toEqual({ outcome: 'sent', sent: true });
  });

  it('says refused with the reason for a final failure', () => {
    expect(flushOutcome(attempt('gone', 410))).toEqual({ outcome: 'refused', sent: false, reason: 'the receiver answered HTTP 410' });
    expect(flushOutcome(attempt('failed', null, 'notification settings were removed'))).toEqual({
      outcome: 'refused',
      sent: false,
      reason: 'notification settings were removed',
    });
  });

  it('says queued for retry with the reason when another attempt will follow', () => {
    const refusedTarget = 'Refused to connect to non-public address 10.0.0.1 (set ALLOW_PRIVATE_NETWORK_TARGETS=true to allow it for local tests)';
    expect(flushOutcome(attempt('pending', null, refusedTarget))).toEqual({ outcome: 'queued_for_retry', sent: false, reason: refusedTarget });
    expect(flushOutcome(attempt('pending', 500))).toEqual({ outcome: 'queued_for_retry', sent: false, reason: 'the receiver answered HTTP 500' });
  });

  it('says queued when a worker already took the attempt', () => {
    expect(flushOutcome(null)).toMatchObject({ outcome: 'queued', sent: false });
  });
});
