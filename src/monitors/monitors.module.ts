import { Module } from '@nestjs/common';
import { CaptureModule } from '../capture/capture.module';
import { TargetUrlValidator } from '../common/target-url';
import { CheckContextRepository } from './check-context.repository';
import { ChecksService } from './checks.service';
import { MonitorsController } from './monitors.controller';
import { MonitorsRepository } from './monitors.repository';
import { MonitorsService } from './monitors.service';
import { RunsRepository } from './runs.repository';

@Module({
  controllers: [MonitorsController],
  exports: [CheckContextRepository, ChecksService, MonitorsRepository, RunsRepository],
  imports: [CaptureModule],
  providers: [
    CheckContextRepository,
    ChecksService,
    MonitorsRepository,
    MonitorsService,
    RunsRepository,
    TargetUrlValidator,
  ],
})
export class MonitorsModule {}
