import { inJobLogContext } from '../../common/logging';
import { JobProcessor } from '../../queue/job-processor';
import type { QueueJob } from '../../queue/job-queue';
import { QUEUES, WebhookJob } from '../../queue/queue.constants';
import { DeliveryAttempts } from '../delivery-attempts.service';

/** Consumes the webhooks queue: one job = one delivery attempt (DeliveryAttempts records it). */
@JobProcessor(QUEUES.webhooks)
export class WebhookProcessor implements JobProcessor<WebhookJob> {
  constructor(private readonly attempts: DeliveryAttempts) {}

  process(job: QueueJob<WebhookJob>): Promise<void> {
    return inJobLogContext(QUEUES.webhooks, job.id, () => this.handle(job));
  }

  private async handle(job: QueueJob<WebhookJob>): Promise<void> {
    await this.attempts.attempt(job.data.deliveryId);
  }
}
