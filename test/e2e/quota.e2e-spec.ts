import {
  checksUsed,
  count,
  expectError,
  insertCompetitor,
  insertMonitor,
  insertWorkspace,
  MonitorRecord,
  setChecksUsed,
} from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const PRO_CHECKS = 10_000;

/** The monthly check balance is spent atomically: concurrent calls never spend more than the quota. */
describe('check quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  async function monitorsIn(s: Session, workspaces: number, perWorkspace: number) {
    const out: { workspaceId: number; monitors: MonitorRecord[] }[] = [];
    for (let w = 0; w < workspaces; w++) {
      const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
      const competitor = await insertCompetitor(t.db, { workspace });
      const monitors: MonitorRecord[] = [];
      for (let i = 0; i < perWorkspace; i++) monitors.push(await insertMonitor(t.db, { competitor, monitorType: 'custom' }));
      out.push({ workspaceId: workspace.id, monitors });
    }
    return out;
  }

  it('lets exactly 10 of 50 concurrent checks through with a balance of 10', async () => {
    const s = await createSession(t);
    const [{ monitors }] = await monitorsIn(s, 1, 50);
    await setChecksUsed(t.db, s.accountId, PRO_CHECKS - 10);

    const results = await Promise.all(monitors.map((m) => s.post(`/monitors/${m.id}/check`)));

    const queued = results.filter((r) => r.status === 202);
    expect(queued).toHaveLength(10);
    for (const r of queued) expect(r.body).toEqual({ status: 'queued', monitor_id: expect.any(Number), run_id: expect.any(Number) });
    const refused = results.filter((r) => r.status !== 202);
    expect(refused).toHaveLength(40);
    for (const r of refused) expectError(r, 429, 'quota_exceeded');

    expect(await checksUsed(t.db, s.accountId)).toBe(PRO_CHECKS); // exactly the 10 spent
    expect(await count(t.db, `runs WHERE monitor_id = ANY($1::int[])`, [monitors.map((m) => m.id)])).toBe(10);
    const runMonitors = await t.db.query(`SELECT monitor_id FROM runs WHERE monitor_id = ANY($1::int[]) ORDER BY monitor_id`, [
      monitors.map((m) => m.id),
    ]);
    expect(runMonitors.map((r: { monitor_id: number }) => r.monitor_id)).toEqual(queued.map((r) => r.body.monitor_id).sort((a, b) => a - b));
    const account = await s.get('/account').expect(200);
    expect(account.body.account.usage).toMatchObject({ checks_used: PRO_CHECKS, checks_remaining: 0 });
  });

  it('never queues more than the balance across concurrent refreshes', async () => {
    const s = await createSession(t);
    const spaces = await monitorsIn(s, 5, 6);
    await setChecksUsed(t.db, s.accountId, PRO_CHECKS - 10);

    const results = await Promise.all(spaces.map((w) => s.post(`/workspaces/${w.workspaceId}/refresh`)));

    for (const r of results) expect(r.status).toBe(202);
    const queued = results.reduce((n, r) => n + r.body.count, 0);
    const skipped = results.reduce((n, r) => n + r.body.skipped, 0);
    expect(queued).toBe(10);
    expect(skipped).toBe(20);
    for (const r of results) expect(r.body.skipped_ids).toHaveLength(r.body.skipped);
    expect(await checksUsed(t.db, s.accountId)).toBe(PRO_CHECKS);
    const allIds = spaces.flatMap((w) => w.monitors.map((m) => m.id));
    expect(await count(t.db, `runs WHERE monitor_id = ANY($1::int[])`, [allIds])).toBe(10);
  });

  it('lets exactly as many concurrent competitor adds through as there are checks', async () => {
    const s = await createSession(t);
    const workspaces = [];
    for (let i = 0; i < 8; i++) workspaces.push(await insertWorkspace(t.db, { accountId: s.accountId }));
    await setChecksUsed(t.db, s.accountId, PRO_CHECKS - 3);

    const results = await Promise.all(workspaces.map((w, i) => s.post(`/workspaces/${w.id}/competitors`, { url: `https://rival${i}.example` })));

    expect(results.filter((r) => r.status === 202)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 202)) expectError(r, 429, 'quota_exceeded');
    expect(await count(t.db, `competitors WHERE account_id = $1`, [s.accountId])).toBe(3);
    expect(await checksUsed(t.db, s.accountId)).toBe(PRO_CHECKS);
  });

  it('keeps balances per account', async () => {
    const spent = await createSession(t, 'trial');
    const fresh = await createSession(t, 'trial');
    await setChecksUsed(t.db, spent.accountId, 100);
    const [a] = await monitorsIn(spent, 1, 1);
    const [b] = await monitorsIn(fresh, 1, 1);
    expectError(await spent.post(`/monitors/${a.monitors[0].id}/check`), 429, 'quota_exceeded');
    await fresh.post(`/monitors/${b.monitors[0].id}/check`).expect(202);
    expect(await checksUsed(t.db, fresh.accountId)).toBe(1);
    expect(await checksUsed(t.db, spent.accountId)).toBe(100);
  });

  it('counts only the current calendar month (UTC)', async () => {
    const s = await createSession(t, 'trial');
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    await t.db.query(`INSERT INTO check_usage (account_id, period_start, checks_used) VALUES ($1, $2, 100)`, [s.accountId, lastMonth]);
    const [w] = await monitorsIn(s, 1, 1);
    await s.post(`/monitors/${w.monitors[0].id}/check`).expect(202);
    const account = await s.get('/account').expect(200);
    expect(account.body.account.usage).toMatchObject({ checks_used: 1, checks_remaining: 99 });
  });

  it('does not spend checks on reads, even at a zero balance', async () => {
    const s = await createSession(t, 'trial');
    const [w] = await monitorsIn(s, 1, 1);
    await setChecksUsed(t.db, s.accountId, 100);
    const competitorId = w.monitors[0].competitor_id;
    for (const path of [
      '/workspaces',
      `/workspaces/${w.workspaceId}`,
      `/workspaces/${w.workspaceId}/competitors`,
      `/workspaces/${w.workspaceId}/digest`,
      `/competitors/${competitorId}`,
      `/competitors/${competitorId}/discovery_status`,
      `/monitors?workspace_id=${w.workspaceId}`,
      `/monitors/${w.monitors[0].id}`,
      `/changes?workspace_id=${w.workspaceId}`,
      '/account',
    ]) {
      expect([path, (await s.get(path)).status]).toEqual([path, 200]);
    }
    expect(await checksUsed(t.db, s.accountId)).toBe(100);
  });
});
