import { TypeOrmModule } from '@nestjs/typeorm';
import { CompetitorNoteEntity } from './competitor-note.entity';
import { CompetitorEntity } from './competitor.entity';
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
  imports: [CaptureModule, MonitorsModule, TypeOrmModule.forFeature([CompetitorEntity, CompetitorNoteEntity])],
  providers: [CompetitorsRepository, CompetitorsService, DiscoveryService, TargetUrlValidator],
})
export class CompetitorsModule {}
