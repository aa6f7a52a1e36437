import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { MonitorEntity } from './monitor.entity';
import { RunEntity } from './run.entity';

export type RunKind = 'baseline' | 'scheduled' | 'on_demand';
export type RunStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'no_change' | 'changed';

export type RunRow = Omit<RunEntity, 'monitor'>;

@Injectable()
export class RunsRepository {
  constructor(@InjectRepository(RunEntity) private readonly runs: Repository<RunEntity>) {}

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
