import { TypeOrmModule } from '@nestjs/typeorm';
import { CompetitorLogoEntity } from './competitor-logo.entity';
import { CompetitorNoteEntity } from './competitor-note.entity';
import { CompetitorEntity } from './competitor.entity';
import { Module } from '@nestjs/common';
import { TargetUrlValidator } from '../common/target-url';
import { CaptureModule } from '../capture/capture.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { QueueModule } from '../queue/queue.module';
import { QUEUES } from '../queue/queue.constants';
import { DiscoveryService } from './discovery.service';
import { CompetitorsController } from './competitors.controller';
import { CompetitorsRepository } from './competitors.repository';
import { CompetitorsService } from './competitors.service';
import { LogosRepository } from './logos.repository';
import { LogosService } from './logos.service';

@Module({
  controllers: [CompetitorsController],
  exports: [CompetitorsRepository, CompetitorsService, DiscoveryService, LogosService],
  imports: [CaptureModule, MonitorsModule, QueueModule.forFeature(QUEUES.discovery), TypeOrmModule.forFeature([CompetitorEntity, CompetitorLogoEntity, CompetitorNoteEntity])],
  providers: [CompetitorsRepository, CompetitorsService, DiscoveryService, LogosRepository, LogosService, TargetUrlValidator],
})
export class CompetitorsModule {}
