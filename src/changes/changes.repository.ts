import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ChangeEntity } from './change.entity';
import type { ReviewStatus } from './change.types';

/** The competitor's name and logo, flat beside the change, as the API shows them. */
interface CompetitorColumns {
  competitor: string;
  logo_url: string | null;
}

export type ChangeListRow = Pick<
  ChangeEntity,
  | 'id' | 'competitor_id' | 'monitor_id' | 'monitor_type' | 'severity' | 'severity_score' | 'summary' | 'recommended_action'
  | 'opportunity_score' | 'review_status' | 'category' | 'direction' | 'delta' | 'created_at'
> &
  CompetitorColumns;

export type ChangeRow = Omit<ChangeEntity, 'account' | 'workspace' | 'competitor' | 'monitor' | 'run' | 'snapshot' | 'previous_snapshot'> &
  CompetitorColumns;

export interface FeedFilter {
  workspaceId: number;
  competitorId?: number;
  reviewStatus?: ReviewStatus;
  minSeverityRank?: number;
  since?: Date;
  monitorType?: string;
  /** Id of the last change of the previous page. */
  afterId?: number;
  limit: number;
}

export interface FeedCounts {
  counts: Record<ReviewStatus, number>;
  max_unreviewed_rank: number | null;
}

export type NewChange = Omit<ChangeRow, 'id' | 'interpreted_at' | 'created_at' | 'reviewed_at' | 'notify_pending' | 'review_status' | keyof CompetitorColumns>;

const LIST_COLUMNS = `c.id, c.competitor_id, comp.name AS competitor, comp.logo_url, c.monitor_id, c.monitor_type,
  c.severity, c.severity_score, c.summary, c.recommended_action, c.opportunity_score, c.review_status,
  c.category, c.direction, c.delta, c.created_at`;

@Injectable()
export class ChangesRepository {
  constructor(@InjectRepository(ChangeEntity) private readonly changes: Repository<ChangeEntity>) {}

  /**
   * Newest first by (created_at, id); the cursor row anchors the page, so inserts never shift it.
   * The anchor's created_at is read in SQL: through a JS Date it would lose its microseconds and
   * the page would skip changes from the same millisecond. Null when the anchor is not in the
   * workspace (checked only when the page comes back empty, the one case that cannot tell).
   * Raw: the feed page's keyset seek (row comparison on an anchor subquery) and filters are shaped
   * for its covering indexes (bench:api).
   */
  async feed(filter: FeedFilter): Promise<ChangeListRow[] | null> {
    const where = ['c.workspace_id = $1'];
    const params: unknown[] = [filter.workspaceId];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.competitorId !== undefined) add((p) => `c.competitor_id = ${p}`, filter.competitorId);
    if (filter.reviewStatus) add((p) => `c.review_status = ${p}`, filter.reviewStatus);
    if (filter.minSeverityRank !== undefined && filter.minSeverityRank > 0) {
      add((p) => `c.severity_rank >= ${p}`, filter.minSeverityRank);
    }
    if (filter.since) add((p) => `c.created_at >= ${p}`, filter.since);
    if (filter.monitorType) add((p) => `c.monitor_type = ${p}`, filter.monitorType);
    if (filter.afterId !== undefined) {
      const anchor = (p: string) => `(SELECT a.created_at FROM changes a WHERE a.id = ${p} AND a.workspace_id = $1)`;
      add((p) => `(c.created_at, c.id) < (${anchor(p)}, ${p})`, filter.afterId);
    }
    params.push(filter.limit);
    const rows: ChangeListRow[] = await this.changes.query(
      `SELECT ${LIST_COLUMNS} FROM changes c JOIN competitors comp ON comp.id = c.competitor_id
        WHERE ${where.join(' AND ')}
        ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length}`,
      params,
    );
    if (rows.length || filter.afterId === undefined) return rows;
    return (await this.changes.existsBy({ id: filter.afterId, workspace_id: filter.workspaceId })) ? rows : null;
  }

  /**
   * Review counts from the trigger-kept table, for the workspace (and competitor / surface when
   * given). Null when the workspace is not the account's: the feed's scope check rides along.
   */
  async counts(filter: { accountId: number; workspaceId: number; competitorId?: number; monitorType?: string }): Promise<FeedCounts | null> {
    const params: unknown[] = [filter.workspaceId, filter.accountId];
    let where = 'workspace_id = $1 AND count > 0';
    if (filter.competitorId !== undefined) {
      params.push(filter.competitorId);
      where += ` AND competitor_id = $${params.length}`;
    }
    if (filter.monitorType) {
      params.push(filter.monitorType);
      where += ` AND monitor_type = $${params.length}`;
    }
    // Raw: aggregated in a subquery before the join; joined first, the planner misjudges the rows and sorts them all.
    const rows: { review_status: ReviewStatus | null; n: number; max_rank: number }[] = await this.changes.query(
      `SELECT cc.review_status, cc.n, cc.max_rank
         FROM workspaces w
         LEFT JOIN (SELECT review_status, sum(count)::int AS n, max(severity_rank)::int AS max_rank
                      FROM change_counts WHERE ${where} GROUP BY review_status) cc ON true
        WHERE w.id = $1 AND w.account_id = $2`,
      params,
    );
    if (!rows.length) return null;
    const counts: Record<ReviewStatus, number> = { unreviewed: 0, acknowledged: 0, dismissed: 0 };
    let maxRank: number | null = null;
    for (const row of rows) {
      if (row.review_status === null) continue;
      counts[row.review_status] = row.n;
      if (row.review_status === 'unreviewed') maxRank = row.max_rank;
    }
    return { counts, max_unreviewed_rank: maxRank };
  }

  async detail(accountId: number, id: number): Promise<ChangeRow | null> {
    const change = await this.changes
      .createQueryBuilder('c')
      .innerJoin('c.competitor', 'comp')
      .addSelect(['comp.name', 'comp.logo_url'])
      .where('c.id = :id AND c.account_id = :accountId', { id, accountId })
      .getOne();
    if (!change) return null;
    const { competitor, ...row } = change;
    return { ...row, competitor: competitor!.name, logo_url: competitor!.logo_url };
  }

  /** Recorded with its notification pending: see the change-notification-outbox migration. */
  /**
   * Records a change; null when one is already recorded for the same monitor and previous
   * snapshot (`changes_monitor_previous_snapshot_key`): a difference is announced once.
   */
  async insert(change: NewChange, manager: EntityManager): Promise<number | null> {
    const { raw } = await manager
      .createQueryBuilder()
      .insert()
      .into(ChangeEntity)
      .values({ ...change, interpreted_at: () => 'now()', notify_pending: true } as QueryDeepPartialEntity<ChangeEntity>)
      .orIgnore()
      .returning(['id'])
      .execute();
    return raw[0]?.id ?? null;
  }

  async setReviewStatus(id: number, status: ReviewStatus, manager: EntityManager = this.changes.manager): Promise<void> {
    await manager.getRepository(ChangeEntity).update({ id }, { review_status: status });
  }
}
