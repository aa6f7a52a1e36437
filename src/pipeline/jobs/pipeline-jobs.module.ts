import { Module } from '@nestjs/common';
import { PipelineModule } from '../pipeline.module';
import { CheckProcessor } from './check.processor';

/** The checks queue's consumer; only roles that run workers load it (`WorkerModule`). */
@Module({ imports: [PipelineModule], providers: [CheckProcessor] })
export class PipelineJobsModule {}
