import { DataSource } from 'typeorm';
import { RETENTION_LOCK } from '../../src/monitors/retention.repository';
import { RetentionService } from '../../src/scheduler/retention.service';
import { count, insertChange, MonitorRecord, seedWorkspace } from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function run(db: DataSource, monitorId: number, createdAt: Date, status = 'succeeded'): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO runs (monitor_id, kind, status, created_at, started_at, finished_at)
     VALUES ($1, 'scheduled', $2, $3::timestamptz, $3::timestamptz, CASE WHEN $2 IN ('pending', 'running') THEN NULL ELSE $3::timestamptz END) RETURNING id`,
    [monitorId, status, createdAt],
  );
  return row.id;
}

async function snapshot(db: DataSource, monitorId: number, capturedAt: Date, runId: number | null = null): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO snapshots (monitor_id, run_id, url, captured_at, content_hash, markdown, fields)
     VALUES ($1, $2, 'https://rival.example/pricing', $3, md5(random()::text), '# Pricing', '{}') RETURNING id`,
    [monitorId, runId, capturedAt],
  );
  return row.id;
}

async function existing(db: DataSource, table: 'runs' | 'snapshots', ids: number[]): Promise<number[]> {
  const rows: { id: number }[] = await db.query(`SELECT id FROM ${table} WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
  return rows.map((r) => r.id);
}

describe('retention of runs and snapshots', () => {
  let t: TestApp;
  let s: Session;
  let a: MonitorRecord;
  let b: MonitorRecord;
  /** An old run left `running`; the second test finishes it. */
  let oldUnfinished: number;
  beforeAll(async () => {
    // Two rows per statement, so a pass takes several batches.
    t = await createTestApp({ ROLE: 'scheduler', RETENTION_RUNS_DAYS: '90', RETENTION_SNAPSHOTS_DAYS: '7', RETENTION_BATCH_SIZE: '2' });
    s = await createSession(t);
    ({ monitors: [a, b] } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'] }));
  });
  afterAll(() => t.close());

  it('deletes old runs and unneeded snapshots, keeping last runs, runs and snapshots changes point to, and the two newest snapshots', async () => {
    const db = t.db;
    // Runs, oldest first (ids grow with time).
    const bOnlyRun = await run(db, b.id, daysAgo(200));
    const oldPlain = await run(db, a.id, daysAgo(120));
    const oldOfChange = await run(db, a.id, daysAgo(120));
    oldUnfinished = await run(db, a.id, daysAgo(110), 'running');
    const oldPlain2 = await run(db, a.id, daysAgo(100));
    const recent = await run(db, a.id, daysAgo(10));
    const aLast = await run(db, a.id, new Date());
    await db.query(`UPDATE monitors SET last_run_id = $2 WHERE id = $1`, [b.id, bOnlyRun]);
    await db.query(`UPDATE monitors SET last_run_id = $2 WHERE id = $1`, [a.id, aLast]);

    // Snapshots of A, oldest first; the last two are the newest (latest and the one before).
    const unneeded = await snapshot(db, a.id, daysAgo(30), oldPlain);
    const previousOfChange = await snapshot(db, a.id, daysAgo(30));
    const ofChange = await snapshot(db, a.id, daysAgo(30), oldOfChange);
    const unneeded2 = await snapshot(db, a.id, daysAgo(30));
    const recentSnapshot = await snapshot(db, a.id, daysAgo(3));
    const beforeLatest = await snapshot(db, a.id, daysAgo(20));
    const latest = await snapshot(db, a.id, daysAgo(20), aLast);
    await db.query(`UPDATE monitors SET last_snapshot_id = $2 WHERE id = $1`, [a.id, latest]);
    // B's only snapshot is old and not its last_snapshot_id, but it is B's newest.
    const bOnlySnapshot = await snapshot(db, b.id, daysAgo(60));

    const change = await insertChange(db, { monitor: a, snapshotId: ofChange, previousSnapshotId: previousOfChange });
    await db.query(`UPDATE changes SET run_id = $2 WHERE id = $1`, [change.id, oldOfChange]);

    const result = await t.app.get(RetentionService).runOnce();
    expect(result).toEqual({ snapshotsDeleted: 2, runsDeleted: 2, screenshotsDeleted: 0, visualsExpired: 0 });

    expect(await existing(db, 'runs', [bOnlyRun, oldPlain, oldOfChange, oldUnfinished, oldPlain2, recent, aLast])).toEqual([
      bOnlyRun,
      oldOfChange,
      oldUnfinished,
      recent,
      aLast,
    ]);
    expect(
      await existing(db, 'snapshots', [unneeded, previousOfChange, ofChange, unneeded2, recentSnapshot, beforeLatest, latest, bOnlySnapshot]),
    ).toEqual([previousOfChange, ofChange, recentSnapshot, beforeLatest, latest, bOnlySnapshot]);
    // What stays is intact: the change keeps its run and snapshots, the monitors their last run and snapshot.
    const [kept] = await db.query(`SELECT run_id, snapshot_id, previous_snapshot_id FROM changes WHERE id = $1`, [change.id]);
    expect(kept).toEqual({ run_id: oldOfChange, snapshot_id: ofChange, previous_snapshot_id: previousOfChange });
    const monitors = await db.query(`SELECT id, last_run_id, last_snapshot_id FROM monitors WHERE id = ANY($1::int[]) ORDER BY id`, [
      [a.id, b.id],
    ]);
    expect(monitors).toEqual([
      { id: a.id, last_run_id: aLast, last_snapshot_id: latest },
      { id: b.id, last_run_id: bOnlyRun, last_snapshot_id: null },
    ]);
    // Bigint ids come back as numbers.
    expect(typeof kept.run_id).toBe('number');

    // A second pass finds nothing more to delete.
    expect(await t.app.get(RetentionService).runOnce()).toEqual({ snapshotsDeleted: 0, runsDeleted: 0, screenshotsDeleted: 0, visualsExpired: 0 });
  });

  it('leaves the pass to the scheduler that holds the retention lock', async () => {
    // The sweep of abandoned runs closes it: now past retention and deletable.
    const old = oldUnfinished;
    await t.db.query(`UPDATE runs SET status = 'failed', finished_at = now() WHERE id = $1`, [old]);
    const other = t.db.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(`SELECT pg_advisory_xact_lock($1)`, [RETENTION_LOCK]);
      expect(await t.app.get(RetentionService).runOnce()).toEqual({ snapshotsDeleted: 0, runsDeleted: 0, screenshotsDeleted: 0, visualsExpired: 0 });
      expect(await count(t.db, `runs WHERE id = $1`, [old])).toBe(1);
      await other.commitTransaction();
    } finally {
      await other.release();
    }
    expect(await t.app.get(RetentionService).runOnce()).toEqual({ snapshotsDeleted: 0, runsDeleted: 1, screenshotsDeleted: 0, visualsExpired: 0 });
    expect(await count(t.db, `runs WHERE id = $1`, [old])).toBe(0);
  });

  it('deletes screenshots and change crops past RETENTION_EVIDENCE_DAYS, keeping each monitor’s newest screenshot', async () => {
    const db = t.db;
    const shot = async (monitorId: number, snapshotId: number, createdAt: Date, status = 'ready'): Promise<number> => {
      const [row] = await db.query(
        `INSERT INTO page_screenshots (monitor_id, snapshot_id, page_url, status, image, created_at)
         VALUES ($1, $2, 'https://rival.example/pricing', $3, '\\x89504e47'::bytea, $4) RETURNING id`,
        [monitorId, snapshotId, status, createdAt],
      );
      return row.id;
    };
    const oldest = await shot(a.id, 9_000_001, daysAgo(300));
    const oldFailed = await shot(a.id, 9_000_002, daysAgo(250), 'unavailable');
    const newestOfA = await shot(a.id, 9_000_003, daysAgo(200));
    const recent = await shot(b.id, 9_000_004, daysAgo(10));
    const change = await insertChange(db, { monitor: a, snapshotId: null, previousSnapshotId: null });
    const recentChange = await insertChange(db, { monitor: a, snapshotId: null, previousSnapshotId: null });
    await db.query(
      `INSERT INTO change_visuals (change_id, status, before_png, before_width, before_height, after_png, after_width, after_height, created_at)
       VALUES ($1, 'ready', '\\x00'::bytea, 480, 160, '\\x00'::bytea, 480, 160, $2), ($3, 'ready', '\\x00'::bytea, 480, 160, '\\x00'::bytea, 480, 160, now())`,
      [change.id, daysAgo(190), recentChange.id],
    );

    expect(await t.app.get(RetentionService).runOnce()).toEqual({ snapshotsDeleted: 0, runsDeleted: 0, screenshotsDeleted: 2, visualsExpired: 1 });
    const left: { id: number }[] = await db.query(`SELECT id FROM page_screenshots WHERE id = ANY($1::bigint[]) ORDER BY id`, [[oldest, oldFailed, newestOfA, recent]]);
    expect(left.map((r) => r.id)).toEqual([newestOfA, recent]);
    const visuals = await db.query(`SELECT change_id, status, reason, before_png IS NULL AS gone FROM change_visuals ORDER BY change_id`);
    expect(visuals).toEqual([
      { change_id: change.id, status: 'unavailable', reason: expect.stringContaining('RETENTION_EVIDENCE_DAYS'), gone: true },
      { change_id: recentChange.id, status: 'ready', reason: null, gone: false },
    ]);
  });
});
