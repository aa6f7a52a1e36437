import { Module } from '@nestjs/common';
import { CompetitorsModule } from '../competitors/competitors.module';
import { DiscoveryProcessor } from '../competitors/jobs/discovery.processor';
import { EvidenceModule } from '../evidence/evidence.module';
import { EvidenceProcessor } from '../evidence/jobs/evidence.processor';
import { CheckProcessor } from '../pipeline/jobs/check.processor';
import { PipelineModule } from '../pipeline/pipeline.module';
import { WebhookProcessor } from '../webhooks/jobs/webhook.processor';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * The queue consumers (`@Processor` classes) of the worker role. They are thin: the work lives in
 * the features' services (CheckRunner, DiscoveryService, EvidenceMaker, DeliveryAttempts). Only processes that
 * run the worker role load this module; `JobConsumers` starts and drains the processors.
 */
@Module({
  imports: [CompetitorsModule, EvidenceModule, PipelineModule, WebhooksModule],
  providers: [CheckProcessor, DiscoveryProcessor, EvidenceProcessor, WebhookProcessor],
})
export class WorkerModule {}
