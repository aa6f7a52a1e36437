import { Module } from '@nestjs/common';
import { CompetitorJobsModule } from '../competitors/jobs/competitor-jobs.module';
import { EvidenceJobsModule } from '../evidence/jobs/evidence-jobs.module';
import { PipelineJobsModule } from '../pipeline/jobs/pipeline-jobs.module';
import { WebhookJobsModule } from '../webhooks/jobs/webhook-jobs.module';

/**
 * The queue consumers of the worker role: each feature's `jobs/` module, which provides its
 * `@JobProcessor` classes. Only processes whose role runs workers (`all`, `worker`) load this
 * module; `JobConsumers` (src/queue) starts and drains the processors through the queue driver.
 */
@Module({
  imports: [CompetitorJobsModule, EvidenceJobsModule, PipelineJobsModule, WebhookJobsModule],
})
export class WorkerModule {}
