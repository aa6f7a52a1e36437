import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { pendingSchemaChanges } from '../../src/database/schema-drift';
import { createTestApp } from '../support/test-app';
import { databaseUrl, testMode, withAdmin } from '../support/services';

/** What TypeORM would change, on a database the migrations built from nothing. */
async function driftOnFreshDatabase(): Promise<string[]> {
  if (testMode() === 'embedded') {
    // PGlite: a fresh data directory, migrated at boot.
    const t = await createTestApp({ ROLE: 'api' });
    try {
      return await pendingSchemaChanges(t.db);
    } finally {
      await t.close();
    }
  }
  const server = process.env.RW_TEST_PG_URL!;
  const name = `rw_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(server, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const db = new DataSource(dataSourceOptions({ url: databaseUrl(server, name), poolSize: 2 }, ENTITIES));
  try {
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
    return await pendingSchemaChanges(db);
  } finally {
    if (db.isInitialized) await db.destroy();
    await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

describe('schema drift: entities against migrations', () => {
  it('TypeORM finds nothing to change on a freshly migrated database', async () => {
    const pending = await driftOnFreshDatabase();
    if (pending.length) {
      throw new Error(`the entities and the migrations disagree; TypeORM would run:\n${pending.join(';\n')}`);
    }
    expect(pending).toEqual([]);
  });
});
