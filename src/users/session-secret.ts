import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config';

/** SESSION_SECRET, or a secret generated once and kept in the database so every replica shares it. */
export async function sessionSecret(config: AppConfig, db: DataSource): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('session', $1) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query(`SELECT value FROM app_secrets WHERE name = 'session'`);
  return row.value;
}
