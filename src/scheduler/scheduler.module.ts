import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { MonitorsModule } from '../monitors/monitors.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { RetentionService } from './retention.service';
import { SchedulerService } from './scheduler.service';

@Module({
  exports: [RetentionService, SchedulerService],
  imports: [MonitorsModule, ScheduleModule.forRoot(), WebhooksModule],
  providers: [RetentionService, SchedulerService],
})
export class SchedulerModule {}
