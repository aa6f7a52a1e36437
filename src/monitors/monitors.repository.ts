import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { MonitorType } from '../capture/capture.types';
import { CADENCE_SECONDS, type Cadence } from '../billing/plan';
import type { Severity } from '../common/severity';

export interface MonitorRow {
  id: number;
  account_id: number;
  workspace_id: number;
  competitor_id: number;
  name: string;
  url: string;
  monitor_type: MonitorType;
  cadence: Cadence;
  status: 'active' | 'paused';
  min_severity: Severity;
  proxy_kind: 'datacenter' | 'residential';
  render_mode: 'auto' | 'browser';
  last_checked_at: Date | null;
  next_check_at: Date | null;
  consecutive_failures: number;
  last_run_id: number | null;
  last_run_started_at: Date | null;
  last_snapshot_id: number | null;
  http_etag: string | null;
  http_last_modified: string | null;
  last_raw_hash: string | null;
  created_at: Date;
}

export interface LastRunRow {
  id: number;
  status: string;
  error_code: string | null;
  error_message: string | null;
  finished_at: Date | null;
}

export type MonitorWithRun = MonitorRow & { last_run: LastRunRow | null };

export interface NewMonitor {
  account_id: number;
  workspace_id: number;
  competitor_id: number;
  name: string;
  url: string;
  monitor_type: MonitorType;
  cadence: Cadence;
}

const WITH_LAST_RUN = `
  SELECT m.*, CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object(
           'id', r.id, 'status', r.status, 'error_code', r.error_code,
           'error_message', r.error_message, 'finished_at', r.finished_at) END AS last_run
    FROM monitors m LEFT JOIN runs r ON r.id = m.last_run_id`;

export type MonitorPatch = Partial<Pick<MonitorRow, 'url' | 'monitor_type' | 'cadence' | 'status' | 'min_severity'>>;

/** The columns a PATCH may set, written out: column names never come from a request's keys. */
const PATCHABLE_COLUMNS: Record<keyof MonitorPatch, string> = {
  url: 'url',
  monitor_type: 'monitor_type',
  cadence: 'cadence',
  status: 'status',
  min_severity: 'min_severity',
};

@Injectable()
export class MonitorsRepository {
  constructor(private readonly db: DataSource) {}

  async list(filter: { workspaceId: number; competitorIds?: number[] }): Promise<MonitorWithRun[]> {
    if (filter.competitorIds) {
      return this.db.query(`${WITH_LAST_RUN} WHERE m.workspace_id = $1 AND m.competitor_id = ANY($2::int[]) ORDER BY m.id`, [
        filter.workspaceId,
        filter.competitorIds,
      ]);
    }
    return this.db.query(`${WITH_LAST_RUN} WHERE m.workspace_id = $1 ORDER BY m.id`, [filter.workspaceId]);
  }

  async withLastRun(id: number, manager: EntityManager = this.db.manager): Promise<MonitorWithRun | null> {
    const [row] = await manager.query(`${WITH_LAST_RUN} WHERE m.id = $1`, [id]);
    return row ?? null;
  }

  async countForAccount(accountId: number, manager: EntityManager): Promise<number> {
    const [row] = await manager.query(`SELECT count(*)::int AS n FROM monitors WHERE account_id = $1`, [accountId]);
    return row.n;
  }

  async insert(monitor: NewMonitor, manager: EntityManager): Promise<MonitorRow> {
    const [row] = await manager.query(
      `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       RETURNING *`,
      [
        monitor.account_id,
        monitor.workspace_id,
        monitor.competitor_id,
        monitor.name,
        monitor.url,
        monitor.monitor_type,
        monitor.cadence,
        cadenceSeconds(monitor.cadence),
      ],
    );
    return row;
  }

  async update(id: number, patch: MonitorPatch, manager: EntityManager = this.db.manager): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [field, column] of Object.entries(PATCHABLE_COLUMNS) as [keyof MonitorPatch, string][]) {
      if (patch[field] === undefined) continue;
      params.push(patch[field]);
      sets.push(`${column} = $${params.length}`);
    }
    if (patch.cadence) {
      params.push(cadenceSeconds(patch.cadence));
      sets.push(`next_check_at = COALESCE(last_checked_at, now()) + make_interval(secs => $${params.length})`);
    }
    if (patch.url) sets.push(`http_etag = NULL, http_last_modified = NULL`);
    if (!sets.length) return;
    await manager.query(`UPDATE monitors SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  /** Fan-out of a competitor PATCH to all its monitors. */
  async updateForCompetitor(competitorId: number, patch: Pick<MonitorPatch, 'cadence' | 'status'>, manager: EntityManager): Promise<void> {
    if (patch.status) {
      await manager.query(`UPDATE monitors SET status = $2 WHERE competitor_id = $1`, [competitorId, patch.status]);
    }
    if (patch.cadence) {
      await manager.query(
        `UPDATE monitors SET cadence = $2, next_check_at = COALESCE(last_checked_at, now()) + make_interval(secs => $3)
          WHERE competitor_id = $1`,
        [competitorId, patch.cadence, cadenceSeconds(patch.cadence)],
      );
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM monitors WHERE id = $1`, [id]);
  }

  /** Row locks on monitors, taken in id order so two transactions never wait on each other in a cycle. */
  async lock(ids: number[], manager: EntityManager): Promise<void> {
    await manager.query(`SELECT id FROM monitors WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE`, [ids]);
  }

  /**
   * Seconds until the monitor's next on-demand check is allowed (`minIntervalSeconds` after its
   * previous run started), or 0 when it is allowed now. Read under the monitor's row lock.
   */
  async throttleWait(id: number, minIntervalSeconds: number, manager: EntityManager): Promise<number> {
    const [row] = await manager.query(
      `SELECT CEIL(EXTRACT(EPOCH FROM (last_run_started_at + make_interval(secs => $2) - now())))::int AS wait
         FROM monitors WHERE id = $1`,
      [id, minIntervalSeconds],
    );
    const wait: number | null = row?.wait ?? null;
    return wait !== null && wait > 0 ? wait : 0;
  }

  /** Starts the throttle interval of an on-demand check. */
  async markCheckStarted(id: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE monitors SET last_run_started_at = now() WHERE id = $1`, [id]);
  }
}

function cadenceSeconds(cadence: Cadence): number {
  return CADENCE_SECONDS[cadence];
}
