import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { migrate } from '../../src/database/migrate';
import { ENTITIES } from '../../src/entities';
import { seedWorkspace } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';

const MIGRATION = 'Lz4ToastCompression1765300000000';
const LZ4_COLUMNS = ['changes.raw_diff', 'page_screenshots.html', 'page_screenshots.layout', 'snapshots.fields', 'snapshots.markdown'];

/** Each column's TOAST compression: `l` for lz4, `p` for pglz, `` for the server's default. */
async function compressionOf(db: DataSource): Promise<Record<string, string>> {
  const rows: { name: string; method: string }[] = await db.query(
    `SELECT attrelid::regclass || '.' || attname AS name, attcompression AS method FROM pg_attribute
      WHERE (attrelid::regclass || '.' || attname) = ANY($1) ORDER BY 1`,
    [LZ4_COLUMNS],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.method]));
}

async function offersLz4(db: DataSource): Promise<boolean> {
  const [row] = await db.query(`SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
  return Boolean(row?.lz4);
}

const every = (method: string) => Object.fromEntries(LZ4_COLUMNS.map((c) => [c, method]));

describe('lz4 TOAST compression of the large columns written at each change', () => {
  describe('on the test database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ROLE: 'api' });
    });
    afterAll(() => t?.close());

    it('is lz4 where the server offers it, the default elsewhere, and `down` restores the default', async () => {
      const lz4 = await offersLz4(t.db);
      expect(await compressionOf(t.db)).toEqual(every(lz4 ? 'l' : ''));
      if (lz4) {
        const { monitors } = await seedWorkspace(t.db, (await createSession(t)).accountId);
        const [{ id }] = await t.db.query(
          `INSERT INTO page_screenshots (monitor_id, snapshot_id, page_url, html)
           VALUES ($1, 1, 'https://acme.test/pricing', repeat('<p>Pro: $59 per month</p>', 8000)) RETURNING id`,
          [monitors[0].id],
        );
        const [row] = await t.db.query(`SELECT pg_column_compression(html) AS method FROM page_screenshots WHERE id = $1`, [id]);
        expect(row.method).toBe('lz4');
      }
      await t.db.undoLastMigration({ transaction: 'each' });
      expect(await compressionOf(t.db)).toEqual(every(''));
      await t.db.runMigrations({ transaction: 'each' });
      expect(await compressionOf(t.db)).toEqual(every(lz4 ? 'l' : ''));
    });
  });

  describe('on the embedded server (PGlite, built without lz4)', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'rw-lz4-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('applies as a no-op: the columns keep pglz and the migration is recorded', async () => {
      const embedded = await startEmbeddedPostgres(dataDir);
      const db = new DataSource(dataSourceOptions({ socketDir: embedded.socketDir, port: embedded.port, poolSize: 1 }, ENTITIES));
      try {
        await db.initialize();
        await migrate(db);
        expect(await offersLz4(db)).toBe(false);
        expect(await compressionOf(db)).toEqual(every(''));
        const applied: { name: string }[] = await db.query(`SELECT name FROM migrations WHERE name = $1`, [MIGRATION]);
        expect(applied).toEqual([{ name: MIGRATION }]);
      } finally {
        if (db.isInitialized) await db.destroy();
        await embedded.stop();
      }
      // PGlite creates and migrates its database in WebAssembly: over a minute on a loaded 2-core machine.
    }, 180_000);
  });
});
