import { MigrationInterface, QueryRunner } from 'typeorm';

/** The hash of the last fetched document, so an unchanged page skips extraction entirely. */
export class MonitorRawHash1763800000001 implements MigrationInterface {
  name = 'MonitorRawHash1763800000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors ADD COLUMN last_raw_hash text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors DROP COLUMN last_raw_hash`);
  }
}
