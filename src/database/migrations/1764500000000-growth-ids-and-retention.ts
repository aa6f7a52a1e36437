import { MigrationInterface, QueryRunner } from 'typeorm';

/** Columns holding ids of tables that grow with every check: runs, snapshots, changes, deliveries. */
const GROWING_ID_COLUMNS: [table: string, column: string][] = [
  ['runs', 'id'],
  ['snapshots', 'id'],
  ['snapshots', 'run_id'],
  ['changes', 'id'],
  ['changes', 'run_id'],
  ['changes', 'snapshot_id'],
  ['changes', 'previous_snapshot_id'],
  ['monitors', 'last_run_id'],
  ['monitors', 'last_snapshot_id'],
  ['digest_buffer', 'change_id'],
  ['webhook_deliveries', 'id'],
];

const GROWING_SEQUENCES = ['runs', 'snapshots', 'changes', 'webhook_deliveries'];

/**
 * Data that lasts a year: 1M hourly monitors write 24M runs a day, so a `serial` id (2^31) runs
 * out within months. Ids of the tables that grow with checks, and every column pointing at them,
 * become `bigint`, their sequences too. Existing values are kept (ALTER … TYPE rewrites each table
 * once, under its lock: run it in a maintenance window on a large database).
 *
 * The retention job deletes runs and snapshots; every foreign key pointing at them needs an index,
 * or each deleted row would scan the referencing table (ON DELETE SET NULL).
 */
export class GrowthIdsAndRetention1764500000000 implements MigrationInterface {
  name = 'GrowthIdsAndRetention1764500000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, column] of GROWING_ID_COLUMNS) {
      await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE bigint`);
    }
    for (const table of GROWING_SEQUENCES) await q.query(`ALTER SEQUENCE ${table}_id_seq AS bigint`);
    await q.query(`CREATE INDEX snapshots_run_idx ON snapshots (run_id) WHERE run_id IS NOT NULL`);
    await q.query(`CREATE INDEX changes_run_idx ON changes (run_id) WHERE run_id IS NOT NULL`);
    await q.query(`CREATE INDEX changes_snapshot_idx ON changes (snapshot_id) WHERE snapshot_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX changes_previous_snapshot_idx ON changes (previous_snapshot_id) WHERE previous_snapshot_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX monitors_last_run_idx ON monitors (last_run_id) WHERE last_run_id IS NOT NULL`);
    await q.query(`CREATE INDEX monitors_last_snapshot_idx ON monitors (last_snapshot_id) WHERE last_snapshot_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'monitors_last_snapshot_idx',
      'monitors_last_run_idx',
      'changes_previous_snapshot_idx',
      'changes_snapshot_idx',
      'changes_run_idx',
      'snapshots_run_idx',
    ]) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
    for (const table of GROWING_SEQUENCES) await q.query(`ALTER SEQUENCE ${table}_id_seq AS integer`);
    for (const [table, column] of [...GROWING_ID_COLUMNS].reverse()) {
      await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE integer`);
    }
  }
}
