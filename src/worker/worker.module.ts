import { Module } from '@nestjs/common';
import { CompetitorsModule } from '../competitors/competitors.module';
import { DiscoveryProcessor } from '../competitors/jobs/discovery.processor';
import { CheckProcessor } from '../monitors/jobs/check.processor';
import { MonitorsModule } from '../monitors/monitors.module';
import { WebhookProcessor } from '../webhooks/jobs/webhook.processor';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * The queue consumers (`@Processor` classes) of the worker role. They are thin: the work lives in
 * the features' services (CheckRunner, DiscoveryService, DeliveryAttempts). Only processes that
 * run the worker role load this module; `JobConsumers` starts and drains the processors.
 */
@Module({
  imports: [CompetitorsModule, MonitorsModule, WebhooksModule],
  providers: [CheckProcessor, DiscoveryProcessor, WebhookProcessor],
})
export class WorkerModule {}
