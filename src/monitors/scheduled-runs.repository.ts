import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CADENCE_SECONDS } from '../billing/plan';
import { uniqueViolation } from '../common/pg-errors';

const CLAIM_ATTEMPTS = 3;

/** The monitors feature's scheduled runs: the scheduler asks it for due monitors' runs. */
@Injectable()
export class ScheduledRunsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Claims up to `limit` due active monitors and records a scheduled run for each, in one
   * statement: SKIP LOCKED keeps two schedulers apart, and moving next_check_at on claim keeps a
   * monitor from being claimed twice for one slot. Cost follows the due set (partial index), also
   * in the update: as an array of ids it is an index lookup, where a join with the CTE made the
   * planner hash all monitors. A monitor whose previous run is still in flight waits for it (one
   * run per monitor at a time); should a run committed under this statement's feet still collide
   * on `runs_one_in_flight_idx`, the statement is undone and the claim is made again. Hand-written: the
   * scheduler claim (bench:growth, bench:pipeline).
   */
  async claimDue(limit: number): Promise<number[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.claimOnce(limit);
      } catch (err) {
        if (uniqueViolation(err) !== 'runs_one_in_flight_idx' || attempt >= CLAIM_ATTEMPTS) throw err;
      }
    }
  }

  private async claimOnce(limit: number): Promise<number[]> {
    const rows: { run_id: number }[] = await this.db.query(
      `WITH due AS (
         SELECT id FROM monitors
          WHERE status = 'active' AND next_check_at <= now()
            -- OFFSET 0 keeps this a per-monitor probe of runs_one_in_flight_idx. As an anti-join the
            -- planner, whose statistics lag behind the runs a claim has just queued, scans every
            -- in-flight run for every due monitor (minutes once 100,000 are in flight).
            AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.monitor_id = monitors.id AND r.status IN ('pending', 'running') OFFSET 0)
          ORDER BY next_check_at LIMIT $1
          FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE monitors m SET
           next_check_at = now() + make_interval(secs => ($2::jsonb ->> m.cadence)::int),
           last_run_id = nextval(pg_get_serial_sequence('runs', 'id'))
          WHERE m.id = ANY(ARRAY(SELECT id FROM due))
         RETURNING m.id AS monitor_id, m.last_run_id AS run_id)
       INSERT INTO runs (id, monitor_id, kind)
       SELECT run_id, monitor_id, 'scheduled' FROM claimed
       RETURNING id AS run_id`,
      // Cadence lengths come from CADENCE_SECONDS, their one source.
      [limit, JSON.stringify(CADENCE_SECONDS)],
    );
    return rows.map((r) => r.run_id);
  }
}
