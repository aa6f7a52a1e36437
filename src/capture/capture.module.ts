import { Module } from '@nestjs/common';
import { SnapshotsRepository } from './snapshots.repository';

@Module({
  exports: [SnapshotsRepository],
  providers: [SnapshotsRepository],
})
export class CaptureModule {}
