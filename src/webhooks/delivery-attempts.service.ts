import { Inject, Injectable, Logger } from '@nestjs/common';
import { deliveriesTotal } from '../health/metrics';
import { APP_CONFIG, AppConfig } from '../config/config';
import { jobIds } from '../queue/queue.constants';
import { ChannelRegistry } from './channels/channel-registry';
import type { ChannelAnswer } from './channels/notification-channel';
import { ClaimedDelivery, DeliveriesRepository } from './deliveries.repository';
import type { AttemptRecord, DeliveryStatus } from './delivery.types';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { AppLinks } from './messages/app-links';
import { contentOf } from './messages/notification-content';
import { NotificationDestinationsRepository } from './notification-destinations.repository';
import { deliveryStatusOf, retryAfterSeconds, retryDelaySeconds, STALLED_AFTER_SECONDS } from './retry-policy';

export interface AttemptResult {
  deliveryId: number;
  attempt: number;
  status: DeliveryStatus;
  record: AttemptRecord;
}

const RECOVERY_BATCH = 500;

function recordOf(attempt: number, attemptedAt: string, answer: ChannelAnswer): AttemptRecord {
  return {
    attempt,
    id: answer.envelopeId ?? null,
    status_code: answer.statusCode,
    error: answer.error,
    duration_ms: answer.durationMs,
    attempted_at: attemptedAt,
    ...(answer.deliveredTo ? { delivered_to: answer.deliveredTo, rejected: answer.rejected ?? [] } : {}),
    ...(answer.keptInOutbox ? { kept_in_outbox: true } : {}),
  };
}

/**
 * One delivery attempt on any channel: claim it, let its channel send it and judge the answer,
 * record the outcome, mark a destination whose receiver is gone as broken, queue the retry.
 */
@Injectable()
export class DeliveryAttempts {
  private readonly logger = new Logger('Webhooks');
  private readonly links: AppLinks;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly channels: ChannelRegistry,
    private readonly destinations: NotificationDestinationsRepository,
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
    const label = this.channels.get(delivery.channel).info.label;
    const unsendable = !delivery.has_settings
      ? 'notification settings were removed'
      : delivery.destination_id === null
        ? `the ${label} channel was removed from the notification settings`
        : delivery.broken_reason !== null
          ? `not sent: the ${label} channel is broken (${delivery.broken_reason}); save a new URL to send again`
          : null;
    if (unsendable) {
      // Switched off or broken: nothing to send to, and the log says why.
      const record: AttemptRecord = { attempt: n, id: null, status_code: null, error: unsendable, duration_ms: 0, attempted_at: now.toISOString() };
      await this.deliveries.record(deliveryId, record, { status: 'failed', retryInSeconds: null });
      deliveriesTotal.inc({ channel: delivery.channel, outcome: 'failed' });
      return { deliveryId, attempt: n, status: 'failed', record };
    }
    const channel = this.channels.get(delivery.channel);
    const answer = await this.send(delivery, now);
    const record = recordOf(n, now.toISOString(), answer);
    const verdict = channel.classify(answer);
    const status = deliveryStatusOf(verdict, n, delivery.max_attempts);
    const delay =
      status !== 'pending'
        ? null
        : ((verdict === 'retry-after' ? retryAfterSeconds(answer.retryAfter ?? null) : null) ?? retryDelaySeconds(this.config.webhookRetryBaseSeconds, n));
    const recorded = await this.deliveries.record(deliveryId, record, { status, retryInSeconds: delay });
    const outcome = status === 'pending' ? 'retry' : status;
    deliveriesTotal.inc({ channel: delivery.channel, outcome: recorded === false ? 'unrecorded' : outcome });
    if (recorded === false) {
      this.logger.warn(`delivery ${deliveryId} attempt ${n}: outcome not recorded, the sweep took the attempt back`);
      return { deliveryId, attempt: n, status: 'pending', record };
    }
    const reason = `the receiver answered ${record.status_code}`;
    if (status === 'gone' && (await this.destinations.markBroken(delivery.destination_id!, delivery.destination, reason))) {
      this.logger.warn(`workspace ${delivery.workspace_id}: the ${delivery.channel} channel is broken (${reason})`);
    }
    if (delay !== null) await this.dispatcher.enqueueAttempt(deliveryId, n + 1, delay * 1000);
    return { deliveryId, attempt: n, status, record };
  }

  /** Sends one attempt on the delivery's channel, to the destination the settings hold now. */
  private send(d: ClaimedDelivery, now: Date): Promise<ChannelAnswer> {
    const earlier = { deliveredTo: d.attempts.flatMap((a) => a.delivered_to ?? []), rejected: d.attempts.flatMap((a) => a.rejected ?? []) };
    return this.channels.get(d.channel).send({
      workspaceId: d.workspace_id,
      deliveryId: d.id,
      attempt: d.attempt_count,
      event: d.event,
      idempotencyKey: d.idempotency_key,
      data: d.payload,
      content: contentOf(d.event, d.payload, d.workspace_id, this.links),
      now,
      destination: d.destination,
      signingSecret: d.signing_secret,
      earlier,
    });
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
