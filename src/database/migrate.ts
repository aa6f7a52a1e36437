import { DataSource, MigrationExecutor } from 'typeorm';

/** Advisory lock key of schema migrations ("riva" in ASCII, read as an integer). */
export const MIGRATION_LOCK_KEY = 1919514209;

/**
 * Applies pending migrations once, whichever process gets there first: they run under a Postgres
 * advisory lock, so processes started together (api, worker, scheduler on an empty database)
 * wait for the first one's migrations, then find nothing left to do. Lock and migrations share
 * one connection, so this also works with a pool of one. Returns how many migrations it applied.
 */
export async function migrate(dataSource: DataSource): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      return (await executor.executePendingMigrations()).length;
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    await runner.release();
  }
}
