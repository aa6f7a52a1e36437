import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors.module';
import { CheckProcessor } from './check.processor';

/** The checks queue's consumer; only roles that run workers load it (`WorkerModule`). */
@Module({ imports: [MonitorsModule], providers: [CheckProcessor] })
export class MonitorJobsModule {}
