import type { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../config/config';
import type { ChecksService } from '../monitors/checks.service';
import type { RunSweep } from '../monitors/run-sweep.service';
import type { ScheduledRunsRepository } from '../monitors/scheduled-runs.repository';
import type { DeliveryAttempts } from '../webhooks/delivery-attempts.service';
import type { DigestFlushService } from '../webhooks/digest-flush.service';
import type { NotificationsService } from '../webhooks/notifications.service';
import { CLAIM_BATCH, FIRST_CLAIM, SchedulerService } from './scheduler.service';

/** A scheduler over `due` due monitors: the sizes it claims by and the run ids it queues. */
function schedulerOver(due: number) {
  let left = due;
  let nextRun = 1;
  const claims: number[] = [];
  const queued: number[][] = [];
  const repository = {
    claimDue: async (limit: number) => {
      claims.push(limit);
      const n = Math.min(limit, left);
      left -= n;
      return Array.from({ length: n }, () => nextRun++);
    },
  } as unknown as ScheduledRunsRepository;
  const checks = { enqueue: async (runIds: number[]) => void queued.push(runIds) } as unknown as ChecksService;
  const unused = {} as never;
  const scheduler = new SchedulerService(
    repository,
    unused as RunSweep,
    checks,
    unused as DigestFlushService,
    unused as DeliveryAttempts,
    unused as NotificationsService,
    unused as SchedulerRegistry,
    unused as AppConfig,
  );
  return { scheduler, claims, queued };
}

describe('SchedulerService.enqueueDue', () => {
  it('claims a small batch first and twice as many each time after, so the first checks start at once', async () => {
    const { scheduler, claims, queued } = schedulerOver(500);
    expect(await scheduler.enqueueDue()).toBe(500);
    expect(claims).toEqual([FIRST_CLAIM, 2 * FIRST_CLAIM, 4 * FIRST_CLAIM, 8 * FIRST_CLAIM]);
    expect(queued.flat()).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it('never claims more than CLAIM_BATCH at once, and stops at the first batch that comes back short', async () => {
    const { scheduler, claims } = schedulerOver(3 * CLAIM_BATCH);
    expect(await scheduler.enqueueDue()).toBe(3 * CLAIM_BATCH);
    expect(Math.max(...claims)).toBe(CLAIM_BATCH);
    expect(claims.at(-1)).toBe(CLAIM_BATCH);
    expect(claims.filter((c) => c === CLAIM_BATCH).length).toBeGreaterThan(1);
  });

  it('claims once when nothing is due', async () => {
    const { scheduler, claims, queued } = schedulerOver(0);
    expect(await scheduler.enqueueDue()).toBe(0);
    expect(claims).toEqual([FIRST_CLAIM]);
    expect(queued).toEqual([[]]);
  });
});
