import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pricing matrix as of a time (DESIGN §5d) reads each pricing monitor's newest capture taken
 * by then: an index on (monitor_id, captured_at DESC, id DESC) makes that one index probe per
 * monitor however long the history.
 */
export class PricingHistoryIndex1764900000000 implements MigrationInterface {
  name = 'PricingHistoryIndex1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX snapshots_monitor_captured_idx ON snapshots (monitor_id, captured_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS snapshots_monitor_captured_idx`);
  }
}
