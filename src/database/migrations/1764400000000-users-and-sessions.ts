import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People who sign in to the application: users of an account (email unique whatever its case),
 * their sessions (shared by every API replica), and the secret that signs session cookies when
 * SESSION_SECRET is not set. API keys learn when they were last used.
 */
export class UsersAndSessions1764400000000 implements MigrationInterface {
  name = 'UsersAndSessions1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);
    await q.query(`CREATE INDEX users_account_idx ON users (account_id)`);
    await q.query(`
      CREATE TABLE app_sessions (
        sid text PRIMARY KEY,
        sess json NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX app_sessions_expires_idx ON app_sessions (expires_at)`);
    await q.query(`CREATE TABLE app_secrets (name text PRIMARY KEY, value text NOT NULL)`);
    await q.query(`ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN last_used_at`);
    await q.query(`DROP TABLE app_secrets`);
    await q.query(`DROP TABLE app_sessions`);
    await q.query(`DROP TABLE users`);
  }
}
