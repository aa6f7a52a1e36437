import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SchedulerRepository } from './scheduler.repository';
import { SchedulerService } from './scheduler.service';

@Module({
  exports: [SchedulerService],
  imports: [MonitorsModule, WebhooksModule],
  providers: [SchedulerRepository, SchedulerService],
})
export class SchedulerModule {}
