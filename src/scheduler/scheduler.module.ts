import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { SchedulerRepository } from './scheduler.repository';
import { SchedulerService } from './scheduler.service';

@Module({
  exports: [SchedulerService],
  imports: [MonitorsModule],
  providers: [SchedulerRepository, SchedulerService],
})
export class SchedulerModule {}
