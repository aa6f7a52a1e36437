import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type RunKind = 'baseline' | 'scheduled' | 'on_demand';
export type RunStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'no_change' | 'changed';

export interface RunRow {
  id: number;
  monitor_id: number;
  kind: RunKind;
  status: RunStatus;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

@Injectable()
export class RunsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The monitor's unfinished run, if any. A unique index allows one at a time
   * (`runs_one_in_flight_idx`): a check asked for meanwhile is answered with this one.
   */
  async inFlight(monitorId: number, manager: EntityManager = this.db.manager): Promise<RunRow | null> {
    const [run] = await manager.query(`SELECT * FROM runs WHERE monitor_id = $1 AND status IN ('pending', 'running')`, [monitorId]);
    return run ?? null;
  }

  /** Monitors among `monitorIds` that have an unfinished run. */
  async monitorsInFlight(monitorIds: number[], manager: EntityManager = this.db.manager): Promise<Set<number>> {
    const rows: { monitor_id: number }[] = await manager.query(
      `SELECT monitor_id FROM runs WHERE monitor_id = ANY($1::int[]) AND status IN ('pending', 'running')`,
      [monitorIds],
    );
    return new Set(rows.map((r) => r.monitor_id));
  }

  /** A pending run, recorded as the monitor's last run. */
  async createPending(monitorId: number, kind: RunKind, manager: EntityManager = this.db.manager): Promise<RunRow> {
    const [run] = await manager.query(`INSERT INTO runs (monitor_id, kind) VALUES ($1, $2) RETURNING *`, [monitorId, kind]);
    await manager.query(`UPDATE monitors SET last_run_id = $2 WHERE id = $1`, [monitorId, run.id]);
    return run;
  }

  /** Marks a run failed without running it (e.g. a baseline that no longer fits the quota). */
  async failPending(monitorId: number, kind: RunKind, code: string, message: string, manager: EntityManager): Promise<RunRow> {
    const [run] = await manager.query(
      `INSERT INTO runs (monitor_id, kind, status, error_code, error_message, finished_at)
       VALUES ($1, $2, 'failed', $3, $4, now()) RETURNING *`,
      [monitorId, kind, code, message],
    );
    await manager.query(`UPDATE monitors SET last_run_id = $2 WHERE id = $1`, [monitorId, run.id]);
    return run;
  }
}
