import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CaptureModule } from '../capture/capture.module';
import { PageCaptureService } from '../capture/page-capture.service';
import { ChangesModule } from '../changes/changes.module';
import { CompetitorsModule } from '../competitors/competitors.module';
import { DiscoveryService } from '../competitors/discovery.service';
import { DiscoveryProcessor } from '../competitors/jobs/discovery.processor';
import { APP_CONFIG, AppConfig } from '../config/config';
import { InterpretationModule } from '../interpretation/interpretation.module';
import { CheckRunner } from '../monitors/check-runner.service';
import { CheckProcessor } from '../monitors/jobs/check.processor';
import { MonitorsModule } from '../monitors/monitors.module';
import { JobQueue } from '../queue/job-queue';
import { QUEUES } from '../queue/queue.constants';
import { WebhookProcessor } from '../webhooks/jobs/webhook.processor';
import { WEBHOOK_CONCURRENCY } from '../webhooks/retry-policy';
import { WebhooksModule } from '../webhooks/webhooks.module';

const DISCOVERY_CONCURRENCY = 4;

/**
 * The capture pipeline and its queue consumers: the same feature services as the API, driven
 * by jobs instead of requests. Only processes that run the worker role load it.
 */
@Module({
  exports: [CheckRunner, DiscoveryService, PageCaptureService],
  imports: [CaptureModule, ChangesModule, CompetitorsModule, InterpretationModule, MonitorsModule, WebhooksModule],
  providers: [CheckProcessor, CheckRunner, DiscoveryProcessor, DiscoveryService, PageCaptureService],
})
export class WorkerModule implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly checks: CheckProcessor,
    private readonly discovery: DiscoveryProcessor,
    private readonly webhooks: WebhookProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.process(QUEUES.checks, (job, attempt) => this.checks.handle(job, attempt), this.config.workerConcurrency);
    this.jobs.process(QUEUES.discovery, (job, attempt) => this.discovery.handle(job, attempt), DISCOVERY_CONCURRENCY);
    this.jobs.process(QUEUES.webhooks, (job) => this.webhooks.handle(job), WEBHOOK_CONCURRENCY);
  }
}
