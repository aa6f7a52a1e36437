import { InProcessQueue } from './in-process-queue';
import type { QueueJob } from './job-queue';
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, QUEUES, type WebhookJob } from './queue.constants';

/** Lets queued microtasks and already-due timers run. */
const flush = () => jest.advanceTimersByTimeAsync(0);

describe('InProcessQueue (the embedded mode)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a job once per id, with the attempts of its queue', async () => {
    const queue = new InProcessQueue<WebhookJob>(QUEUES.webhooks);
    const seen: QueueJob<WebhookJob>[] = [];
    queue.consume(async (job) => void seen.push(job), 1);
    await queue.add(QUEUES.webhooks, { deliveryId: 7 }, { jobId: 'webhook-7-1' });
    await queue.add(QUEUES.webhooks, { deliveryId: 7 }, { jobId: 'webhook-7-1' });
    await flush();
    expect(seen).toEqual([{ id: 'webhook-7-1', name: 'webhooks', data: { deliveryId: 7 }, attemptsMade: 0, attempts: JOB_ATTEMPTS.webhooks }]);
    expect(await queue.getJobState('webhook-7-1')).toBe('unknown');
  });

  it('retries a failing job after the doubling back-off, then gives up after its attempts', async () => {
    const queue = new InProcessQueue<WebhookJob>(QUEUES.webhooks);
    const attempts: number[] = [];
    queue.consume(async (job) => {
      attempts.push(job.attemptsMade);
      throw new Error('receiver down');
    }, 1);
    await queue.add(QUEUES.webhooks, { deliveryId: 1 }, { jobId: 'webhook-1-1' });
    await flush();
    expect(attempts).toEqual([0]);
    await jest.advanceTimersByTimeAsync(JOB_BACKOFF_MS - 1);
    expect(attempts).toEqual([0]);
    expect(await queue.getJobCounts('delayed', 'waiting')).toEqual({ delayed: 1, waiting: 0 });
    await jest.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([0, 1]);
    await jest.advanceTimersByTimeAsync(2 * JOB_BACKOFF_MS + 4 * JOB_BACKOFF_MS);
    expect(attempts).toEqual([0, 1, 2, 3]);
    expect(await queue.getJobState('webhook-1-1')).toBe('unknown');
    expect(await queue.getJobCounts()).toEqual({ waiting: 0, active: 0, delayed: 0 });
  });

  it('holds a delayed job until its delay has passed', async () => {
    const queue = new InProcessQueue<WebhookJob>(QUEUES.webhooks);
    const run = jest.fn().mockResolvedValue(undefined);
    queue.consume(run, 1);
    await queue.add(QUEUES.webhooks, { deliveryId: 2 }, { jobId: 'webhook-2-2', delay: 1000 });
    await jest.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    expect(await queue.getJobState('webhook-2-2')).toBe('waiting');
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at most `concurrency` jobs at a time, and drains the running ones without starting more', async () => {
    const queue = new InProcessQueue<WebhookJob>(QUEUES.webhooks);
    const finish: (() => void)[] = [];
    queue.consume(() => new Promise<void>((resolve) => finish.push(resolve)), 2);
    await queue.addBulk([1, 2, 3].map((deliveryId) => ({ name: QUEUES.webhooks, data: { deliveryId } })));
    await flush();
    expect(await queue.getJobCounts('active', 'waiting')).toEqual({ active: 2, waiting: 1 });
    let drained = false;
    void queue.drain().then(() => (drained = true));
    finish[0]();
    await jest.advanceTimersByTimeAsync(50);
    expect(drained).toBe(false);
    expect(finish).toHaveLength(2);
    finish[1]();
    await jest.advanceTimersByTimeAsync(50);
    expect(drained).toBe(true);
    expect(finish).toHaveLength(2);
  });
});
