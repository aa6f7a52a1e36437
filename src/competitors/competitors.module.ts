import { Module } from '@nestjs/common';
import { TargetUrlValidator } from '../common/target-url';
import { MonitorsModule } from '../monitors/monitors.module';
import { CompetitorsController } from './competitors.controller';
import { CompetitorsRepository } from './competitors.repository';
import { CompetitorsService } from './competitors.service';

@Module({
  controllers: [CompetitorsController],
  exports: [CompetitorsRepository],
  imports: [MonitorsModule],
  providers: [CompetitorsRepository, CompetitorsService, TargetUrlValidator],
})
export class CompetitorsModule {}
