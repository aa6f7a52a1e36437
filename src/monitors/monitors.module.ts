import { TypeOrmModule } from '@nestjs/typeorm';
import { MonitorEntity } from './monitor.entity';
import { RunEntity } from './run.entity';
import { Module } from '@nestjs/common';
import { CaptureModule } from '../capture/capture.module';
import { QueueModule } from '../queue/queue.module';
import { QUEUES } from '../queue/queue.constants';
import { TargetUrlValidator } from '../common/target-url';
import { CheckContextRepository } from './check-context.repository';
import { ChecksService } from './checks.service';
import { MonitorsController } from './monitors.controller';
import { MonitorsRepository } from './monitors.repository';
import { MonitorsService } from './monitors.service';
import { RetentionRepository } from './retention.repository';
import { RunSweep } from './run-sweep.service';
import { RunsRepository } from './runs.repository';
import { ScheduledRunsRepository } from './scheduled-runs.repository';

@Module({
  controllers: [MonitorsController],
  exports: [CheckContextRepository, ChecksService, MonitorsRepository, MonitorsService, RetentionRepository, RunSweep, RunsRepository, ScheduledRunsRepository],
  imports: [CaptureModule, QueueModule.forFeature(QUEUES.checks), TypeOrmModule.forFeature([MonitorEntity, RunEntity])],
  providers: [
    CheckContextRepository,
    ChecksService,
    MonitorsRepository,
    MonitorsService,
    RetentionRepository,
    RunSweep,
    RunsRepository,
    ScheduledRunsRepository,
    TargetUrlValidator,
  ],
})
export class MonitorsModule {}
