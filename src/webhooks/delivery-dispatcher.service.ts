import { Injectable, Logger } from '@nestjs/common';
import { InjectJobQueue, type JobQueue } from '../queue/job-queue';
import { jobIds, QUEUES, WebhookJob } from '../queue/queue.constants';
import { DeliveriesRepository, NewDelivery } from './deliveries.repository';

/** Creates logical deliveries and puts their attempts on the webhooks queue. */
@Injectable()
export class DeliveryDispatcher {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly deliveries: DeliveriesRepository,
    @InjectJobQueue(QUEUES.webhooks) private readonly queue: JobQueue<WebhookJob>,
  ) {}

  /**
   * The delivery for this idempotency key: created (and queued) now, or the existing one. Only
   * the caller that created it queues it, so a repeated event never queues a second first attempt.
   */
  async dispatch(d: NewDelivery): Promise<{ deliveryId: number; created: boolean }> {
    const created = await this.deliveries.create(d);
    if (created === null) {
      const existing = await this.deliveries.idForKey(d.workspaceId, d.channel, d.idempotencyKey);
      if (existing === null) throw new Error(`delivery ${d.idempotencyKey} vanished while being created`);
      return { deliveryId: existing, created: false };
    }
    await this.enqueueAttempt(created, 1, 0);
    return { deliveryId: created, created: true };
  }

  /** Creates the delivery inside the caller's transaction; the caller queues it after commit. */
  createIn(d: NewDelivery): Promise<number | null> {
    return this.deliveries.create(d);
  }

  /**
   * Queues one attempt under its deterministic job id. A queue that is down does not lose the
   * delivery: the row stays due and the scheduler's sweep queues it again.
   */
  async enqueueAttempt(deliveryId: number, attempt: number, delayMs: number, jobId = jobIds.webhook(deliveryId, attempt)): Promise<void> {
    try {
      // Queue-level retries cover a crashed or failing job (e.g. Postgres briefly down), not HTTP failures.
      await this.queue.add(QUEUES.webhooks, { deliveryId }, { jobId, delay: delayMs });
    } catch (err) {
      this.logger.warn(`could not queue delivery ${deliveryId} attempt ${attempt}: ${(err as Error).message}; the sweep will retry`);
    }
  }
}
