import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/config';
import { InProcessQueue } from './in-process-queue';
import { JobConsumers } from './job-consumers.service';
import { QueueAvailability } from './queue-availability';
import { jobOptions, QueueName, QUEUES } from './queue.constants';

const NAMES = Object.values(QUEUES) as QueueName[];

/**
 * Queues for every role. With Redis they are BullMQ queues (`BullModule`), consumed by the
 * `@Processor` classes of the roles that load them; in the embedded mode the same tokens hold
 * in-process queues that call the same processor classes.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    const shared: Provider[] = [JobConsumers, QueueAvailability];
    if (config.redisUrl) {
      const bull = [
        BullModule.forRoot({
          // Workers block on Redis; BullMQ requires unlimited retries per request on their connections.
          connection: { url: config.redisUrl, maxRetriesPerRequest: null },
          prefix: config.redisPrefix,
        }),
        BullModule.registerQueue(...NAMES.map((name) => ({ name, defaultJobOptions: jobOptions(name) }))),
      ];
      return { module: QueueModule, imports: [DiscoveryModule, ...bull], providers: shared, exports: [...bull, ...shared] };
    }
    const queues = NAMES.map((name) => ({ provide: getQueueToken(name), useValue: new InProcessQueue(name) }));
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [...queues, ...shared],
      exports: [...queues, ...shared],
    };
  }
}
