import type { WebhookDeliveryDto } from '../webhooks/dto/webhook-delivery.response';

/** A delivery as a person reads it: what came of it, and the last answer behind that. */
export interface DeliveryOutcome {
  /** delivered, partly delivered, in outbox, not sent, failed, gone, sending, retrying. */
  state: string;
  detail: string;
}

/**
 * Honest states: mail kept in the outbox (no SMTP server) is not "delivered"; an email that some
 * recipients refused is "partly delivered"; a broken channel's delivery is "not sent". SMTP reply
 * codes are called SMTP, HTTP statuses HTTP, and a code the error already quotes is not repeated.
 */
export function deliveryOutcome(delivery: WebhookDeliveryDto): DeliveryOutcome {
  const last = delivery.attempts[delivery.attempts.length - 1];
  const detail = last ? answerOf(delivery.channel, last) : '—';
  if (delivery.status === 'pending' || delivery.status === 'delivering') return { state: delivery.attempts.length ? 'retrying' : 'sending', detail };
  if (last?.kept_in_outbox) return { state: 'in outbox', detail: 'kept in the email outbox: no SMTP server is configured, so nothing was sent' };
  if (delivery.status === 'succeeded') {
    const refused = delivery.attempts.flatMap((a) => a.rejected ?? []);
    return { state: refused.length ? 'partly delivered' : 'delivered', detail };
  }
  if (delivery.status === 'failed' && last?.error?.startsWith('not sent')) return { state: 'not sent', detail };
  return { state: delivery.status === 'gone' ? 'gone' : 'failed', detail };
}

function answerOf(channel: string, attempt: WebhookDeliveryDto['attempts'][number]): string {
  const email = channel === 'email';
  const parts: string[] = [];
  if (email && attempt.delivered_to?.length) parts.push(`delivered to ${attempt.delivered_to.join(', ')}`);
  const code = attempt.status_code;
  const quoted = code !== null && attempt.error?.includes(String(code));
  if (code !== null && !quoted && !(email && parts.length)) parts.push(`${email ? 'SMTP' : 'HTTP'} ${code}`);
  if (attempt.error) parts.push(attempt.error);
  return parts.join('; ') || '—';
}
