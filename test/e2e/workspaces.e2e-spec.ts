import {
  checksUsed,
  count,
  expectError,
  insertChange,
  insertCompetitor,
  insertMonitor,
  insertWorkspace,
  ISO_DATE,
  setChecksUsed,
} from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';

describe('workspaces', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: queued checks stay pending, so the tests see exactly what the API recorded.
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  describe('POST /workspaces', () => {
    it('creates a compact workspace with a slug', async () => {
      const s = await createSession(t);
      const res = await s.post('/workspaces', { name: '  Project Management Market ' }).expect(201);
      expect(res.body).toEqual({
        workspace: {
          id: expect.any(Number),
          name: 'Project Management Market',
          slug: 'project-management-market',
          created_at: expect.stringMatching(ISO_DATE),
        },
      });
      const [row] = await t.db.query(`SELECT account_id, name FROM workspaces WHERE id = $1`, [res.body.workspace.id]);
      expect(row).toEqual({ account_id: s.accountId, name: 'Project Management Market' });
    });

    it('gives a second workspace with the same name the next free slug', async () => {
      const s = await createSession(t);
      const a = await s.post('/workspaces', { name: 'CRM' }).expect(201);
      const b = await s.post('/workspaces', { name: 'crm' }).expect(201);
      expect(a.body.workspace.slug).toBe('crm');
      expect(b.body.workspace.slug).toBe('crm-2');
    });

    it.each([
      ['a missing name', {}],
      ['an empty name', { name: '' }],
      ['a number', { name: 42 }],
      ['a name over 120 characters', { name: 'x'.repeat(121) }],
    ])('refuses %s with 422 validation_failed and details', async (_label, body) => {
      const s = await createSession(t);
      const res = await s.post('/workspaces', body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field: 'name', message: expect.any(String) }]));
      expect(res.body.error.details.every((d: { field: string }) => d.field === 'name')).toBe(true);
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(0);
    });

    it('refuses a workspace over the plan cap with 422 plan_limit_exceeded', async () => {
      const s = await createSession(t, 'trial');
      await s.post('/workspaces', { name: 'First' }).expect(201);
      const res = await s.post('/workspaces', { name: 'Second' });
      expectError(res, 422, 'plan_limit_exceeded');
      expect(res.body.error).toMatchObject({ resource: 'workspaces', limit: 1 });
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(1);
    });

    it('keeps the cap under concurrent creates', async () => {
      const s = await createSession(t, 'starter');
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => s.post('/workspaces', { name: `W${i}` })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      for (const r of results.filter((x) => x.status !== 201)) expectError(r, 422, 'plan_limit_exceeded');
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(3);
    });
  });

  describe('GET /workspaces and GET /workspaces/{id}', () => {
    async function populated(accountId: number) {
      const workspace = await insertWorkspace(t.db, { accountId, name: 'Populated' });
      const a = await insertCompetitor(t.db, { workspace, logoUrl: 'https://a.example/logo.png' });
      const b = await insertCompetitor(t.db, { workspace });
      const ma = await insertMonitor(t.db, { competitor: a, monitorType: 'pricing' });
      await insertMonitor(t.db, { competitor: a, monitorType: 'blog', status: 'paused' });
      const mb = await insertMonitor(t.db, { competitor: b, monitorType: 'changelog' });
      await insertChange(t.db, { monitor: ma, severity: 'medium' });
      await insertChange(t.db, { monitor: ma, severity: 'high' });
      await insertChange(t.db, { monitor: mb, severity: 'low' });
      await insertChange(t.db, { monitor: mb, severity: 'critical', reviewStatus: 'acknowledged' });
      await insertChange(t.db, { monitor: ma, severity: 'critical', reviewStatus: 'dismissed' });
      return { workspace, a, b };
    }

    it('lists every workspace with review and monitor counts', async () => {
      const s = await createSession(t);
      const { workspace } = await populated(s.accountId);
      const empty = await insertWorkspace(t.db, { accountId: s.accountId, name: 'Empty' });
      const res = await s.get('/workspaces').expect(200);
      expect(res.body).toEqual({
        workspaces: [
          {
            id: workspace.id,
            name: 'Populated',
            slug: workspace.slug,
            created_at: new Date(workspace.created_at).toISOString(),
            needs_review_count: 3,
            max_unreviewed_severity: 'high',
            competitors_count: 2,
            monitors_total: 3,
            monitors_paused: 1,
          },
          {
            id: empty.id,
            name: 'Empty',
            slug: empty.slug,
            created_at: new Date(empty.created_at).toISOString(),
            needs_review_count: 0,
            max_unreviewed_severity: null,
            competitors_count: 0,
            monitors_total: 0,
            monitors_paused: 0,
          },
        ],
      });
    });

    it('lists nothing for a new account and never another account’s workspaces', async () => {
      const other = await createSession(t);
      await insertWorkspace(t.db, { accountId: other.accountId });
      const s = await createSession(t);
      expect((await s.get('/workspaces').expect(200)).body).toEqual({ workspaces: [] });
    });

    it('gets one workspace with counts and its competitors’ logos', async () => {
      const s = await createSession(t);
      const { workspace, a } = await populated(s.accountId);
      const res = await s.get(`/workspaces/${workspace.id}`).expect(200);
      expect(res.body).toEqual({
        workspace: {
          id: workspace.id,
          name: 'Populated',
          slug: workspace.slug,
          created_at: new Date(workspace.created_at).toISOString(),
          needs_review_count: 3,
          max_unreviewed_severity: 'high',
          competitors_count: 2,
          monitors_total: 3,
          monitors_paused: 1,
          competitor_logos: [{ competitor_id: a.id, name: a.name, logo_url: 'https://a.example/logo.png' }],
        },
      });
    });

    it('returns at most 12 competitor logos, never a null one', async () => {
      const s = await createSession(t);
      const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
      const withLogo: number[] = [];
      for (let i = 0; i < 16; i++) {
        const logo = i % 4 === 1 ? null : `https://logo${i}.example/l.png`;
        const c = await insertCompetitor(t.db, { workspace, logoUrl: logo });
        if (logo) withLogo.push(c.id);
      }
      expect(withLogo).toHaveLength(12);
      await insertCompetitor(t.db, { workspace, logoUrl: 'https://late.example/l.png' });
      const res = await s.get(`/workspaces/${workspace.id}`).expect(200);
      const logos = res.body.workspace.competitor_logos;
      expect(logos).toHaveLength(12);
      expect(logos.every((l: { logo_url: string | null }) => typeof l.logo_url === 'string')).toBe(true);
      expect(logos.map((l: { competitor_id: number }) => l.competitor_id)).toEqual(withLogo);
      expect(res.body.workspace.competitors_count).toBe(17);
    });

    it('updates needs_review_count when a change is triaged', async () => {
      const s = await createSession(t);
      const { workspace } = await populated(s.accountId);
      const [high] = await t.db.query(`SELECT id FROM changes WHERE workspace_id = $1 AND severity = 'high'`, [workspace.id]);
      await s.patch(`/changes/${high.id}`, { review_status: 'acknowledged' }).expect(200);
      const res = await s.get(`/workspaces/${workspace.id}`).expect(200);
      expect(res.body.workspace).toMatchObject({ needs_review_count: 2, max_unreviewed_severity: 'medium' });
    });

    it.each(['abc', '0', '-1', '99999999999', '999999'])('answers 404 not_found for workspace id %s', async (id) => {
      const s = await createSession(t);
      expectError(await s.get(`/workspaces/${id}`), 404, 'not_found');
    });
  });

  describe('POST /workspaces/{id}/refresh', () => {
    async function threeMonitors(accountId: number) {
      const workspace = await insertWorkspace(t.db, { accountId });
      const a = await insertCompetitor(t.db, { workspace });
      const b = await insertCompetitor(t.db, { workspace });
      const active1 = await insertMonitor(t.db, { competitor: a, monitorType: 'pricing' });
      const paused = await insertMonitor(t.db, { competitor: a, monitorType: 'blog', status: 'paused' });
      const throttled = await insertMonitor(t.db, { competitor: b, monitorType: 'docs', lastRunStartedAt: new Date() });
      const active2 = await insertMonitor(t.db, { competitor: b, monitorType: 'changelog' });
      return { workspace, a, b, active1, paused, throttled, active2 };
    }

    it('queues a pending on-demand run for every active monitor and lists the paused and throttled ones', async () => {
      const s = await createSession(t);
      const w = await threeMonitors(s.accountId);
      const res = await s.post(`/workspaces/${w.workspace.id}/refresh`).expect(202);
      expect(res.body).toEqual({ status: 'queued', count: 2, skipped: 2, skipped_ids: [w.paused.id, w.throttled.id] });
      const runs = await t.db.query(
        `SELECT r.monitor_id, r.kind, r.status, m.last_run_id = r.id AS is_last FROM runs r JOIN monitors m ON m.id = r.monitor_id
          WHERE m.workspace_id = $1 ORDER BY r.monitor_id`,
        [w.workspace.id],
      );
      expect(runs).toEqual([
        { monitor_id: w.active1.id, kind: 'on_demand', status: 'pending', is_last: true },
        { monitor_id: w.active2.id, kind: 'on_demand', status: 'pending', is_last: true },
      ]);
      expect(await checksUsed(t.db, s.accountId)).toBe(2);
    });

    it('skips every monitor on an immediate second refresh (throttled), spending nothing', async () => {
      const s = await createSession(t);
      const w = await threeMonitors(s.accountId);
      await s.post(`/workspaces/${w.workspace.id}/refresh`).expect(202);
      const res = await s.post(`/workspaces/${w.workspace.id}/refresh`, {}).expect(202);
      expect(res.body).toEqual({
        status: 'queued',
        count: 0,
        skipped: 4,
        skipped_ids: [w.active1.id, w.paused.id, w.throttled.id, w.active2.id],
      });
      expect(await checksUsed(t.db, s.accountId)).toBe(2);
    });

    it('refreshes only the given competitor’s monitors', async () => {
      const s = await createSession(t);
      const w = await threeMonitors(s.accountId);
      const res = await s.post(`/workspaces/${w.workspace.id}/refresh`, { competitor_id: w.a.id }).expect(202);
      expect(res.body).toEqual({ status: 'queued', count: 1, skipped: 1, skipped_ids: [w.paused.id] });
      expect(await count(t.db, `runs WHERE monitor_id = $1`, [w.active1.id])).toBe(1);
      expect(await count(t.db, `runs WHERE monitor_id = $1`, [w.active2.id])).toBe(0);
    });

    it('lists monitors it could not pay for in skipped_ids', async () => {
      const s = await createSession(t, 'trial');
      const w = await threeMonitors(s.accountId);
      await setChecksUsed(t.db, s.accountId, 99); // one check left of 100
      const res = await s.post(`/workspaces/${w.workspace.id}/refresh`).expect(202);
      expect(res.body).toEqual({
        status: 'queued',
        count: 1,
        skipped: 3,
        skipped_ids: [w.paused.id, w.throttled.id, w.active2.id],
      });
      expect(await checksUsed(t.db, s.accountId)).toBe(100);
      const again = await s.post(`/workspaces/${w.workspace.id}/refresh`).expect(202);
      expect(again.body).toMatchObject({ count: 0, skipped: 4 });
      // A monitor skipped for want of checks was not checked, so it is not throttled once checks return.
      await setChecksUsed(t.db, s.accountId, 0);
      const check = await s.post(`/monitors/${w.active2.id}/check`);
      expect(check.status).toBe(202);
    });

    it('answers 409 discovery_in_progress with active_competitor_id while a discovery runs', async () => {
      const s = await createSession(t);
      const w = await threeMonitors(s.accountId);
      const discovering = await insertCompetitor(t.db, { workspace: w.workspace, discoveryStatus: 'running' });
      const res = await s.post(`/workspaces/${w.workspace.id}/refresh`);
      expectError(res, 409, 'discovery_in_progress');
      expect(res.body.error.active_competitor_id).toBe(discovering.id);
      expect(await count(t.db, `runs r JOIN monitors m ON m.id = r.monitor_id WHERE m.workspace_id = $1`, [w.workspace.id])).toBe(0);
      expect(await checksUsed(t.db, s.accountId)).toBe(0);
    });

    it('answers 404 for a competitor of another workspace and 422 for a bad competitor_id', async () => {
      const s = await createSession(t);
      const w = await threeMonitors(s.accountId);
      const elsewhere = await insertCompetitor(t.db, { workspace: await insertWorkspace(t.db, { accountId: s.accountId }) });
      expectError(await s.post(`/workspaces/${w.workspace.id}/refresh`, { competitor_id: elsewhere.id }), 404, 'not_found');
      const bad = await s.post(`/workspaces/${w.workspace.id}/refresh`, { competitor_id: 'seven' });
      expectError(bad, 422, 'validation_failed');
      expect(bad.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'competitor_id' })]));
      expect(await checksUsed(t.db, s.accountId)).toBe(0);
    });
  });
});
