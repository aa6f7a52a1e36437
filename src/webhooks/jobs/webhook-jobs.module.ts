import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks.module';
import { WebhookProcessor } from './webhook.processor';

/** The webhooks queue's consumer; only roles that run workers load it (`WorkerModule`). */
@Module({ imports: [WebhooksModule], providers: [WebhookProcessor] })
export class WebhookJobsModule {}
