import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { QueueJob } from './job-queue';
import type { PayloadByQueue, QueueName } from './queue.constants';

/** What a queue's consumer does with one attempt at a job; throwing asks for another attempt. */
export interface JobProcessor<Payload> {
  process(job: QueueJob<Payload>): Promise<void>;
}

/** The queue a processor class consumes (read by `JobConsumers` through Nest's `DiscoveryService`). */
export const PROCESSOR_OF = DiscoveryService.createDecorator<QueueName>();

/**
 * Marks a provider as the consumer of a queue: `@JobProcessor(QUEUES.checks) class CheckProcessor
 * implements JobProcessor<CheckJob>`. The compiler checks that the class takes that queue's payload.
 * Provide it in the feature's `jobs/` module, which only roles that run workers load.
 */
export function JobProcessor<Q extends QueueName>(queue: Q) {
  return <C extends new (...args: never[]) => JobProcessor<PayloadByQueue[Q]>>(target: C): void => {
    applyDecorators(Injectable(), PROCESSOR_OF(queue))(target);
  };
}
