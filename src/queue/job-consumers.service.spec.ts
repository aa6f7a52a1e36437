import { Test } from '@nestjs/testing';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { JobConsumers } from './job-consumers.service';
import { JobProcessor } from './job-processor';
import type { QueueJob } from './job-queue';
import { InProcessDriver } from './in-process-driver';
import { QueueDriver } from './queue-driver';
import { CheckJob, DiscoveryJob, EvidenceJob, QUEUES, WebhookJob } from './queue.constants';

@JobProcessor(QUEUES.checks)
class Checks implements JobProcessor<CheckJob> {
  readonly done: QueueJob<CheckJob>[] = [];
  async process(job: QueueJob<CheckJob>): Promise<void> {
    this.done.push(job);
  }
}
@JobProcessor(QUEUES.discovery)
class Discovery implements JobProcessor<DiscoveryJob> {
  async process(): Promise<void> {}
}
@JobProcessor(QUEUES.evidence)
class Evidence implements JobProcessor<EvidenceJob> {
  async process(): Promise<void> {}
}
@JobProcessor(QUEUES.webhooks)
class Webhooks implements JobProcessor<WebhookJob> {
  async process(): Promise<void> {}
}

async function boot(role: AppConfig['role'], processors: (new (...args: never[]) => unknown)[]) {
  const driver = new InProcessDriver();
  const consume = jest.spyOn(driver, 'consume');
  const stopConsuming = jest.spyOn(driver, 'stopConsuming');
  const config = { role, workerConcurrency: 7, shutdownGraceSeconds: 1 } as AppConfig;
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [JobConsumers, { provide: QueueDriver, useValue: driver }, { provide: APP_CONFIG, useValue: config }, ...processors],
  }).compile();
  const app = module.createNestApplication();
  const consumed = () => new Map(consume.mock.calls.map(([queue, , concurrency]) => [queue, concurrency]));
  return { app, driver, consumed, stopConsuming, init: () => app.init() };
}

const ALL = [Checks, Discovery, Evidence, Webhooks];

describe('JobConsumers', () => {
  it.each(['all', 'worker'] as const)('role %s: every queue is consumed by its processor, checks at WORKER_CONCURRENCY', async (role) => {
    const { app, driver, consumed, stopConsuming, init } = await boot(role, ALL);
    await init();
    expect([...consumed().keys()].sort()).toEqual(['checks', 'discovery', 'evidence', 'webhooks']);
    expect(consumed().get('checks')).toBe(7);
    await driver.queue(QUEUES.checks).add(QUEUES.checks, { runIds: [1, 2] }, { jobId: 'check-1' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(app.get(Checks).done).toEqual([{ id: 'check-1', name: 'checks', data: { runIds: [1, 2] }, attemptsMade: 0, attempts: 6 }]);
    await app.close();
    expect(stopConsuming).toHaveBeenCalled();
  });

  it.each(['api', 'scheduler'] as const)('role %s: nothing is consumed, even with processors loaded', async (role) => {
    const { app, consumed, init } = await boot(role, ALL);
    await init();
    expect(consumed().size).toBe(0);
    await app.close();
  });

  it('refuses to start a worker when a queue has no processor', async () => {
    const { init } = await boot('worker', [Checks, Discovery, Evidence]);
    await expect(init()).rejects.toThrow('no @JobProcessor for the webhooks queue');
  });
});
