import { DynamicModule, Module, Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/config';
import { BullMqDriver } from './bullmq-driver';
import { InProcessDriver } from './in-process-driver';
import { JobConsumers } from './job-consumers.service';
import { queueToken } from './job-queue';
import { QueueAvailability } from './queue-availability';
import { QueueDriver } from './queue-driver';
import { QueueName } from './queue.constants';

/**
 * The job queues. `forRoot` (once, in the root module) picks the driver from the configuration:
 * BullMQ with a REDIS_URL, in process without. A feature module imports `forFeature(QUEUES.x)`
 * for each queue it adds jobs to, and provides its `@JobProcessor` in its `jobs/` module.
 */
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    const driver: Provider = {
      provide: QueueDriver,
      useFactory: () => (config.redisUrl ? new BullMqDriver(config.redisUrl, config.redisPrefix) : new InProcessDriver()),
    };
    return {
      module: QueueModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [driver, JobConsumers, QueueAvailability],
      exports: [QueueDriver, JobConsumers, QueueAvailability],
    };
  }

  /** The queues of these names, injectable with `@InjectJobQueue(name)`. */
  static forFeature(...names: QueueName[]): DynamicModule {
    const queues: Provider[] = names.map((name) => ({ provide: queueToken(name), useFactory: (driver: QueueDriver) => driver.queue(name), inject: [QueueDriver] }));
    return { module: QueueModule, providers: queues, exports: queues };
  }
}
