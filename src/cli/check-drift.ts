/**
 * `npm run db:drift`: migrates a fresh database on the Postgres server of DATABASE_URL, asks
 * TypeORM what it would change to match the entities, prints it, and exits 1 when anything is
 * pending. The database is dropped afterwards.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source-options';
import { pendingSchemaChanges } from '../database/schema-drift';
import { ENTITIES } from '../entities';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

function onDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function main(): Promise<number> {
  const server = process.env.DATABASE_URL || DEFAULT_SERVER;
  const name = `rw_drift_${randomBytes(4).toString('hex')}`;
  const admin = new DataSource({ type: 'postgres', url: server });
  await admin.initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  const db = new DataSource(dataSourceOptions({ url: onDatabase(server, name), poolSize: 2 }, ENTITIES));
  try {
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
    const pending = await pendingSchemaChanges(db);
    if (!pending.length) {
      process.stdout.write('schema drift: none (the entities match the migrations)\n');
      return 0;
    }
    process.stdout.write(`schema drift: TypeORM would run ${pending.length} statement${pending.length === 1 ? '' : 's'}:\n${pending.join(';\n')};\n`);
    return 1;
  } finally {
    if (db.isInitialized) await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`schema drift check failed: ${(err as Error).stack}\n`);
    process.exit(2);
  },
);
