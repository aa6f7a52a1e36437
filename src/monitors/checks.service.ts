import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AccountContext } from '../accounts/account-context';
import { QuotaService } from '../billing/quota.service';
import { retryingTransaction } from '../database/retrying-transaction';
import { DomainError, ErrorCode } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { InjectJobQueue, type JobQueue } from '../queue/job-queue';
import { QueueAvailability } from '../queue/queue-availability';
import { CheckJob, CHECKS_PER_JOB, jobIds, QUEUES } from '../queue/queue.constants';
import { ScopedLookup } from '../scoping/scoped-lookup';
import type { RunKind } from './run.types';
import { RunsRepository } from './runs.repository';
import { MonitorsRepository } from './monitors.repository';

export interface RefreshResult {
  status: 'queued';
  count: number;
  skipped: number;
  skipped_ids: number[];
}

/** Queues checks: on-demand (throttled, paid from the quota), refresh, baselines. */
@Injectable()
export class ChecksService {
  private readonly logger = new Logger('Checks');

  constructor(
    private readonly db: DataSource,
    private readonly monitors: MonitorsRepository,
    private readonly runs: RunsRepository,
    private readonly quota: QuotaService,
    private readonly scope: ScopedLookup,
    @InjectJobQueue(QUEUES.checks) private readonly queue: JobQueue<CheckJob>,
    private readonly availability: QueueAvailability,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Queues an on-demand check: 429 `refresh_throttled` inside the throttle interval; while a run
   * of the monitor is still in flight (a scheduled one, say), that run is the answer and nothing
   * is spent, so one monitor never has two runs at once.
   */
  async checkNow(account: AccountContext, monitorId: number): Promise<{ status: 'queued'; monitor_id: number; run_id: number }> {
    await this.scope.monitor(account.accountId, monitorId);
    this.availability.assertAvailable();
    const { runId, created } = await retryingTransaction(this.db, async (manager) => {
      await this.scope.lockAccount(account.accountId, manager);
      await this.monitors.lock([monitorId], manager);
      const wait = await this.monitors.throttleWait(monitorId, this.config.checkMinIntervalSeconds, manager);
      if (wait > 0) {
        throw new DomainError(ErrorCode.RefreshThrottled, `this monitor was checked recently; retry in ${wait} s`, {
          retryAfter: wait,
        });
      }
      const inFlight = await this.runs.inFlight(monitorId, manager);
      if (inFlight) return { runId: inFlight.id, created: false };
      await this.quota.spend(account.accountId, account.plan, 1, manager);
      await this.monitors.markCheckStarted(monitorId, manager);
      return { runId: (await this.runs.createPending(monitorId, 'on_demand', manager)).id, created: true };
    });
    if (created) await this.enqueueRecorded([runId]);
    return { status: 'queued', monitor_id: monitorId, run_id: runId };
  }

  /**
   * Queues an on-demand check for each active monitor; paused, throttled, already running or
   * unpaid ones are skipped (and nothing is spent for them).
   */
  async refresh(account: AccountContext, workspaceId: number, competitorId?: number): Promise<RefreshResult> {
    await this.scope.workspace(account.accountId, workspaceId);
    if (competitorId !== undefined) {
      const competitor = await this.scope.competitor(account.accountId, competitorId);
      if (competitor.workspace_id !== workspaceId) throw new DomainError(ErrorCode.NotFound, 'competitor not found');
    }
    await this.assertNoDiscovery(workspaceId);
    this.availability.assertAvailable();
    const monitors = await this.monitors.list({ workspaceId, competitorIds: competitorId ? [competitorId] : undefined });
    const ids = monitors.map((m) => m.id);
    const { queued, skipped } = await retryingTransaction(this.db, async (manager) => {
      const queued: number[] = [];
      const skipped: number[] = [];
      await this.scope.lockAccount(account.accountId, manager);
      await this.monitors.lock(ids, manager);
      const inFlight = await this.runs.monitorsInFlight(ids, manager);
      for (const monitor of monitors) {
        const available =
          monitor.status === 'active' &&
          !inFlight.has(monitor.id) &&
          (await this.monitors.throttleWait(monitor.id, this.config.checkMinIntervalSeconds, manager)) === 0 &&
          (await this.quota.trySpend(account.accountId, account.plan, 1, manager));
        if (!available) {
          skipped.push(monitor.id);
          continue;
        }
        await this.monitors.markCheckStarted(monitor.id, manager);
        queued.push((await this.runs.createPending(monitor.id, 'on_demand', manager)).id);
      }
      return { queued, skipped };
    });
    await this.enqueueRecorded(queued);
    return { status: 'queued', count: queued.length, skipped: skipped.length, skipped_ids: skipped };
  }

  /** Records a pending run inside the caller's transaction; enqueue its id after commit. */
  async createRun(monitorId: number, kind: RunKind, manager: EntityManager): Promise<number> {
    if (kind !== 'scheduled') await this.monitors.markRunStarted(monitorId, manager);
    return (await this.runs.createPending(monitorId, kind, manager)).id;
  }

  /** Queues the runs `CHECKS_PER_JOB` to a job, in one call. */
  async enqueue(runIds: number[]): Promise<void> {
    if (!runIds.length) return;
    const jobs: { name: string; data: CheckJob; opts: { jobId: string } }[] = [];
    for (let i = 0; i < runIds.length; i += CHECKS_PER_JOB) {
      const chunk = runIds.slice(i, i + CHECKS_PER_JOB);
      jobs.push({ name: QUEUES.checks, data: chunk.length === 1 ? { runId: chunk[0] } : { runIds: chunk }, opts: { jobId: jobIds.check(chunk[0]) } });
    }
    await this.queue.addBulk(jobs);
  }

  /** Throws 503 `service_unavailable` now if the queue cannot take jobs (before anything is recorded). */
  assertQueueAvailable(): void {
    this.availability.assertAvailable();
  }

  /**
   * Queues runs a request has just recorded, waiting on the queue at most briefly. If Redis went
   * away since the availability check, the runs stay `pending` in Postgres, the source of truth,
   * and the scheduler's sweep queues them when it is back: the request still succeeds.
   */
  async enqueueRecorded(runIds: number[]): Promise<void> {
    try {
      await this.availability.within(this.enqueue(runIds));
    } catch (err) {
      this.logger.warn(`runs ${runIds.join(', ')} not queued now (${(err as Error).message}); the sweep will queue them`);
    }
  }

  private async assertNoDiscovery(workspaceId: number): Promise<void> {
    const active = await this.scope.activeDiscovery(workspaceId);
    if (active) {
      throw new DomainError(ErrorCode.DiscoveryInProgress, 'a competitor discovery is running in this workspace', {
        extra: { active_competitor_id: active.id },
      });
    }
  }
}
