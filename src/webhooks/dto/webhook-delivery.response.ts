import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CHANNEL_NAMES } from '../channels/registered-channels';
import type { DeliveryLogRow } from '../deliveries.repository';
import { DELIVERY_STATUSES, type AttemptRecord } from '../delivery.types';
import { WEBHOOK_EVENTS } from '../envelope';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export class WebhookAttemptDto {
  @ApiProperty({ example: 1 }) attempt: number;
  /** the webhook envelope id sent; null if the attempt was lost, and for other channels (they send no envelope) */
  @ApiProperty({ example: 'wh_9b2f4c1e0a7d3e5f6a8b9c0d' })
  id: string | null;
  /** the HTTP status; for email the SMTP reply code (250 sent, 535 authentication, 550 refused recipient); null when no answer came */
  @ApiProperty({ example: 503 })
  status_code: number | null;
  /** network error or time-out; for email the failure class first: connection, authentication, rejected recipient, rejected message, temporarily refused */
  @ApiProperty({ example: null })
  error: string | null;
  @ApiProperty({ example: 84 }) duration_ms: number | null;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) attempted_at: string | null;
  /** email only: the recipients this attempt delivered to */
  @ApiPropertyOptional({ example: ['pm@example.com'] })
  delivered_to?: string[];
  /** email only: recipients the server refused for good (not retried) */
  @ApiPropertyOptional({ example: [] })
  rejected?: string[];
  /** email only, when no SMTP server is configured (no SMTP_URL): the message was kept in the email outbox, not sent to anyone */
  @ApiPropertyOptional({ example: true })
  kept_in_outbox?: boolean;
}

export class WebhookDeliveryDto {
  @ApiProperty({ example: 812 }) id: number;
  @ApiProperty({ enum: CHANNEL_NAMES, example: 'webhook' }) channel: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'change.detected' }) event: string;
  /** unique per workspace and channel */
  @ApiProperty({ example: 'change:501' }) idempotency_key: string;
  /** where it goes; email: mailto: with the recipients */
  @ApiProperty({ example: 'https://hooks.example.com/rivalwatch' }) url: string;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    example: 'pending',
    description:
      'pending (waiting for its first attempt or a retry), delivering, succeeded (email: see the attempts\' kept_in_outbox and rejected), ' +
      'failed (attempts exhausted, refused for good, or not sent because the channel is marked broken), ' +
      'gone (the receiver answered 410, or 404 for a chat channel: the channel is marked broken)',
  })
  status: string;
  @ApiProperty({ example: 2 }) attempt_count: number;
  /** the first attempt plus up to five retries; a test ping has one */
  @ApiProperty({ example: 6 }) max_attempts: number;
  @ApiProperty({ example: '2026-11-22T09:01:04.000Z' }) next_attempt_at: string | null;
  @ApiProperty({ example: '2026-11-22T09:00:03.000Z' }) created_at: string;
  @ApiProperty({ example: null }) completed_at: string | null;
  /** oldest first */
  attempts: WebhookAttemptDto[];
}

export class WebhookDeliveryListResponse {
  /** most recent first */
  webhook_deliveries: WebhookDeliveryDto[];
}

function toAttempt(a: AttemptRecord): WebhookAttemptDto {
  return {
    attempt: a.attempt,
    id: a.id ?? null,
    status_code: a.status_code ?? null,
    error: a.error ?? null,
    duration_ms: a.duration_ms ?? null,
    attempted_at: a.attempted_at ?? null,
    ...(a.delivered_to ? { delivered_to: a.delivered_to, rejected: a.rejected ?? [] } : {}),
    ...(a.kept_in_outbox ? { kept_in_outbox: true } : {}),
  };
}

export function toWebhookDelivery(row: DeliveryLogRow): WebhookDeliveryDto {
  return {
    id: row.id,
    channel: row.channel,
    event: row.event,
    idempotency_key: row.idempotency_key,
    url: row.url,
    status: row.status,
    attempt_count: row.attempt_count,
    max_attempts: row.max_attempts,
    // While delivering, next_attempt_at holds the claim's lease, which is no attempt time.
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: iso(row.completed_at),
    attempts: (row.attempts ?? []).map(toAttempt),
  };
}
