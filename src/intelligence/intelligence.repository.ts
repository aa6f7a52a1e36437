import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import type { CaptureFields, PricingPlan } from '../capture/capture.types';
import { SnapshotEntity } from '../capture/snapshot.entity';
import { ChangeEntity } from '../changes/change.entity';
import { MonitorEntity } from '../monitors/monitor.entity';
import type { PlanChangeTimes } from './plan-changes';

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

export type SurfaceRow = Pick<MonitorEntity, 'id' | 'monitor_type' | 'url' | 'status' | 'last_checked_at' | 'last_snapshot_id'>;

/** The key of a plan's times in `planChangeTimes`' answer. */
export const planChangeKey = (monitorId: number, planPath: string) => `${monitorId}:${planPath}`;

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
   * When each of these plans last changed up to `asOf`, and when its prices did. Hand-written: each
   * (monitor, plan) pair is two max() probes on the plan_changes indexes, which the query builder
   * cannot say over an unnest of pairs.
   */
  async planChangeTimes(plans: { monitorId: number; planPath: string }[], asOf: Date): Promise<Map<string, PlanChangeTimes>> {
    const times = new Map<string, PlanChangeTimes>();
    if (plans.length === 0) return times;
    const rows: { monitor_id: number; plan_path: string; plan: Date | null; prices: Date | null }[] = await this.db.query(
      `SELECT k.monitor_id, k.plan_path,
              (SELECT max(p.created_at) FROM plan_changes p
                WHERE p.monitor_id = k.monitor_id AND p.plan_path = k.plan_path AND p.created_at <= $3) AS plan,
              (SELECT max(p.created_at) FROM plan_changes p
                WHERE p.monitor_id = k.monitor_id AND p.plan_path = k.plan_path AND p.created_at <= $3 AND p.price) AS prices
         FROM unnest($1::int[], $2::text[]) AS k(monitor_id, plan_path)`,
      [plans.map((p) => p.monitorId), plans.map((p) => p.planPath), asOf],
    );
    for (const row of rows) times.set(planChangeKey(row.monitor_id, row.plan_path), { plan: row.plan, prices: row.prices });
    return times;
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
