import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrity enforced by the database (issue 15):
 * - at most one unfinished (`pending`/`running`) run per monitor, so two checks of one monitor
 *   can never compare against the same previous snapshot at once;
 * - at most one change per (monitor, previous snapshot), so even a bug elsewhere cannot record a
 *   change twice.
 * Rows that break these rules from before are settled first: extra unfinished runs of a monitor
 * are closed as `superseded` (the oldest one stays queued), and duplicate changes keep their first
 * record.
 */
export class OneRunInFlight1764550000000 implements MigrationInterface {
  name = 'OneRunInFlight1764550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE runs SET status = 'failed', error_code = 'superseded',
             error_message = 'another run of this monitor was already in flight', finished_at = now()
       WHERE status IN ('pending', 'running')
         AND id NOT IN (SELECT min(id) FROM runs WHERE status IN ('pending', 'running') GROUP BY monitor_id)`);
    await q.query(`CREATE UNIQUE INDEX runs_one_in_flight_idx ON runs (monitor_id) WHERE status IN ('pending', 'running')`);
    await q.query(`
      DELETE FROM changes c USING changes first
       WHERE first.monitor_id = c.monitor_id AND first.previous_snapshot_id = c.previous_snapshot_id AND first.id < c.id`);
    await q.query(`CREATE UNIQUE INDEX changes_monitor_previous_snapshot_key ON changes (monitor_id, previous_snapshot_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX changes_monitor_previous_snapshot_key`);
    await q.query(`DROP INDEX runs_one_in_flight_idx`);
  }
}
