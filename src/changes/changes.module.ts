import { TypeOrmModule } from '@nestjs/typeorm';
import { ChangeEntity } from './change.entity';
import { Module } from '@nestjs/common';
import { CaptureModule } from '../capture/capture.module';
import { DigestModule } from '../digest/digest.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { ChangesController } from './changes.controller';
import { ChangesRepository } from './changes.repository';
import { ChangesService } from './changes.service';

@Module({
  controllers: [ChangesController],
  exports: [ChangesRepository, ChangesService],
  imports: [CaptureModule, DigestModule, EvidenceModule, TypeOrmModule.forFeature([ChangeEntity])],
  providers: [ChangesRepository, ChangesService],
})
export class ChangesModule {}
