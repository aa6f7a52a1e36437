import { Global, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';

@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl ? new BullMqJobQueue(config.redisUrl, config.redisPrefix) : new InProcessJobQueue(),
    },
  ],
  exports: [JobQueue],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(private readonly jobs: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
