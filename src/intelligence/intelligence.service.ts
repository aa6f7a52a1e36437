import { Injectable } from '@nestjs/common';
import type { AccountContext } from '../accounts/account-context';
import type { BlogFields, ChangelogFields, HomepageFields, MonitorType } from '../capture/capture.types';
import { ScopedLookup } from '../scoping/scoped-lookup';
import type { CompetitorProfileDto } from './dto/competitor-profile.response';
import { type MatrixCompetitor, type PricingMatrix, toMatrixCompetitor, toPlanDto } from './dto/pricing-matrix.response';
import { IntelligenceRepository, planChangeKey, type PricingScope, type SurfaceRow } from './intelligence.repository';
import { planPaths } from './plan-changes';
import { priceRange } from './price-range';
import { publicationCadence } from './publication-dates';

const RECENT_CHANGES = 10;
const CADENCE_DAYS = 90;

/** The pricing matrix and competitor profiles, read from stored captures and changes only. */
@Injectable()
export class IntelligenceService {
  constructor(
    private readonly repository: IntelligenceRepository,
    private readonly scope: ScopedLookup,
  ) {}

  async pricingMatrix(account: AccountContext, workspaceId: number, asOf = new Date()): Promise<PricingMatrix> {
    const workspace = await this.scope.workspace(account.accountId, workspaceId);
    const competitors = await this.pricing({ workspaceId: workspace.id }, asOf);
    competitors.sort((a, b) => a.name.localeCompare(b.name) || a.competitor_id - b.competitor_id);
    return { workspace_id: workspace.id, as_of: asOf.toISOString(), competitors };
  }

  async profile(account: AccountContext, competitorId: number): Promise<CompetitorProfileDto> {
    const competitor = await this.scope.competitor(account.accountId, competitorId);
    const now = new Date();
    const [[pricing], surfaces, recent] = await Promise.all([
      this.pricing({ competitorId: competitor.id }, now),
      this.repository.surfaces(competitor.id),
      this.repository.recentChanges(competitor.id, RECENT_CHANGES),
    ]);
    const latest = await this.latestFields(surfaces);
    const homepage = latest('homepage') as HomepageFields | null;
    const releases = publicationCadence((latest('changelog') as ChangelogFields | null)?.entries?.map((e) => e.date) ?? [], now, CADENCE_DAYS);
    const posts = publicationCadence((latest('blog') as BlogFields | null)?.posts?.map((p) => p.date) ?? [], now, CADENCE_DAYS);
    const plans = (pricing?.plans ?? []).map(toPlanDto);
    return {
      competitor_id: competitor.id,
      name: competitor.name,
      homepage_url: competitor.homepage_url,
      logo_url: competitor.logo_url,
      headline: homepage?.headline ?? null,
      plans,
      price_range: priceRange(plans),
      recent_changes: recent.map((c) => ({
        id: c.id,
        severity: c.severity,
        summary: c.summary,
        monitor_type: c.monitor_type,
        created_at: c.created_at.toISOString(),
      })),
      releases_last_90_days: releases.count,
      posts_last_90_days: posts.count,
      last_release_at: releases.latest,
      last_post_at: posts.latest,
      surfaces: surfaces.map((s) => ({
        monitor_id: s.id,
        monitor_type: s.monitor_type,
        url: s.url,
        status: s.status,
        last_checked_at: s.last_checked_at ? s.last_checked_at.toISOString() : null,
      })),
    };
  }

  /** The workspace a competitor of this account belongs to (the application's navigation). */
  async workspaceOf(account: AccountContext, competitorId: number): Promise<number> {
    return (await this.scope.competitor(account.accountId, competitorId)).workspace_id;
  }

  /** Each competitor's plans from its pricing capture current at `asOf`, with when each plan last changed. */
  private async pricing(scope: PricingScope, asOf: Date): Promise<MatrixCompetitor[]> {
    const captures = await this.repository.pricingCaptures(scope, asOf);
    const paths = captures.map((capture) => planPaths(capture.plans ?? []));
    const times = await this.repository.planChangeTimes(
      captures.flatMap((capture, i) => [...paths[i].values()].map((planPath) => ({ monitorId: capture.monitor_id, planPath }))),
      asOf,
    );
    return captures.map((capture, i) =>
      toMatrixCompetitor(capture, (plan) => {
        const path = paths[i].get(plan);
        return path === undefined ? undefined : times.get(planChangeKey(capture.monitor_id, path));
      }),
    );
  }

  /** The latest capture's fields per monitor type (the first monitor of the type that has one). */
  private async latestFields(surfaces: SurfaceRow[]): Promise<(type: MonitorType) => unknown> {
    const wanted = surfaces.filter((s) => s.last_snapshot_id !== null && ['blog', 'changelog', 'homepage'].includes(s.monitor_type));
    const fields = await this.repository.fieldsOf(wanted.map((s) => Number(s.last_snapshot_id)));
    return (type) => {
      const surface = wanted.find((s) => s.monitor_type === type);
      return surface ? (fields.get(Number(surface.last_snapshot_id)) ?? null) : null;
    };
  }
}
