import { randomBytes } from 'node:crypto';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../config/config';
import type { AppSecretEntity } from './app-secret.entity';

/** SESSION_SECRET, or a secret generated once and kept in the database so every replica shares it. */
export async function sessionSecret(config: AppConfig, secrets: Repository<AppSecretEntity>): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  // The first replica's secret wins; the others read it.
  await secrets.createQueryBuilder().insert().values({ name: 'session', value: randomBytes(32).toString('hex') }).orIgnore().execute();
  const row = await secrets.findOneByOrFail({ name: 'session' });
  return row.value;
}
