import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { MonitorsModule } from '../monitors/monitors.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SchedulerService } from './scheduler.service';

@Module({
  exports: [SchedulerService],
  imports: [MonitorsModule, ScheduleModule.forRoot(), WebhooksModule],
  providers: [SchedulerService],
})
export class SchedulerModule {}
