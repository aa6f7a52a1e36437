import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { EvidenceMaker } from '../../src/evidence/evidence-maker.service';
import { EvidenceRepository } from '../../src/evidence/evidence.repository';
import { insertChange, insertSnapshot, MonitorRecord, seedWorkspace } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';

const NO_CHROMIUM = 'No Chromium is installed to take screenshots.';

interface Rows {
  screenshot: { status: string; reason: string | null; html: string | null } | null;
  visual: { status: string; reason: string | null } | null;
}

async function rows(db: DataSource, snapshotId: number, changeId: number | null): Promise<Rows> {
  const [screenshot] = await db.query(`SELECT status, reason, html FROM page_screenshots WHERE snapshot_id = $1`, [snapshotId]);
  const [visual] = changeId === null ? [] : await db.query(`SELECT status, reason FROM change_visuals WHERE change_id = $1`, [changeId]);
  return { screenshot: screenshot ?? null, visual: visual ?? null };
}

/** The statements run during `work`, transaction control included: each is a round trip. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const query = jest.spyOn(PostgresQueryRunner.prototype, 'query');
  try {
    await work();
    return query.mock.calls.map(([sql]) => sql);
  } finally {
    query.mockRestore();
  }
}

/**
 * The evidence rows on real Postgres (DESIGN §5e): a check's pending screenshot and its change's
 * pending evidence added in one statement, and a process without Chromium marking both unavailable
 * in one, leaving what is no longer pending as it is.
 */
describe('evidence rows', () => {
  let t: TestApp;
  let repository: EvidenceRepository;
  let maker: EvidenceMaker;
  let monitor: MonitorRecord;

  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api', CHROMIUM_PATH: '/nonexistent/chromium' });
    const s = await createSession(t);
    ({ monitors: [monitor] } = await seedWorkspace(t.db, s.accountId, { types: ['pricing'] }));
    repository = t.app.get(EvidenceRepository);
    maker = t.app.get(EvidenceMaker);
  });
  afterAll(() => t?.close());

  async function changedCheck(): Promise<{ snapshotId: number; changeId: number }> {
    const previous = await insertSnapshot(t.db, { monitorId: monitor.id });
    const snapshot = await insertSnapshot(t.db, { monitorId: monitor.id });
    const change = await insertChange(t.db, { monitor, snapshotId: snapshot.id, previousSnapshotId: previous.id });
    return { snapshotId: Number(snapshot.id), changeId: Number(change.id) };
  }

  const pending = (o: { snapshotId: number; changeId: number | null }) => ({ monitorId: monitor.id, pageUrl: 'https://rival.example/pricing', html: '<p>Pro $59</p>', ...o });

  it('adds the screenshot and its change’s evidence, pending, in one statement; a snapshot recorded twice adds nothing', async () => {
    const { snapshotId, changeId } = await changedCheck();
    let id: number | null = null;
    const statements = await statementsOf(async () => (id = await repository.addPending(pending({ snapshotId, changeId }))));
    expect(statements).toHaveLength(1);
    expect(id).toEqual(expect.any(Number));
    expect(await rows(t.db, snapshotId, changeId)).toEqual({
      screenshot: { status: 'pending', reason: null, html: '<p>Pro $59</p>' },
      visual: { status: 'pending', reason: null },
    });

    expect(await repository.addPending({ ...pending({ snapshotId, changeId }), html: 'again' })).toBeNull();
    const [{ shots, visuals }] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM page_screenshots WHERE snapshot_id = $1) AS shots, (SELECT count(*)::int FROM change_visuals WHERE change_id = $2) AS visuals`,
      [snapshotId, changeId],
    );
    expect({ shots, visuals }).toEqual({ shots: 1, visuals: 1 });
    expect((await rows(t.db, snapshotId, changeId)).screenshot?.html).toBe('<p>Pro $59</p>');
  });

  it('adds only the screenshot at a baseline', async () => {
    const snapshot = await insertSnapshot(t.db, { monitorId: monitor.id });
    expect(await repository.addPending(pending({ snapshotId: Number(snapshot.id), changeId: null }))).toEqual(expect.any(Number));
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM page_screenshots WHERE snapshot_id = $1`, [snapshot.id]);
    expect(n).toBe(1);
  });

  it('without Chromium: the screenshot and its change’s evidence are unavailable for the same reason, in one statement', async () => {
    const { snapshotId, changeId } = await changedCheck();
    const id = (await repository.addPending(pending({ snapshotId, changeId })))!;
    const statements = await statementsOf(() => maker.make(id));
    expect(statements).toHaveLength(1);
    expect(await rows(t.db, snapshotId, changeId)).toEqual({
      screenshot: { status: 'unavailable', reason: NO_CHROMIUM, html: null },
      visual: { status: 'unavailable', reason: NO_CHROMIUM },
    });
  });

  it('without Chromium at a baseline: only the screenshot is unavailable', async () => {
    const snapshot = await insertSnapshot(t.db, { monitorId: monitor.id });
    const id = (await repository.addPending(pending({ snapshotId: Number(snapshot.id), changeId: null })))!;
    await maker.make(id);
    expect((await rows(t.db, Number(snapshot.id), null)).screenshot).toEqual({ status: 'unavailable', reason: NO_CHROMIUM, html: null });
  });

  it.each([
    { status: 'ready', reason: null },
    { status: 'unavailable', reason: 'The page could not be rendered: 500' },
  ])('leaves a screenshot already $status as it is, with its change’s evidence', async ({ status, reason }) => {
    const { snapshotId, changeId } = await changedCheck();
    const id = (await repository.addPending(pending({ snapshotId, changeId })))!;
    await t.db.query(`UPDATE page_screenshots SET status = $2, reason = $3 WHERE id = $1`, [id, status, reason]);
    const before = await rows(t.db, snapshotId, changeId);
    await maker.make(id);
    await maker.giveUp(id, new Error('out of attempts'));
    expect(await rows(t.db, snapshotId, changeId)).toEqual(before);
    expect(before.visual).toEqual({ status: 'pending', reason: null });
  });

  it('gives up on a pending screenshot and its change’s evidence, for the job’s error', async () => {
    const { snapshotId, changeId } = await changedCheck();
    const id = (await repository.addPending(pending({ snapshotId, changeId })))!;
    await maker.giveUp(id, new Error('out of attempts'));
    const reason = 'The screenshot could not be taken: out of attempts';
    expect(await rows(t.db, snapshotId, changeId)).toEqual({
      screenshot: { status: 'unavailable', reason, html: null },
      visual: { status: 'unavailable', reason },
    });
  });
});
