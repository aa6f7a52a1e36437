import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChangeEntity } from '../changes/change.entity';
import type { CompetitorEntity } from '../competitors/competitor.entity';
import type { FieldDiff } from '../diffing/diff.types';
import type { ChangeScope } from './digest-plan';
import { currentManager } from '../database/transaction-context';

export interface MovementRow {
  competitor_id: number;
  competitor: string;
  logo_url: string | null;
  day: number;
  n: number;
  max_rank: number;
  needs_review_n: number;
  needs_review_max_rank: number | null;
}

export type DigestItemRow = Pick<
  ChangeEntity,
  | 'competitor_id' | 'monitor_type' | 'source_url' | 'summary' | 'severity' | 'why_it_matters' | 'category' | 'direction' | 'delta'
  | 'review_status' | 'created_at' | 'opportunity_score'
> &
  Pick<CompetitorEntity, 'homepage_url' | 'logo_url'> & { change_id: number; competitor: string };

export type ThemeCandidateRow = Pick<ChangeEntity, 'competitor_id' | 'monitor_type' | 'severity' | 'created_at'> & {
  change_id: number;
  competitor: string;
  /** The change's alertable field diffs only. */
  field_diffs: FieldDiff[];
  keywords: string[] | null;
};

/** A theme candidate: the change with only its alertable diffs, and the interpreter's keywords. */
const THEME_CANDIDATE_COLUMNS = `c.id AS change_id, c.competitor_id, comp.name AS competitor, c.monitor_type, c.severity, c.created_at,
  (SELECT COALESCE(jsonb_agg(d), '[]'::jsonb) FROM jsonb_array_elements(c.field_diffs) d WHERE d->>'tier' = 'alertable') AS field_diffs,
  c.enrichment->'seo_opportunity'->'keywords' AS keywords`;

/** Themes read at most this many changes of a scope, newest first. */
export const THEME_CANDIDATES_LIMIT = 500;

export interface CoverageRow {
  monitors_total: number;
  monitors_failing: number;
  failing_monitor_ids: number[];
}

export interface ConsumptionRow {
  pending: number;
  reviewed_in_period: number;
}

const ITEM_COLUMNS = `c.id AS change_id, c.competitor_id, comp.name AS competitor, comp.homepage_url, comp.logo_url,
  c.monitor_type, c.source_url, c.summary, c.severity, c.why_it_matters, c.category, c.direction, c.delta,
  c.review_status, c.created_at, c.opportunity_score`;

/**
 * The digest's SQL. Every section aggregates in Postgres; a period's changes are read through
 * changes_digest_idx (index-only), and rows are fetched in full only for the few items shown.
 * Raw: aggregates (FILTER, date_part buckets, jsonb_agg) shaped for that index (bench:webhooks digest build time).
 */
@Injectable()
export class DigestRepository {
  constructor(private readonly db: DataSource) {}

  /** Per competitor and day of the period: counts and top severities, overall and of needs_review. */
  async movement(
    workspaceId: number,
    scope: ChangeScope,
    o: { sparklineStart: Date; days: number; needsReviewMinRank: number },
  ): Promise<MovementRow[]> {
    const manager = currentManager(this.db.manager);
    const params: unknown[] = [];
    const where = scopeWhere(workspaceId, scope, params);
    params.push(o.sparklineStart, o.days, o.needsReviewMinRank);
    const [start, days, minRank] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
    // Buffered changes older than the period (a flush that was missed) land in the oldest day,
    // so a sparkline always sums to the competitor's count. date_part (float) rather than
    // extract (numeric): half the cost over 100,000 rows.
    return manager.query(
      `SELECT a.competitor_id, comp.name AS competitor, comp.logo_url, a.day, a.n, a.max_rank,
              a.needs_review_n, a.needs_review_max_rank
         FROM (SELECT c.competitor_id,
                      LEAST(GREATEST(floor(date_part('epoch', c.created_at - ${start}::timestamptz) / 86400)::int, 0),
                            ${days}::int - 1) AS day,
                      count(*)::int AS n,
                      max(c.severity_rank)::int AS max_rank,
                      (count(*) FILTER (WHERE c.review_status = 'unreviewed' AND c.severity_rank >= ${minRank}))::int AS needs_review_n,
                      (max(c.severity_rank) FILTER (WHERE c.review_status = 'unreviewed' AND c.severity_rank >= ${minRank}))::int
                        AS needs_review_max_rank
                 FROM changes c WHERE ${where}
                GROUP BY 1, 2) a
         JOIN competitors comp ON comp.id = a.competitor_id`,
      params,
    );
  }

  /** The unreviewed changes at or above the rank, most severe and newest first. */
  async needsReview(
    workspaceId: number,
    scope: ChangeScope,
    o: { minRank: number; limit: number },
  ): Promise<DigestItemRow[]> {
    const params: unknown[] = [];
    const where = scopeWhere(workspaceId, scope, params);
    params.push(o.minRank, o.limit);
    return this.items(
      `SELECT c.id, c.severity_rank, c.created_at FROM changes c
        WHERE ${where} AND c.review_status = 'unreviewed' AND c.severity_rank >= $${params.length - 1}
        ORDER BY c.severity_rank DESC, c.created_at DESC, c.id DESC LIMIT $${params.length}`,
      'p.severity_rank DESC, p.created_at DESC, p.id DESC',
      params,
    );
  }

  /** The changes with an opportunity_score above 0, best first; a dismissed change is no opportunity. */
  async topOpportunities(
    workspaceId: number,
    scope: ChangeScope,
    o: { limit: number },
  ): Promise<DigestItemRow[]> {
    const params: unknown[] = [];
    const where = scopeWhere(workspaceId, scope, params);
    params.push(o.limit);
    return this.items(
      `SELECT c.id, c.opportunity_score, c.severity_rank, c.created_at FROM changes c
        WHERE ${where} AND c.opportunity_score > 0 AND c.review_status <> 'dismissed'
        ORDER BY c.opportunity_score DESC, c.severity_rank DESC, c.created_at DESC, c.id DESC LIMIT $${params.length}`,
      'p.opportunity_score DESC, p.severity_rank DESC, p.created_at DESC, p.id DESC',
      params,
    );
  }

  /** Changes a theme may group (never dismissed ones), with their alertable diffs and keywords. */
  async themeCandidates(workspaceId: number, scope: ChangeScope): Promise<ThemeCandidateRow[]> {
    const params: unknown[] = [];
    const where = scopeWhere(workspaceId, scope, params);
    return this.candidates(where, params);
  }

  /** One competitor's changes recorded between two times, for the themes around one change. */
  async competitorThemeCandidates(competitorId: number, from: Date, to: Date): Promise<ThemeCandidateRow[]> {
    return this.candidates(`c.competitor_id = $1 AND c.created_at >= $2 AND c.created_at <= $3`, [competitorId, from, to]);
  }

  private candidates(where: string, params: unknown[]): Promise<ThemeCandidateRow[]> {
    return this.picked(
      `SELECT c.id, c.created_at FROM changes c
        WHERE ${where} AND c.review_status <> 'dismissed'
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${THEME_CANDIDATES_LIMIT}`,
      THEME_CANDIDATE_COLUMNS,
      'p.created_at DESC, p.id DESC',
      params,
    );
  }

  private items(picked: string, order: string, params: unknown[]): Promise<DigestItemRow[]> {
    return this.picked(picked, ITEM_COLUMNS, order, params);
  }

  /** Picks the ids on the narrow index first, then reads only those rows in full (their diffs and enrichment are wide). */
  private picked<T>(picked: string, columns: string, order: string, params: unknown[]): Promise<T[]> {
    const manager = currentManager(this.db.manager);
    return manager.query(
      `WITH p AS (${picked})
       SELECT ${columns} FROM p JOIN changes c ON c.id = p.id JOIN competitors comp ON comp.id = c.competitor_id
        ORDER BY ${order}`,
      params,
    );
  }

  /** A monitor is healthy when its last run did not fail (DESIGN §6.6); one without runs is healthy. */
  async coverage(workspaceId: number): Promise<CoverageRow> {
    const manager = currentManager(this.db.manager);
    const [row] = await manager.query(
      `SELECT count(*)::int AS monitors_total,
              (count(*) FILTER (WHERE r.status = 'failed'))::int AS monitors_failing,
              COALESCE(array_agg(m.id ORDER BY m.id) FILTER (WHERE r.status = 'failed'), '{}') AS failing_monitor_ids
         FROM monitors m LEFT JOIN runs r ON r.id = m.last_run_id
        WHERE m.workspace_id = $1`,
      [workspaceId],
    );
    return row;
  }

  /** The backlog now (from the trigger-kept counts) and what was triaged in the period. */
  async consumption(workspaceId: number, from: Date, to: Date): Promise<ConsumptionRow> {
    const manager = currentManager(this.db.manager);
    const [row] = await manager.query(
      `SELECT (SELECT COALESCE(sum(count), 0)::int FROM change_counts
                WHERE workspace_id = $1 AND review_status = 'unreviewed') AS pending,
              (SELECT count(*)::int FROM changes
                WHERE workspace_id = $1 AND reviewed_at >= $2 AND reviewed_at <= $3) AS reviewed_in_period`,
      [workspaceId, from, to],
    );
    return row;
  }
}

/** The WHERE clause of a scope; appends its parameters. */
function scopeWhere(workspaceId: number, scope: ChangeScope, params: unknown[]): string {
  params.push(workspaceId);
  const ws = `c.workspace_id = $${params.length}`;
  if (scope.kind === 'period') {
    params.push(scope.from, scope.to);
    return `${ws} AND c.created_at >= $${params.length - 1} AND c.created_at <= $${params.length}`;
  }
  params.push(scope.ids);
  return `${ws} AND c.id = ANY($${params.length}::bigint[])`;
}
