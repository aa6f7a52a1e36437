import { Inject, Injectable, Logger } from '@nestjs/common';
import { deliveriesTotal } from '../health/metrics';
import { APP_CONFIG, AppConfig } from '../config/config';
import { jobIds } from '../queue/queue.constants';
import { AttemptRecord, DeliveriesRepository, DeliveryStatus } from './deliveries.repository';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { envelopeFor } from './envelope';
import {
  ATTEMPT_LEASE_SECONDS,
  EARLY_START_TOLERANCE_SECONDS,
  outcomeOf,
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

const RECOVERY_BATCH = 500;

/** One delivery attempt: claim it, sign and send the envelope, record the outcome, queue the retry. */
@Injectable()
export class DeliveryAttempts {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly sender: WebhookSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs the delivery's next attempt if it is due and nobody holds it; null otherwise (a no-op). */
  async attempt(deliveryId: number): Promise<AttemptResult | null> {
    const delivery = await this.deliveries.claim(deliveryId, {
      leaseSeconds: ATTEMPT_LEASE_SECONDS,
      earlySeconds: EARLY_START_TOLERANCE_SECONDS,
    });
    if (!delivery) return null;
    const n = delivery.attempt_count;
    const now = new Date();
    let record: AttemptRecord;
    if (!delivery.has_settings) {
      // Notifications were switched off after this delivery was created: nothing to send to.
      record = { attempt: n, id: null, status_code: null, error: 'notification settings were removed', duration_ms: 0, attempted_at: now.toISOString() };
      await this.deliveries.record(deliveryId, record, { status: 'failed', retryInSeconds: null });
      return { deliveryId, attempt: n, status: 'failed', record };
    }
    const envelope = envelopeFor(delivery, now);
    const body = JSON.stringify(envelope);
    const result = await this.sender.post(delivery.url, body, signingHeaders(delivery.signing_secret, body, now.getTime()));
    record = {
      attempt: n,
      id: envelope.id,
      status_code: result.statusCode,
      error: result.error,
      duration_ms: result.durationMs,
      attempted_at: now.toISOString(),
    };
    const outcome = outcomeOf(result.statusCode, n, delivery.max_attempts);
    const status: DeliveryStatus = outcome === 'retry' ? 'pending' : outcome;
    const delay = outcome === 'retry' ? retryDelaySeconds(this.config.webhookRetryBaseSeconds, n) : null;
    const recorded = await this.deliveries.record(deliveryId, record, { status, retryInSeconds: delay });
    deliveriesTotal.inc({ channel: 'webhook', outcome: recorded === false ? 'unrecorded' : outcome });
    if (recorded === false) {
      this.logger.warn(`delivery ${deliveryId} attempt ${n}: outcome not recorded, the sweep took the attempt back`);
      return { deliveryId, attempt: n, status: 'pending', record };
    }
    if (delay !== null) await this.dispatcher.enqueueAttempt(deliveryId, n + 1, delay * 1000);
    return { deliveryId, attempt: n, status, record };
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
