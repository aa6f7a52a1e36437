import { Module } from '@nestjs/common';
import { TargetUrlValidator } from '../common/target-url';
import { CaptureModule } from '../capture/capture.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { DiscoveryService } from './discovery.service';
import { CompetitorsController } from './competitors.controller';
import { CompetitorsRepository } from './competitors.repository';
import { CompetitorsService } from './competitors.service';

@Module({
  controllers: [CompetitorsController],
  exports: [CompetitorsRepository, CompetitorsService, DiscoveryService],
  imports: [CaptureModule, MonitorsModule],
  providers: [CompetitorsRepository, CompetitorsService, DiscoveryService, TargetUrlValidator],
})
export class CompetitorsModule {}
