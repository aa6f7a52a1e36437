import { Injectable } from '@nestjs/common';
import type { WebhookJob } from '../../queue/queue.constants';
import { DeliveryAttempts } from '../delivery-attempts.service';

@Injectable()
export class WebhookProcessor {
  constructor(private readonly attempts: DeliveryAttempts) {}

  async handle(job: WebhookJob): Promise<void> {
    await this.attempts.attempt(job.deliveryId);
  }
}
