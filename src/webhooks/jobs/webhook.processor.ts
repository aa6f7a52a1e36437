import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { inJobLogContext } from '../../common/logging';
import { MAX_STALLED_COUNT, QUEUES, STALLED_INTERVAL_MS, WebhookJob } from '../../queue/queue.constants';
import { DeliveryAttempts } from '../delivery-attempts.service';

/** Consumes the webhooks queue: one job = one delivery attempt (DeliveryAttempts records it). */
@Processor(QUEUES.webhooks, { stalledInterval: STALLED_INTERVAL_MS, maxStalledCount: MAX_STALLED_COUNT })
export class WebhookProcessor extends WorkerHost {
  constructor(private readonly attempts: DeliveryAttempts) {
    super();
  }

  process(job: Job<WebhookJob>): Promise<void> {
    return inJobLogContext(QUEUES.webhooks, job.id, () => this.handle(job));
  }

  private async handle(job: Job<WebhookJob>): Promise<void> {
    await this.attempts.attempt(job.data.deliveryId);
  }
}
