import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change is recorded with `notify_pending` set in the same transaction; routing it to a webhook
 * or the digest buffer clears the flag. A worker that dies between the commit and the routing
 * leaves the flag set, and the scheduler routes the change later: no change goes unannounced.
 */
export class ChangeNotificationOutbox1764100000000 implements MigrationInterface {
  name = 'ChangeNotificationOutbox1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE changes ADD COLUMN notify_pending boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX changes_notify_pending_idx ON changes (created_at) WHERE notify_pending`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX changes_notify_pending_idx`);
    await q.query(`ALTER TABLE changes DROP COLUMN notify_pending`);
  }
}
