import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { buildDist } from './build';
import {
  DEFAULT_TEST_DATABASE_URL,
  DEFAULT_TEST_REDIS_URL,
  databaseUrl,
  reachable,
  templateDatabase,
  withAdmin,
} from './services';

/** True when the test database `rw_t_<pid>_<hex>` belongs to a process that is still running. */
function ownerAlive(datname: string): boolean {
  const pid = Number(/^rw_t_(\d+)_/.exec(datname)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds dist/ for the tests' child processes while the services are prepared: a template
 * database migrated once, which each test file clones (CREATE DATABASE … TEMPLATE) so files run
 * in parallel on their own data. With neither server reachable, the suite runs on the embedded
 * mode and says so.
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([buildDist(), prepareServices()]);
}

async function prepareServices(): Promise<void> {
  const pgUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL || DEFAULT_TEST_REDIS_URL;
  const [pg, redis] = await Promise.all([reachable(pgUrl, 5432), reachable(redisUrl, 6379)]);
  if (!pg || !redis) {
    if (process.env.CI === 'true') {
      throw new Error(`CI needs real Postgres and Redis: postgres ${pg ? 'up' : 'down'}, redis ${redis ? 'up' : 'down'}`);
    }
    process.env.RW_TEST_MODE = 'embedded';
    process.stdout.write(
      `\n[rivalwatch tests] Postgres ${pg ? 'up' : 'unreachable'}, Redis ${redis ? 'up' : 'unreachable'}: running on the EMBEDDED mode (PGlite, in-process jobs)\n`,
    );
    return;
  }
  process.env.RW_TEST_MODE = 'server';
  process.env.RW_TEST_PG_URL = pgUrl;
  process.env.RW_TEST_REDIS_URL = redisUrl;
  const template = templateDatabase();
  process.env.RW_TEST_TEMPLATE = template;
  await withAdmin(pgUrl, async (admin) => {
    // Drop databases left by killed runs: their names carry the pid of the jest process that made
    // them, so a run going on at the same time (another checkout, another engineer) keeps its own.
    const stale: { datname: string }[] = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'rw\\_t\\_%'`);
    for (const { datname } of stale.filter((d) => !ownerAlive(d.datname))) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
  });
  const migrator = new DataSource(dataSourceOptions({ url: databaseUrl(pgUrl, template) }, ENTITIES));
  await migrator.initialize();
  await migrator.runMigrations({ transaction: 'each' });
  await migrator.destroy();
  process.stdout.write(`\n[rivalwatch tests] real Postgres (${new URL(pgUrl).host}) and Redis (${new URL(redisUrl).host})\n`);
}
