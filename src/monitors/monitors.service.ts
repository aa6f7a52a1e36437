import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountContext } from '../accounts/account-context';
import { cadenceAllowed, type Cadence, type Plan } from '../billing/plan';
import { QuotaService } from '../billing/quota.service';
import { retryingTransaction } from '../database/retrying-transaction';
import { toCapture } from '../capture/capture.response';
import { SnapshotsRepository } from '../capture/snapshots.repository';
import { DomainError, ErrorCode } from '../common/errors';
import { parseInclude } from '../common/include';
import { TargetUrlValidator } from '../common/target-url';
import { ScopedLookup } from '../scoping/scoped-lookup';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ChecksService } from './checks.service';
import { CreateMonitorDto, UpdateMonitorDto } from './dto/monitor.dto';
import { MonitorDto, toMonitor } from './dto/monitor.response';
import { MonitorsRepository } from './monitors.repository';

export function assertCadenceAllowed(plan: Plan, cadence: Cadence | undefined): void {
  if (cadence && !cadenceAllowed(plan, cadence)) {
    throw new DomainError(
      ErrorCode.CadenceNotAllowed,
      `cadence ${cadence} is faster than the ${plan.name} plan allows (at most ${plan.min_cadence})`,
    );
  }
}

export function planLimitExceeded(resource: 'workspaces' | 'monitors', limit: number): DomainError {
  return new DomainError(ErrorCode.PlanLimitExceeded, `the plan allows at most ${limit} ${resource}`, {
    extra: { resource, limit },
  });
}

@Injectable()
export class MonitorsService {
  constructor(
    private readonly db: DataSource,
    private readonly monitors: MonitorsRepository,
    private readonly snapshots: SnapshotsRepository,
    private readonly checks: ChecksService,
    private readonly quota: QuotaService,
    private readonly scope: ScopedLookup,
    private readonly urls: TargetUrlValidator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(account: AccountContext, workspaceId: number | undefined, competitorId?: number): Promise<MonitorDto[]> {
    if (workspaceId === undefined) throw new DomainError(ErrorCode.WorkspaceRequired, 'workspace_id is required');
    await this.scope.workspace(account.accountId, workspaceId);
    const rows = await this.monitors.list({ workspaceId, competitorIds: competitorId ? [competitorId] : undefined });
    return rows.map(toMonitor);
  }

  async get(account: AccountContext, id: number, includeRaw?: string): Promise<MonitorDto> {
    const include = parseInclude(includeRaw, ['capture', 'capture_markdown'] as const);
    await this.scope.monitor(account.accountId, id);
    const row = (await this.monitors.withLastRun(id))!;
    const dto = toMonitor(row);
    if (include.size) {
      const snapshot = row.last_snapshot_id ? await this.snapshots.byId(row.last_snapshot_id) : null;
      dto.capture = snapshot
        ? toCapture(snapshot, { fields: include.has('capture'), markdown: include.has('capture_markdown') })
        : null;
    }
    return dto;
  }

  /** Creates the monitor and queues its baseline, which spends one check. */
  async create(account: AccountContext, body: CreateMonitorDto): Promise<MonitorDto> {
    assertCadenceAllowed(account.plan, body.cadence);
    const competitor = await this.scope.competitor(account.accountId, body.competitor_id);
    const url = await this.urls.check(body.url, 'url');
    this.checks.assertQueueAvailable();
    const { monitorId, runId } = await retryingTransaction(this.db, async () => {
      await this.scope.lockAccount(account.accountId);
      const count = await this.monitors.countForAccount(account.accountId);
      if (count >= account.plan.max_monitors) throw planLimitExceeded('monitors', account.plan.max_monitors);
      await this.quota.spend(account.accountId, account.plan, 1);
      const monitor = await this.monitors.insert({
        account_id: account.accountId,
        workspace_id: competitor.workspace_id,
        competitor_id: competitor.id,
        name: body.name ?? `${competitor.name} ${body.monitor_type}`,
        url: url.toString(),
        monitor_type: body.monitor_type,
        cadence: body.cadence ?? 'daily',
      });
      return { monitorId: monitor.id, runId: await this.checks.createRun(monitor.id, 'baseline') };
    });
    await this.checks.enqueueRecorded([runId]);
    return toMonitor((await this.monitors.withLastRun(monitorId))!);
  }

  async update(account: AccountContext, id: number, body: UpdateMonitorDto): Promise<MonitorDto> {
    await this.scope.monitor(account.accountId, id);
    assertCadenceAllowed(account.plan, body.cadence);
    const url = body.url ? (await this.urls.check(body.url, 'url')).toString() : undefined;
    await this.monitors.update(id, { ...body, url });
    return toMonitor((await this.monitors.withLastRun(id))!);
  }

  async remove(account: AccountContext, id: number): Promise<{ deleted: true; id: number }> {
    await this.scope.monitor(account.accountId, id);
    await this.monitors.delete(id);
    return { deleted: true, id };
  }
}
