import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createMissingDatabase } from '../../src/database/missing-database';
import { CLI_JS } from '../support/build';
import { databaseUrl, testMode, withAdmin } from '../support/services';

const run = promisify(execFile);
const onServers = testMode() === 'server' ? describe : describe.skip;

/** First run on a real Postgres whose database does not exist yet (DESIGN §5: the process migrates on start). */
onServers('first run: DATABASE_URL names a database that does not exist', () => {
  const serverUrl = () => process.env.RW_TEST_PG_URL!;
  // Named like the test databases, so the clean-up of a killed run drops them too.
  const created = `rw_t_${process.pid}_firstrun`;
  const denied = `rw_t_${process.pid}_denied`;
  const role = `rw_t_${process.pid}_nocreate`;

  afterAll(async () => {
    await withAdmin(serverUrl(), async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${created}" WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS "${denied}"`);
      await admin.query(`DROP ROLE IF EXISTS "${role}"`);
    });
  });

  it('creates the database and migrates it (npm run cli -- db:migrate)', async () => {
    const { stdout } = await run(process.execPath, [CLI_JS, 'db:migrate'], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl(serverUrl(), created), LOG_LEVEL: 'error' },
      timeout: 90_000,
    });
    expect(JSON.parse(stdout)).toEqual({ migrated: true });
    const tables = await withAdmin(databaseUrl(serverUrl(), created), (db) =>
      db.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('accounts', 'changes', 'competitors')`),
    );
    expect(tables[0].n).toBe(3);
  }, 120_000);

  it('says exactly what to run when it may not create databases', async () => {
    await withAdmin(serverUrl(), (admin) => admin.query(`CREATE ROLE "${role}" LOGIN NOCREATEDB`));
    const url = new URL(databaseUrl(serverUrl(), denied));
    url.username = role;
    url.password = 'not-shown';
    const attempt = createMissingDatabase(url.toString());
    await expect(attempt).rejects.toThrow(`database "${denied}" does not exist and could not be created`);
    const port = url.port ? ` -p ${url.port}` : '';
    await expect(attempt).rejects.toThrow(`create it with: createdb -h ${url.hostname}${port} -U ${role} ${denied}`);
    await expect(attempt).rejects.not.toThrow('not-shown');
  });
});
