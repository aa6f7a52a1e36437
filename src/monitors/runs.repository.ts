import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FETCH_ERROR_CODES } from '../capture/fetch/fetch-error';
import { MonitorEntity } from './monitor.entity';
import { RunEntity } from './run.entity';
import type { RunKind } from './run.types';

/**
 * Every `error_code` a failed run can carry: why its capture failed, or `quota_exceeded` (a
 * baseline beyond the month's checks), `worker_lost` (started too often), `internal_error` (an
 * unexpected failure), `superseded` (a duplicate run closed by a migration).
 */
export const RUN_ERROR_CODES = [...FETCH_ERROR_CODES, 'quota_exceeded', 'worker_lost', 'internal_error', 'superseded'] as const;

export type RunRow = Omit<RunEntity, 'monitor'>;

@Injectable()
export class RunsRepository {
  constructor(@InjectRepository(RunEntity) private readonly runs: Repository<RunEntity>) {}

  /**
   * The monitor's unfinished run, if any. A unique index allows one at a time
   * (`runs_one_in_flight_idx`): a check asked for meanwhile is answered with this one.
   */
  async inFlight(monitorId: number, manager: EntityManager = this.runs.manager): Promise<RunRow | null> {
    const [run] = await manager.query(`SELECT * FROM runs WHERE monitor_id = $1 AND status IN ('pending', 'running')`, [monitorId]);
    return run ?? null;
  }

  /** Monitors among `monitorIds` that have an unfinished run. */
  async monitorsInFlight(monitorIds: number[], manager: EntityManager = this.runs.manager): Promise<Set<number>> {
    const rows: { monitor_id: number }[] = await manager.query(
      `SELECT monitor_id FROM runs WHERE monitor_id = ANY($1::int[]) AND status IN ('pending', 'running')`,
      [monitorIds],
    );
    return new Set(rows.map((r) => r.monitor_id));
  }

  /** A pending run, recorded as the monitor's last run. */
  createPending(monitorId: number, kind: RunKind, manager: EntityManager = this.runs.manager): Promise<RunRow> {
    return this.insertAsLast({ monitor_id: monitorId, kind }, manager);
  }

  /** Marks a run failed without running it (e.g. a baseline that no longer fits the quota). */
  failPending(monitorId: number, kind: RunKind, code: string, message: string, manager: EntityManager): Promise<RunRow> {
    return this.insertAsLast(
      { monitor_id: monitorId, kind, status: 'failed', error_code: code, error_message: message, finished_at: () => 'now()' },
      manager,
    );
  }

  private async insertAsLast(values: QueryDeepPartialEntity<RunEntity>, manager: EntityManager): Promise<RunRow> {
    const { raw } = await manager.createQueryBuilder().insert().into(RunEntity).values(values).returning('*').execute();
    const run: RunRow = raw[0];
    await manager.getRepository(MonitorEntity).update({ id: run.monitor_id }, { last_run_id: run.id });
    return run;
  }
}
