import type { WebhookDeliveryDto } from '../webhooks/dto/webhook-delivery.response';
import { deliveryOutcome } from './delivery-outcome';

type Attempt = WebhookDeliveryDto['attempts'][number];

function delivery(channel: string, status: string, attempts: Partial<Attempt>[]): WebhookDeliveryDto {
  return {
    id: 1,
    channel,
    event: 'test.ping',
    idempotency_key: 'k',
    url: 'u',
    status,
    attempt_count: attempts.length,
    max_attempts: 1,
    next_attempt_at: null,
    created_at: '2026-11-22T09:00:00.000Z',
    completed_at: null,
    attempts: attempts.map((a, i) => ({ attempt: i + 1, id: null, status_code: null, error: null, duration_ms: 5, attempted_at: null, ...a })),
  };
}

describe('deliveryOutcome', () => {
  it('never calls mail kept in the outbox delivered', () => {
    const kept = delivery('email', 'succeeded', [{ delivered_to: ['pm@example.com'], rejected: [], kept_in_outbox: true }]);
    expect(deliveryOutcome(kept)).toEqual({ state: 'in outbox', detail: 'kept in the email outbox: no SMTP server is configured, so nothing was sent' });
  });

  it('calls an email some recipients refused partly delivered, with SMTP codes named once', () => {
    const partly = delivery('email', 'succeeded', [
      { status_code: 550, delivered_to: ['pm@example.com'], rejected: ['x@example.com'], error: 'rejected recipient: x@example.com: 550 5.1.1 No such user' },
    ]);
    expect(deliveryOutcome(partly)).toEqual({
      state: 'partly delivered',
      detail: 'delivered to pm@example.com; rejected recipient: x@example.com: 550 5.1.1 No such user',
    });
    const auth = delivery('email', 'pending', [{ status_code: 535, error: 'authentication: pm@example.com: Invalid login' }]);
    expect(deliveryOutcome(auth)).toEqual({ state: 'retrying', detail: 'SMTP 535; authentication: pm@example.com: Invalid login' });
  });

  it('reads HTTP statuses for webhooks and chat, and says when a broken channel was not sent to', () => {
    expect(deliveryOutcome(delivery('slack', 'succeeded', [{ status_code: 200 }]))).toEqual({ state: 'delivered', detail: 'HTTP 200' });
    const skipped = delivery('slack', 'failed', [{ error: 'not sent: the Slack channel is broken (the receiver answered 410); save a new URL to send again' }]);
    expect(deliveryOutcome(skipped).state).toBe('not sent');
    expect(deliveryOutcome(delivery('teams', 'pending', []))).toEqual({ state: 'sending', detail: '—' });
  });
});
