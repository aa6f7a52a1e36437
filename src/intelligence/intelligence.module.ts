import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SnapshotEntity } from '../capture/snapshot.entity';
import { ChangeEntity } from '../changes/change.entity';
import { MonitorEntity } from '../monitors/monitor.entity';
import { IntelligenceController } from './intelligence.controller';
import { IntelligenceRepository } from './intelligence.repository';
import { IntelligenceService } from './intelligence.service';

@Module({
  controllers: [IntelligenceController],
  exports: [IntelligenceService],
  imports: [TypeOrmModule.forFeature([ChangeEntity, MonitorEntity, SnapshotEntity])],
  providers: [IntelligenceRepository, IntelligenceService],
})
export class IntelligenceModule {}
