import { Module } from '@nestjs/common';
import { CaptureModule } from '../capture/capture.module';
import { ChangesModule } from '../changes/changes.module';
import { CompetitorsModule } from '../competitors/competitors.module';
import { DiscoveryService } from '../competitors/discovery.service';
import { DiscoveryProcessor } from '../competitors/jobs/discovery.processor';
import { InterpretationModule } from '../interpretation/interpretation.module';
import { CheckRunner } from '../monitors/check-runner.service';
import { CheckProcessor } from '../monitors/jobs/check.processor';
import { MonitorsModule } from '../monitors/monitors.module';
import { WebhookProcessor } from '../webhooks/jobs/webhook.processor';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * The queue consumers (`@Processor` classes) and the capture pipeline they drive: the same
 * feature services as the API, driven by jobs instead of requests. Only processes that run the
 * worker role load it; `JobConsumers` starts and drains the processors.
 */
@Module({
  exports: [CheckRunner, DiscoveryService],
  imports: [CaptureModule, ChangesModule, CompetitorsModule, InterpretationModule, MonitorsModule, WebhooksModule],
  providers: [CheckProcessor, CheckRunner, DiscoveryProcessor, DiscoveryService, WebhookProcessor],
})
export class WorkerModule {}
