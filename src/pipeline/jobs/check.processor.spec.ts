import type { AppConfig } from '../../config/config';
import type { QueueJob } from '../../queue/job-queue';
import type { CheckJob } from '../../queue/queue.constants';
import type { CheckRunner } from '../check-runner.service';
import { CheckProcessor } from './check.processor';

function lastAttempt(): QueueJob<CheckJob> {
  return { id: 'check-7', name: 'checks', data: { runId: 7 }, attemptsMade: 5, attempts: 6 };
}

function processorFailingWith(err: Error): { processor: CheckProcessor; giveUp: jest.Mock } {
  const giveUp = jest.fn().mockResolvedValue(undefined);
  const runner = { run: jest.fn().mockRejectedValue(err), giveUp } as unknown as CheckRunner;
  return { processor: new CheckProcessor(runner, { workerConcurrency: 4 } as AppConfig), giveUp };
}

describe('CheckProcessor on its last attempt', () => {
  it('fails the run when the check itself keeps failing', async () => {
    const { processor, giveUp } = processorFailingWith(new Error('extraction crashed'));
    await processor.process(lastAttempt());
    expect(giveUp).toHaveBeenCalledWith(7, 7, expect.any(Error));
  });

  it.each([
    ['Postgres refusing connections', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['Postgres shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
  ])('leaves the run for the sweep during an outage (%s): no paid check ends failed', async (_what, err) => {
    const { processor, giveUp } = processorFailingWith(err);
    await expect(processor.process(lastAttempt())).rejects.toBe(err);
    expect(giveUp).not.toHaveBeenCalled();
  });
});

describe('CheckProcessor with several checks in one job', () => {
  const job = (attemptsMade: number): QueueJob<CheckJob> => ({ id: 'check-11', name: 'checks', data: { runIds: [11, 12, 13] }, attemptsMade, attempts: 6 });

  function processorFailingOn(failing: number): { processor: CheckProcessor; run: jest.Mock; giveUp: jest.Mock } {
    const giveUp = jest.fn().mockResolvedValue(undefined);
    const run = jest.fn((runId: number) => (runId === failing ? Promise.reject(new Error('extraction crashed')) : Promise.resolve()));
    const processor = new CheckProcessor({ run, giveUp } as unknown as CheckRunner, { workerConcurrency: 2 } as AppConfig);
    return { processor, run, giveUp };
  }

  it('runs every check for the job named after its first run', async () => {
    const { processor, run } = processorFailingOn(0);
    await processor.process(job(0));
    expect(run.mock.calls).toEqual([
      [11, 11],
      [12, 11],
      [13, 11],
    ]);
  });

  it('is tried again while attempts remain when one check fails', async () => {
    const { processor, giveUp } = processorFailingOn(12);
    await expect(processor.process(job(0))).rejects.toThrow('extraction crashed');
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('fails only the check that keeps failing on the last attempt', async () => {
    const { processor, giveUp } = processorFailingOn(12);
    await processor.process(job(5));
    expect(giveUp.mock.calls).toEqual([[12, 11, expect.any(Error)]]);
  });
});
