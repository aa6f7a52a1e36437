import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import type { CaptureFields, MonitorType, PricingPlan } from '../capture/capture.types';
import { SnapshotEntity } from '../capture/snapshot.entity';
import { ChangeEntity } from '../changes/change.entity';
import { MonitorEntity } from '../monitors/monitor.entity';
import { type PathChange, PRICE_CHANGE_TYPES } from './plan-changes';

/** Which competitors a pricing read covers: a workspace's (the matrix) or one (a profile). */
export type PricingScope = { workspaceId: number } | { competitorId: number };

export interface PricingCaptureRow {
  competitor_id: number;
  name: string;
  monitor_id: number;
  source_url: string;
  captured_at: Date;
  plans: PricingPlan[] | null;
}

export interface SurfaceRow {
  id: number;
  monitor_type: MonitorType;
  url: string;
  status: 'active' | 'paused';
  last_checked_at: Date | null;
  last_snapshot_id: number | null;
}

export type RecentChangeRow = Pick<ChangeEntity, 'id' | 'severity' | 'summary' | 'monitor_type' | 'created_at'>;

/** Reads of stored captures and changes for the pricing matrix and competitor profiles; nothing is fetched. */
@Injectable()
export class IntelligenceRepository {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(ChangeEntity) private readonly changes: Repository<ChangeEntity>,
    @InjectRepository(MonitorEntity) private readonly monitors: Repository<MonitorEntity>,
    @InjectRepository(SnapshotEntity) private readonly snapshots: Repository<SnapshotEntity>,
  ) {}

  /**
   * Per competitor, the capture current at `asOf` of its first pricing monitor that has one.
   * Hand-written: a LATERAL newest-capture-before lookup per monitor on
   * `snapshots_monitor_captured_idx` and DISTINCT ON, which the query builder cannot say.
   */
  pricingCaptures(scope: PricingScope, asOf: Date): Promise<PricingCaptureRow[]> {
    const [column, id] = 'workspaceId' in scope ? ['workspace_id', scope.workspaceId] : ['id', scope.competitorId];
    return this.db.query(
      `SELECT DISTINCT ON (c.id) c.id AS competitor_id, c.name, m.id AS monitor_id, s.url AS source_url, s.captured_at,
              s.fields -> 'plans' AS plans
         FROM competitors c
         JOIN monitors m ON m.competitor_id = c.id AND m.monitor_type = 'pricing'
         CROSS JOIN LATERAL (
           SELECT url, captured_at, fields FROM snapshots
            WHERE monitor_id = m.id AND captured_at <= $2
            ORDER BY captured_at DESC, id DESC LIMIT 1) s
        WHERE c.${column} = $1
        ORDER BY c.id, m.id`,
      [id, asOf],
    );
  }

  /**
   * The newest change per plan field diff path of these monitors, up to `asOf`. Hand-written:
   * it unnests the diffs' paths (jsonb_to_recordset) and groups them in one statement, so only
   * the distinct paths leave the database, not every change's diffs.
   */
  async planPathChanges(monitorIds: number[], asOf: Date): Promise<Map<number, PathChange[]>> {
    const byMonitor = new Map<number, PathChange[]>();
    if (monitorIds.length === 0) return byMonitor;
    const rows: (PathChange & { monitor_id: number })[] = await this.db.query(
      `SELECT c.monitor_id, d.path, d.change_type = ANY($3::text[]) AS price, max(c.created_at) AS changed_at
         FROM changes c CROSS JOIN LATERAL jsonb_to_recordset(c.field_diffs) AS d(path text, change_type text)
        WHERE c.monitor_id = ANY($1::int[]) AND c.created_at <= $2 AND d.path LIKE 'plans[%'
        GROUP BY 1, 2, 3`,
      [monitorIds, asOf, PRICE_CHANGE_TYPES],
    );
    for (const { monitor_id, ...change } of rows) byMonitor.set(monitor_id, [...(byMonitor.get(monitor_id) ?? []), change]);
    return byMonitor;
  }

  surfaces(competitorId: number): Promise<SurfaceRow[]> {
    return this.monitors.find({
      select: { id: true, monitor_type: true, url: true, status: true, last_checked_at: true, last_snapshot_id: true },
      where: { competitor_id: competitorId },
      order: { id: 'ASC' },
    });
  }

  /** The fields of these snapshots (the monitors' latest captures), by snapshot id. */
  async fieldsOf(snapshotIds: number[]): Promise<Map<number, CaptureFields>> {
    if (snapshotIds.length === 0) return new Map();
    const rows = await this.snapshots.find({ select: { id: true, fields: true }, where: { id: In(snapshotIds) } });
    return new Map(rows.map((row) => [Number(row.id), row.fields]));
  }

  /** The competitor's newest changes, every review status (changes_feed_by_competitor_idx). */
  recentChanges(competitorId: number, limit: number): Promise<RecentChangeRow[]> {
    return this.changes.find({
      select: { id: true, severity: true, summary: true, monitor_type: true, created_at: true },
      where: { competitor_id: competitorId },
      order: { created_at: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
