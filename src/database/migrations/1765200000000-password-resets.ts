import { MigrationInterface, QueryRunner } from 'typeorm';

/** Password reset links: only a keyed hash of each token is kept, with its expiry and when it was used. */
export class PasswordResets1765200000000 implements MigrationInterface {
  name = 'PasswordResets1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS password_resets`);
  }
}
