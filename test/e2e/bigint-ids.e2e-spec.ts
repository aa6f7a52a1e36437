import { SnapshotsRepository } from '../../src/capture/snapshots.repository';
import { insertChange, insertRun, seedWorkspace } from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

/** Past what a 32-bit `serial` holds: where a year of checks takes the growing tables. */
const FIRST_ID = 3_000_000_000;

describe('bigint ids of the tables that grow with checks', () => {
  let t: TestApp;
  let s: Session;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    s = await createSession(t);
    for (const table of ['runs', 'snapshots', 'changes', 'webhook_deliveries']) {
      await t.db.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2)`, [table, FIRST_ID]);
    }
  });
  afterAll(() => t.close());

  it('answers ids past 2^31 as JSON numbers, pages the feed with cursors and finds a change by id', async () => {
    const { workspace, monitors } = await seedWorkspace(t.db, s.accountId);
    const start = Date.now() - 60_000;
    const changes = [];
    for (let i = 0; i < 3; i++) changes.push(await insertChange(t.db, { monitor: monitors[0], createdAt: new Date(start + i * 1000) }));
    const [newest, middle, oldest] = changes.map((c) => c.id).reverse();
    expect(oldest).toBe(FIRST_ID + 1);

    const first = await s.get(`/changes?workspace_id=${workspace.id}&limit=2`).expect(200);
    expect(first.body.changes.map((c: { id: number }) => c.id)).toEqual([newest, middle]);
    expect(Number.isSafeInteger(first.body.next_cursor)).toBe(true);
    const second = await s.get(`/changes?workspace_id=${workspace.id}&limit=2&after=${first.body.next_cursor}`).expect(200);
    expect(second.body.changes.map((c: { id: number }) => c.id)).toEqual([oldest]);
    expect(second.body.has_more).toBe(false);

    const detail = await s.get(`/changes/${middle}`).expect(200);
    expect(detail.body.change.id).toBe(middle);
    await s.patch(`/changes/${middle}`, { review_status: 'acknowledged' }).expect(200);
    await s.get(`/changes/${FIRST_ID + 999}`).expect(404);

    const run = await insertRun(t.db, { monitorId: monitors[0].id });
    expect(run.id).toBe(FIRST_ID + 1);
    const monitor = await s.get(`/monitors/${monitors[0].id}`).expect(200);
    expect(monitor.body.monitor.last_run.id).toBe(run.id);
  });

  it('answers the id of a snapshot it inserts (only the id comes back) as the number of its row', async () => {
    const { monitors } = await seedWorkspace(t.db, s.accountId);
    const run = await insertRun(t.db, { monitorId: monitors[0].id });
    const markdown = `# Pricing\n\n${'Pro: $59 per month\n'.repeat(8000)}`;
    const id = await t.app.get(SnapshotsRepository).insert({
      monitor_id: monitors[0].id,
      run_id: run.id,
      url: 'https://acme.test/pricing',
      content_hash: 'bigint-snapshot',
      fetched_via: 'http',
      http_status: 200,
      markdown,
      fields: { plans: [], line_items: [], free_trial: null, billing_periods: [] },
      meta: { title: 'Pricing', site_name: null, description: null, image: null, icon: null, lang: null, author: null, published_at: null },
    });
    expect(typeof id).toBe('number');
    expect(id).toBeGreaterThan(FIRST_ID);
    const [row] = await t.db.query(`SELECT id, content_hash, markdown = $2 AS same_markdown FROM snapshots WHERE id = $1`, [id, markdown]);
    expect(row).toEqual({ id, content_hash: 'bigint-snapshot', same_markdown: true });
  });
});
