import { Injectable } from '@nestjs/common';
import { SEVERITIES } from '../common/severity';
import { runQueries } from '../database/run-queries';
import type { DigestPlan } from './digest-plan';
import { DigestItemRow, DigestRepository, MovementRow, type ThemeCandidateRow } from './digest.repository';
import { groupThemes, type ThemeCandidate } from './themes';
import { DAY_MS, PERIOD_DAYS, type DigestBody, type DigestItem, type OpportunityItem, type WhosMovingEntry } from './digest.types';
import { inTransaction } from '../database/transaction-context';

/** needs_review.count counts every matching change; the items show the most severe of them. */
export const NEEDS_REVIEW_ITEM_LIMIT = 50;
export const TOP_OPPORTUNITIES_LIMIT = 10;

/**
 * The one digest builder: the API digest and the digest.ready event differ only in their plan
 * (see digest-plan.ts), never in how a section is computed.
 */
@Injectable()
export class DigestBuilder {
  constructor(private readonly repository: DigestRepository) {}

  /** Inside the flush's transaction, the digest reads exactly what the flush took. */
  async build(plan: DigestPlan): Promise<DigestBody> {
    const days = PERIOD_DAYS[plan.period];
    const periodStart = new Date(plan.windowEnd.getTime() - days * DAY_MS);
    const { workspaceId, changes: scope } = plan;
    // Outside a transaction the queries run side by side on separate pool connections.
    const [movement, needsReview, opportunities, themeCandidates, coverage, consumption] = await runQueries(
      [
        () =>
          this.repository.movement(workspaceId, scope, { sparklineStart: periodStart, days, needsReviewMinRank: plan.needsReviewMinRank }),
        () => this.repository.needsReview(workspaceId, scope, { minRank: plan.needsReviewMinRank, limit: NEEDS_REVIEW_ITEM_LIMIT }),
        () => this.repository.topOpportunities(workspaceId, scope, { limit: TOP_OPPORTUNITIES_LIMIT }),
        () => this.repository.themeCandidates(workspaceId, scope),
        () => this.repository.coverage(workspaceId),
        () => this.repository.consumption(workspaceId, periodStart, plan.windowEnd),
      ] as const,
      inTransaction(),
    );
    const needsReviewCount = movement.reduce((sum, row) => sum + row.needs_review_n, 0);
    const needsReviewMax = maxOf(movement.map((row) => row.needs_review_max_rank));
    return {
      period: plan.period,
      window_start: plan.windowStart.toISOString(),
      window_end: plan.windowEnd.toISOString(),
      generated_at: plan.generatedAt.toISOString(),
      needs_review: {
        count: needsReviewCount,
        max_severity: needsReviewMax === null ? null : SEVERITIES[needsReviewMax],
        items: needsReview.map(toDigestItem),
      },
      whos_moving: whosMoving(movement, days),
      top_opportunities: opportunities.map(toOpportunityItem),
      themes: groupThemes(themeCandidates.map(toThemeCandidate)),
      coverage: {
        monitors_total: coverage.monitors_total,
        monitors_healthy: coverage.monitors_total - coverage.monitors_failing,
        monitors_failing: coverage.monitors_failing,
        failing_monitor_ids: coverage.failing_monitor_ids.map(Number),
      },
      consumption: { pending: consumption.pending, reviewed_in_period: consumption.reviewed_in_period },
    };
  }
}

export function toThemeCandidate(row: ThemeCandidateRow): ThemeCandidate {
  return {
    change_id: row.change_id,
    competitor_id: row.competitor_id,
    competitor: row.competitor,
    monitor_type: row.monitor_type,
    severity: row.severity,
    created_at: new Date(row.created_at),
    field_diffs: Array.isArray(row.field_diffs) ? row.field_diffs : [],
    keywords: Array.isArray(row.keywords) ? row.keywords.filter((k): k is string => typeof k === 'string') : [],
  };
}

/** Competitors with changes, busiest first; ties by top severity, then name. */
function whosMoving(rows: MovementRow[], days: number): WhosMovingEntry[] {
  const byCompetitor = new Map<number, { entry: WhosMovingEntry; maxRank: number }>();
  for (const row of rows) {
    let slot = byCompetitor.get(row.competitor_id);
    if (!slot) {
      slot = {
        entry: {
          competitor_id: row.competitor_id,
          competitor: row.competitor,
          logo_url: row.logo_url,
          count: 0,
          max_severity: SEVERITIES[row.max_rank],
          sparkline: new Array<number>(days).fill(0),
        },
        maxRank: row.max_rank,
      };
      byCompetitor.set(row.competitor_id, slot);
    }
    slot.entry.count += row.n;
    slot.entry.sparkline[row.day] += row.n;
    if (row.max_rank > slot.maxRank) {
      slot.maxRank = row.max_rank;
      slot.entry.max_severity = SEVERITIES[row.max_rank];
    }
  }
  return [...byCompetitor.values()]
    .sort(
      (a, b) =>
        b.entry.count - a.entry.count ||
        b.maxRank - a.maxRank ||
        a.entry.competitor.localeCompare(b.entry.competitor) ||
        a.entry.competitor_id - b.entry.competitor_id,
    )
    .map((slot) => slot.entry);
}

function maxOf(values: (number | null)[]): number | null {
  let best: number | null = null;
  for (const value of values) if (value !== null && (best === null || value > best)) best = value;
  return best;
}

export function toDigestItem(row: DigestItemRow): DigestItem {
  return {
    change_id: row.change_id,
    competitor_id: row.competitor_id,
    competitor: row.competitor,
    homepage_url: row.homepage_url,
    logo_url: row.logo_url,
    monitor_type: row.monitor_type,
    source_url: row.source_url,
    summary: row.summary,
    severity: row.severity,
    why_it_matters: row.why_it_matters,
    category: row.category,
    direction: row.direction,
    delta: { added: row.delta.added ?? 0, removed: row.delta.removed ?? 0, modified: row.delta.modified ?? 0 },
    review_status: row.review_status,
    created_at: new Date(row.created_at).toISOString(),
  };
}

function toOpportunityItem(row: DigestItemRow): OpportunityItem {
  return { ...toDigestItem(row), opportunity_score: row.opportunity_score };
}
