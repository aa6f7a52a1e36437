import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { CADENCE_SECONDS, type Cadence } from '../billing/plan';
import { MonitorEntity } from './monitor.entity';
import type { RunEntity } from './run.entity';

export type MonitorRow = Omit<MonitorEntity, 'account' | 'last_snapshot'>;

export type LastRunRow = Pick<RunEntity, 'id' | 'status' | 'error_code' | 'error_message' | 'finished_at'>;

export type MonitorWithRun = MonitorRow & { last_run: LastRunRow | null };

export type NewMonitor = Pick<MonitorEntity, 'account_id' | 'workspace_id' | 'competitor_id' | 'name' | 'url' | 'monitor_type' | 'cadence'>;

// Raw: the monitor list embeds each last run as one JSON column (json_build_object), a page of monitors in one statement.
const WITH_LAST_RUN = `
  SELECT m.*, CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object(
           'id', r.id, 'status', r.status, 'error_code', r.error_code,
           'error_message', r.error_message, 'finished_at', r.finished_at) END AS last_run
    FROM monitors m LEFT JOIN runs r ON r.id = m.last_run_id`;

export type MonitorPatch = Partial<Pick<MonitorRow, 'url' | 'monitor_type' | 'cadence' | 'status' | 'min_severity'>>;

/** The fields a PATCH may set, written out: column names never come from a request's keys. */
const PATCHABLE: (keyof MonitorPatch)[] = ['url', 'monitor_type', 'cadence', 'status', 'min_severity'];

/** next_check_at after a cadence change: one cadence after the last check (or now). */
const rescheduled = (cadence: Cadence) => () => `COALESCE(last_checked_at, now()) + make_interval(secs => ${cadenceSeconds(cadence)})`;

@Injectable()
export class MonitorsRepository {
  constructor(@InjectRepository(MonitorEntity) private readonly monitors: Repository<MonitorEntity>) {}

  async list(filter: { workspaceId: number; competitorIds?: number[] }): Promise<MonitorWithRun[]> {
    if (filter.competitorIds) {
      return this.monitors.query(`${WITH_LAST_RUN} WHERE m.workspace_id = $1 AND m.competitor_id = ANY($2::int[]) ORDER BY m.id`, [
        filter.workspaceId,
        filter.competitorIds,
      ]);
    }
    return this.monitors.query(`${WITH_LAST_RUN} WHERE m.workspace_id = $1 ORDER BY m.id`, [filter.workspaceId]);
  }

  async withLastRun(id: number, manager: EntityManager = this.monitors.manager): Promise<MonitorWithRun | null> {
    const [row] = await manager.query(`${WITH_LAST_RUN} WHERE m.id = $1`, [id]);
    return row ?? null;
  }

  countForAccount(accountId: number, manager: EntityManager): Promise<number> {
    return manager.getRepository(MonitorEntity).countBy({ account_id: accountId });
  }

  async insert(monitor: NewMonitor, manager: EntityManager): Promise<MonitorRow> {
    const { raw } = await manager
      .createQueryBuilder()
      .insert()
      .into(MonitorEntity)
      .values({ ...monitor, next_check_at: () => `now() + make_interval(secs => ${cadenceSeconds(monitor.cadence)})` })
      .returning('*')
      .execute();
    return raw[0];
  }

  async update(id: number, patch: MonitorPatch, manager: EntityManager = this.monitors.manager): Promise<void> {
    const set: QueryDeepPartialEntity<MonitorEntity> = {};
    for (const field of PATCHABLE) if (patch[field] !== undefined) Object.assign(set, { [field]: patch[field] });
    if (patch.cadence) set.next_check_at = rescheduled(patch.cadence);
    if (patch.url) Object.assign(set, { http_etag: null, http_last_modified: null });
    if (!Object.keys(set).length) return;
    await manager.getRepository(MonitorEntity).update({ id }, set);
  }

  /** Fan-out of a competitor PATCH to all its monitors. */
  async updateForCompetitor(competitorId: number, patch: Pick<MonitorPatch, 'cadence' | 'status'>, manager: EntityManager): Promise<void> {
    const monitors = manager.getRepository(MonitorEntity);
    if (patch.status) await monitors.update({ competitor_id: competitorId }, { status: patch.status });
    if (patch.cadence) {
      await monitors.update({ competitor_id: competitorId }, { cadence: patch.cadence, next_check_at: rescheduled(patch.cadence) });
    }
  }

  async delete(id: number): Promise<void> {
    await this.monitors.delete({ id });
  }

  /** Records that a check of the monitor started now (what the on-demand throttle measures from). */
  async markRunStarted(id: number, manager: EntityManager): Promise<void> {
    await manager.getRepository(MonitorEntity).update({ id }, { last_run_started_at: () => 'now()' });
  }

  /** Row locks on monitors, taken in id order so two transactions never wait on each other in a cycle. */
  async lock(ids: number[], manager: EntityManager): Promise<void> {
    await manager
      .createQueryBuilder(MonitorEntity, 'm')
      .select('m.id')
      .where('m.id = ANY(:ids)', { ids })
      .orderBy('m.id')
      .setLock('for_no_key_update')
      .getRawMany();
  }

  /**
   * Seconds until the monitor's next on-demand check is allowed (`minIntervalSeconds` after its
   * previous run started), or 0 when it is allowed now. Read under the monitor's row lock.
   */
  async throttleWait(id: number, minIntervalSeconds: number, manager: EntityManager): Promise<number> {
    const row = await manager
      .createQueryBuilder(MonitorEntity, 'm')
      .select('CEIL(EXTRACT(EPOCH FROM (m.last_run_started_at + make_interval(secs => :minIntervalSeconds) - now())))::int', 'wait')
      .where('m.id = :id', { id, minIntervalSeconds })
      .getRawOne<{ wait: number | null }>();
    const wait: number | null = row?.wait ?? null;
    return wait !== null && wait > 0 ? wait : 0;
  }

  /** Starts the throttle interval of an on-demand check. */
  async markCheckStarted(id: number, manager: EntityManager): Promise<void> {
    await manager.update(MonitorEntity, { id }, { last_run_started_at: () => 'now()' });
  }
}

function cadenceSeconds(cadence: Cadence): number {
  return CADENCE_SECONDS[cadence];
}
