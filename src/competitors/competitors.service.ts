import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountContext } from '../accounts/account-context';
import { QuotaService } from '../billing/quota.service';
import { retryingTransaction } from '../database/retrying-transaction';
import { DomainError, ErrorCode } from '../common/errors';
import { domainOf, normalizeHomepageUrl } from '../common/homepage-url';
import { uniqueViolation } from '../common/pg-errors';
import { slugify } from '../common/slug';
import { TargetUrlValidator } from '../common/target-url';
import { MonitorsRepository } from '../monitors/monitors.repository';
import { assertCadenceAllowed } from '../monitors/monitors.service';
import { toMonitor } from '../monitors/dto/monitor.response';
import { InjectJobQueue, type JobQueue } from '../queue/job-queue';
import { QueueAvailability } from '../queue/queue-availability';
import { DiscoveryJob, jobIds, QUEUES } from '../queue/queue.constants';
import { ScopedLookup } from '../scoping/scoped-lookup';
import { CompetitorsRepository, CompetitorRow } from './competitors.repository';
import { AddCompetitorDto, UpdateCompetitorDto } from './dto/competitor.dto';
import {
  AddCompetitorResponse,
  CompetitorDetailDto,
  CompetitorListItemDto,
  DiscoveryStatusResponse,
  NoteDto,
  toCompetitorDetail,
  toCompetitorListItem,
  toNote,
} from './dto/competitor.response';
import { transaction } from '../database/transaction-context';

function discoveryInProgress(activeId: number): DomainError {
  return new DomainError(ErrorCode.DiscoveryInProgress, 'a competitor discovery is running in this workspace', {
    extra: { active_competitor_id: activeId },
  });
}

function discovering(competitor: CompetitorRow): AddCompetitorResponse {
  return {
    status: 'discovering',
    url: competitor.homepage_url,
    competitor: {
      id: competitor.id,
      name: competitor.name,
      discovery_status: competitor.discovery_status,
      homepage_url: competitor.homepage_url,
    },
  };
}

@Injectable()
export class CompetitorsService {
  constructor(
    private readonly db: DataSource,
    private readonly competitors: CompetitorsRepository,
    private readonly monitors: MonitorsRepository,
    private readonly quota: QuotaService,
    private readonly scope: ScopedLookup,
    private readonly urls: TargetUrlValidator,
    @InjectJobQueue(QUEUES.discovery) private readonly queue: JobQueue<DiscoveryJob>,
    private readonly availability: QueueAvailability,
  ) {}

  async list(account: AccountContext, workspaceId: number): Promise<CompetitorListItemDto[]> {
    await this.scope.workspace(account.accountId, workspaceId);
    const [rows, monitors] = await Promise.all([this.competitors.list(workspaceId), this.monitors.list({ workspaceId })]);
    return rows.map((row) => toCompetitorListItem(row, monitors.filter((m) => m.competitor_id === row.id)));
  }

  async get(account: AccountContext, id: number): Promise<CompetitorDetailDto> {
    const row = await this.scope.competitor(account.accountId, id);
    return this.detail(row);
  }

  private async detail(row: CompetitorRow): Promise<CompetitorDetailDto> {
    const [monitors, notes] = await Promise.all([
      this.monitors.list({ workspaceId: row.workspace_id, competitorIds: [row.id] }),
      this.competitors.notes(row.id),
    ]);
    return toCompetitorDetail(row, monitors.map(toMonitor), notes);
  }

  /**
   * Starts a discovery (spends one check for the homepage capture). A duplicate URL answers
   * 200 with the existing competitor, unless its discovery failed: then it is discovered again
   * (DESIGN §6.23). A second discovery in the workspace is 409, also under a race.
   */
  async add(account: AccountContext, workspaceId: number, body: AddCompetitorDto): Promise<{ created: boolean; body: AddCompetitorResponse }> {
    await this.scope.workspace(account.accountId, workspaceId);
    const url = await this.urls.check(body.url, 'url');
    const normalized = normalizeHomepageUrl(url.toString());
    const existing = await this.competitors.byNormalizedUrl(workspaceId, normalized);
    if (existing?.discovery_status === 'failed') return this.retry(account, existing, url.toString());
    if (existing) return { created: false, body: await this.existing(existing, url.toString()) };
    const active = await this.competitors.activeDiscovery(workspaceId);
    // A concurrent add of this same URL may have committed since the lookup above: still a duplicate.
    if (active?.normalized_url === normalized) return { created: false, body: await this.existing(active, url.toString()) };
    if (active) throw discoveryInProgress(active.id);
    this.availability.assertAvailable();
    let competitor: CompetitorRow;
    try {
      competitor = await retryingTransaction(this.db, async () => {
        await this.scope.lockAccount(account.accountId);
        await this.quota.spend(account.accountId, account.plan, 1);
        const domain = domainOf(url.toString());
        return this.competitors.insert({
          account_id: account.accountId,
          workspace_id: workspaceId,
          name: domain,
          homepage_url: url.toString(),
          normalized_url: normalized,
          domain,
          slug: slugify(domain.replace(/\.[a-z]+$/, ''), 'competitor'),
          monitor_types: body.monitor_types ?? null,
        });
      });
    } catch (err) {
      const violated = uniqueViolation(err);
      if (violated === null) throw err;
      const duplicate = await this.competitors.byNormalizedUrl(workspaceId, normalized);
      if (duplicate) return { created: false, body: await this.existing(duplicate, url.toString()) };
      const racing = await this.competitors.activeDiscovery(workspaceId);
      if (racing) throw discoveryInProgress(racing.id);
      throw err;
    }
    await this.availability.within(this.queue.add(QUEUES.discovery, { competitorId: competitor.id }, { jobId: jobIds.discovery(competitor.id) }));
    return { created: true, body: discovering(competitor) };
  }

  /** A failed discovery run again on the same competitor: one more check, the same id, 202. */
  private async retry(account: AccountContext, failed: CompetitorRow, url: string): Promise<{ created: boolean; body: AddCompetitorResponse }> {
    const active = await this.competitors.activeDiscovery(failed.workspace_id);
    if (active) throw discoveryInProgress(active.id);
    this.availability.assertAvailable();
    let competitor: CompetitorRow | null;
    try {
      competitor = await transaction(this.db, async () => {
        const reset = await this.competitors.retryDiscovery(failed.id);
        if (reset) await this.quota.spend(account.accountId, account.plan, 1);
        return reset;
      });
    } catch (err) {
      if (uniqueViolation(err) === null) throw err;
      const racing = await this.competitors.activeDiscovery(failed.workspace_id);
      if (racing) throw discoveryInProgress(racing.id);
      throw err;
    }
    // Another request retried it first: its discovery is under way, so this one is a duplicate.
    if (!competitor) return { created: false, body: await this.existing(await this.scope.competitor(account.accountId, failed.id), url) };
    const jobId = jobIds.discovery(competitor.id, failed.discovery_finished_at ?? failed.created_at);
    await this.availability.within(this.queue.add(QUEUES.discovery, { competitorId: competitor.id }, { jobId }));
    return { created: true, body: discovering(competitor) };
  }

  private async existing(row: CompetitorRow, url: string): Promise<AddCompetitorResponse> {
    const monitors = await this.monitors.list({ workspaceId: row.workspace_id, competitorIds: [row.id] });
    return { status: 'exists', url, competitor: toCompetitorListItem(row, monitors) };
  }

  async update(account: AccountContext, id: number, body: UpdateCompetitorDto): Promise<CompetitorDetailDto> {
    const row = await this.scope.competitor(account.accountId, id);
    assertCadenceAllowed(account.plan, body.cadence);
    await transaction(this.db, () => this.monitors.updateForCompetitor(id, body));
    return this.detail(row);
  }

  async remove(account: AccountContext, id: number): Promise<{ deleted: true; id: number }> {
    await this.scope.competitor(account.accountId, id);
    await this.competitors.delete(id);
    return { deleted: true, id };
  }

  async discoveryStatus(account: AccountContext, id: number): Promise<DiscoveryStatusResponse> {
    const row = await this.scope.competitor(account.accountId, id);
    return {
      discovery_status: row.discovery_status,
      competitor: { id: row.id, name: row.name, discovery_status: row.discovery_status },
    };
  }

  async addNote(account: AccountContext, id: number, body: string): Promise<NoteDto> {
    await this.scope.competitor(account.accountId, id);
    return toNote(await this.competitors.addNote(id, body));
  }
}
