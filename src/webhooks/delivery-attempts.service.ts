import { Inject, Injectable, Logger } from '@nestjs/common';
import { deliveriesTotal } from '../health/metrics';
import { APP_CONFIG, AppConfig } from '../config/config';
import { jobIds } from '../queue/queue.constants';
import { AppLinks } from '../notifications/app-links';
import { isChatChannel } from '../notifications/channels';
import { chatMessageBody } from '../notifications/chat-message';
import { EmailChannel } from '../notifications/email-channel.service';
import { contentOf } from '../notifications/notification-content';
import { AttemptRecord, ClaimedDelivery, DeliveriesRepository, DeliveryStatus } from './deliveries.repository';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { envelopeFor } from './envelope';
import { NotificationSettingsRepository } from './notification-settings.repository';
import {
  AttemptOutcome,
  chatOutcomeOf,
  outcomeOf,
  retryAfterSeconds,
  retryDelaySeconds,
  STALLED_AFTER_SECONDS,
} from './retry-policy';
import { signingHeaders } from './signing';
import { WebhookSender } from './webhook-sender';

export interface AttemptResult {
  deliveryId: number;
  attempt: number;
  status: DeliveryStatus;
  record: AttemptRecord;
}

interface SentAttempt {
  record: AttemptRecord;
  outcome: AttemptOutcome;
  /** The receiver's Retry-After (chat channels, on 429): the next attempt waits this long instead of the back-off. */
  retryAfterSeconds: number | null;
}

const RECOVERY_BATCH = 500;

function brokenReason(record: AttemptRecord): string {
  return `the receiver answered ${record.status_code} on ${record.attempted_at}`;
}

/**
 * One delivery attempt on any channel: claim it, send it (a signed envelope, a chat message, or
 * mail), record the outcome, mark a channel whose receiver is gone as broken, queue the retry.
 */
@Injectable()
export class DeliveryAttempts {
  private readonly logger = new Logger('Webhooks');
  private readonly links: AppLinks;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly sender: WebhookSender,
    private readonly email: EmailChannel,
    private readonly settings: NotificationSettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = AppLinks.from(config);
  }

  /** Runs the delivery's next attempt if it is due and nobody holds it; null otherwise (a no-op). */
  async attempt(deliveryId: number): Promise<AttemptResult | null> {
    const delivery = await this.deliveries.claim(deliveryId);
    if (!delivery) return null;
    const n = delivery.attempt_count;
    const now = new Date();
    const unsendable = !delivery.has_settings
      ? 'notification settings were removed'
      : !delivery.has_destination
        ? `the ${delivery.channel} channel was removed from the notification settings`
        : null;
    if (unsendable) {
      // Switched off after this delivery was created: nothing to send to.
      const record: AttemptRecord = { attempt: n, id: null, status_code: null, error: unsendable, duration_ms: 0, attempted_at: now.toISOString() };
      await this.deliveries.record(deliveryId, record, { status: 'failed', retryInSeconds: null });
      deliveriesTotal.inc({ channel: delivery.channel, outcome: 'failed' });
      return { deliveryId, attempt: n, status: 'failed', record };
    }
    const sent = await this.send(delivery, now);
    const { record, outcome } = sent;
    const status: DeliveryStatus = outcome === 'retry' ? 'pending' : outcome;
    const delay = outcome === 'retry' ? (sent.retryAfterSeconds ?? retryDelaySeconds(this.config.webhookRetryBaseSeconds, n)) : null;
    const recorded = await this.deliveries.record(deliveryId, record, { status, retryInSeconds: delay });
    deliveriesTotal.inc({ channel: delivery.channel, outcome: recorded === false ? 'unrecorded' : outcome });
    if (recorded === false) {
      this.logger.warn(`delivery ${deliveryId} attempt ${n}: outcome not recorded, the sweep took the attempt back`);
      return { deliveryId, attempt: n, status: 'pending', record };
    }
    if (outcome === 'gone' && (await this.settings.markBroken(delivery.workspace_id, delivery.channel, delivery.url, brokenReason(record)))) {
      this.logger.warn(`workspace ${delivery.workspace_id}: the ${delivery.channel} channel is broken (${brokenReason(record)})`);
    }
    if (delay !== null) await this.dispatcher.enqueueAttempt(deliveryId, n + 1, delay * 1000);
    return { deliveryId, attempt: n, status, record };
  }

  /** Sends one attempt on the delivery's channel and says what it came to. */
  private async send(d: ClaimedDelivery, now: Date): Promise<SentAttempt> {
    const n = d.attempt_count;
    const attemptedAt = now.toISOString();
    if (d.channel === 'email') {
      const settled = d.attempts.flatMap((a) => [...(a.delivered_to ?? []), ...(a.rejected ?? [])]);
      const result = await this.email.send({
        workspaceId: d.workspace_id,
        deliveryId: d.id,
        event: d.event,
        payload: d.payload,
        recipients: d.email_recipients ?? [],
        settled,
      });
      const record: AttemptRecord = {
        attempt: n,
        id: null,
        status_code: result.responseCode,
        error: result.error,
        duration_ms: result.durationMs,
        attempted_at: attemptedAt,
        delivered_to: result.delivered,
        rejected: result.rejected,
      };
      const everyoneRefused = result.delivered.length === 0 && !result.retryable && !d.attempts.some((a) => a.delivered_to?.length);
      const outcome: SentAttempt['outcome'] = result.retryable
        ? n < d.max_attempts
          ? 'retry'
          : 'failed'
        : everyoneRefused
          ? 'failed'
          : 'succeeded';
      return { record, outcome, retryAfterSeconds: null };
    }
    if (isChatChannel(d.channel)) {
      const body = chatMessageBody(d.channel, contentOf(d.event, d.payload, d.workspace_id, this.links));
      const result = await this.sender.post(d.url, body, {});
      const record: AttemptRecord = {
        attempt: n,
        id: null,
        status_code: result.statusCode,
        error: result.error,
        duration_ms: result.durationMs,
        attempted_at: attemptedAt,
      };
      const outcome = chatOutcomeOf(result.statusCode, n, d.max_attempts);
      return {
        record,
        outcome: outcome === 'broken' ? 'gone' : outcome,
        retryAfterSeconds: result.statusCode === 429 ? retryAfterSeconds(result.retryAfter) : null,
      };
    }
    const envelope = envelopeFor(d, now);
    const body = JSON.stringify(envelope);
    const result = await this.sender.post(d.url, body, signingHeaders(d.signing_secret, body, now.getTime()));
    const record: AttemptRecord = {
      attempt: n,
      id: envelope.id,
      status_code: result.statusCode,
      error: result.error,
      duration_ms: result.durationMs,
      attempted_at: attemptedAt,
    };
    return { record, outcome: outcomeOf(result.statusCode, n, d.max_attempts), retryAfterSeconds: null };
  }

  /**
   * Queues again the deliveries whose job was lost; returns how many. Behind a long backlog a
   * delivery may get a second job this way; the claim makes the later of the two a no-op.
   */
  async recoverStalled(): Promise<number> {
    const recovered = await this.deliveries.recoverStalled({ stalledAfterSeconds: STALLED_AFTER_SECONDS, limit: RECOVERY_BATCH });
    for (const d of recovered) {
      if (d.status !== 'pending' || !d.next_attempt_at) continue;
      // The original job id may still be taken by the lost job; this one is new per recovery.
      const jobId = `${jobIds.webhook(d.id, d.attempt_count + 1)}-recovered-${new Date(d.next_attempt_at).getTime()}`;
      await this.dispatcher.enqueueAttempt(d.id, d.attempt_count + 1, 0, jobId);
    }
    return recovered.length;
  }
}
