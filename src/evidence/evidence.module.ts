import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaptureModule } from '../capture/capture.module';
import { QueueModule } from '../queue/queue.module';
import { QUEUES } from '../queue/queue.constants';
import { ChangeVisualEntity } from './change-visual.entity';
import { EvidenceController } from './evidence.controller';
import { EvidenceMaker } from './evidence-maker.service';
import { EvidenceRepository } from './evidence.repository';
import { EvidenceService } from './evidence.service';
import { PageScreenshotEntity } from './page-screenshot.entity';
import { PageShotsService } from './page-shots.service';

/** Screenshots and change-region crops (DESIGN §5e); `jobs/evidence-jobs.module.ts` consumes its queue. */
@Module({
  controllers: [EvidenceController],
  exports: [EvidenceMaker, EvidenceService],
  imports: [CaptureModule, QueueModule.forFeature(QUEUES.evidence), TypeOrmModule.forFeature([ChangeVisualEntity, PageScreenshotEntity])],
  providers: [EvidenceMaker, EvidenceRepository, EvidenceService, PageShotsService],
})
export class EvidenceModule {}
