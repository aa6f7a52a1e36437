import { Module } from '@nestjs/common';
import { CompetitorsModule } from '../competitors.module';
import { DiscoveryProcessor } from './discovery.processor';

/** The discovery queue's consumer; only roles that run workers load it (`WorkerModule`). */
@Module({ imports: [CompetitorsModule], providers: [DiscoveryProcessor] })
export class CompetitorJobsModule {}
