import type { Job } from 'bullmq';
import type { CheckJob } from '../../queue/queue.constants';
import type { CheckRunner } from '../check-runner.service';
import { CheckProcessor } from './check.processor';

function lastAttempt(): Job<CheckJob> {
  return { id: 'check-7', data: { runId: 7 }, attemptsMade: 5, opts: { attempts: 6 } } as unknown as Job<CheckJob>;
}

function processorFailingWith(err: Error): { processor: CheckProcessor; giveUp: jest.Mock } {
  const giveUp = jest.fn().mockResolvedValue(undefined);
  const runner = { run: jest.fn().mockRejectedValue(err), giveUp } as unknown as CheckRunner;
  return { processor: new CheckProcessor(runner), giveUp };
}

describe('CheckProcessor on its last attempt', () => {
  it('fails the run when the check itself keeps failing', async () => {
    const { processor, giveUp } = processorFailingWith(new Error('extraction crashed'));
    await processor.process(lastAttempt());
    expect(giveUp).toHaveBeenCalledWith(7, expect.any(Error));
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
