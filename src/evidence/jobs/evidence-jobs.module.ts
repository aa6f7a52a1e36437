import { Module } from '@nestjs/common';
import { EvidenceModule } from '../evidence.module';
import { EvidenceProcessor } from './evidence.processor';

/** The evidence queue's consumer; only roles that run workers load it (`WorkerModule`). */
@Module({ imports: [EvidenceModule], providers: [EvidenceProcessor] })
export class EvidenceJobsModule {}
