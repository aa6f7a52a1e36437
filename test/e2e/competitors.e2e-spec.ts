import IORedis from 'ioredis';
import {
  checksUsed,
  count,
  expectError,
  insertChange,
  insertCompetitor,
  insertMonitor,
  insertRun,
  insertSnapshot,
  insertWorkspace,
  ISO_DATE,
  seedWorkspace,
  setChecksUsed,
} from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

describe('competitors', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: discovery stays pending, so the tests see exactly what the API recorded.
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  async function workspaceOf(s: Session) {
    return insertWorkspace(t.db, { accountId: s.accountId });
  }

  describe('POST /workspaces/{id}/competitors', () => {
    it('starts a discovery: 202, a pending competitor, one check spent, a discovery job queued', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const res = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://Acme.example', monitor_types: ['pricing', 'blog'] });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        status: 'discovering',
        url: 'https://acme.example/',
        competitor: { id: expect.any(Number), name: 'acme.example', discovery_status: 'pending', homepage_url: 'https://acme.example/' },
      });
      const [row] = await t.db.query(
        `SELECT account_id, workspace_id, domain, slug, discovery_status, discovery_monitor_types FROM competitors WHERE id = $1`,
        [res.body.competitor.id],
      );
      expect(row).toEqual({
        account_id: s.accountId,
        workspace_id: ws.id,
        domain: 'acme.example',
        slug: 'acme',
        discovery_status: 'pending',
        discovery_monitor_types: ['pricing', 'blog'],
      });
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
      if (t.config.redisUrl) {
        const redis = new IORedis(t.config.redisUrl);
        try {
          const job = await redis.hgetall(`${t.config.redisPrefix}:discovery:discovery-${res.body.competitor.id}`);
          expect(JSON.parse(job.data)).toEqual({ competitorId: res.body.competitor.id });
        } finally {
          redis.disconnect();
        }
      }
    });

    it('answers a duplicate URL in any spelling with 200 and the same competitor, starting nothing', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const first = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://acme.example/' }).expect(202);
      const id = first.body.competitor.id;
      for (const url of ['http://acme.example', 'https://www.ACME.example/', 'https://acme.example:443/#pricing', 'HTTPS://Acme.Example//']) {
        const res = await s.post(`/workspaces/${ws.id}/competitors`, { url });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          status: 'exists',
          url: expect.any(String),
          competitor: {
            id,
            name: 'acme.example',
            homepage_url: 'https://acme.example/',
            domain: 'acme.example',
            slug: 'acme',
            logo_url: null,
            discovery_status: 'pending',
            discovered_at: null,
            created_at: expect.stringMatching(ISO_DATE),
            monitors: [],
          },
        });
      }
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [ws.id])).toBe(1);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
    });

    it('keeps the same URL apart in two workspaces', async () => {
      const s = await createSession(t);
      const [a, b] = [await workspaceOf(s), await workspaceOf(s)];
      const ra = await s.post(`/workspaces/${a.id}/competitors`, { url: 'https://acme.example' }).expect(202);
      const rb = await s.post(`/workspaces/${b.id}/competitors`, { url: 'https://acme.example' }).expect(202);
      expect(ra.body.competitor.id).not.toBe(rb.body.competitor.id);
    });

    it('refuses a second discovery with 409 discovery_in_progress and active_competitor_id', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const first = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://acme.example' }).expect(202);
      const res = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://globex.example' });
      expectError(res, 409, 'discovery_in_progress');
      expect(res.body.error.active_competitor_id).toBe(first.body.competitor.id);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
      // Once the discovery is over, the next one starts.
      await t.db.query(`UPDATE competitors SET discovery_status = 'completed' WHERE id = $1`, [first.body.competitor.id]);
      await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://globex.example' }).expect(202);
      expect(await checksUsed(t.db, s.accountId)).toBe(2);
    });

    it('discovers a failed competitor again when its URL is added again: 202, same id, one check spent (DESIGN §6.23)', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const first = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://acme.example' }).expect(202);
      const id = first.body.competitor.id;
      await t.db.query(
        `UPDATE competitors SET discovery_status = 'failed', discovery_error = 'homepage answered 503', discovery_finished_at = now() WHERE id = $1`,
        [id],
      );
      const retried = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://www.acme.example/' });
      expect(retried.status).toBe(202);
      expect(retried.body).toEqual({
        status: 'discovering',
        url: 'https://acme.example/',
        competitor: { id, name: 'acme.example', discovery_status: 'pending', homepage_url: 'https://acme.example/' },
      });
      const [row] = await t.db.query(`SELECT discovery_status, discovery_error FROM competitors WHERE id = $1`, [id]);
      expect(row).toEqual({ discovery_status: 'pending', discovery_error: null });
      expect(await checksUsed(t.db, s.accountId)).toBe(2);
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [ws.id])).toBe(1);
      if (t.config.redisUrl) {
        const redis = new IORedis(t.config.redisUrl);
        try {
          const keys = await redis.keys(`${t.config.redisPrefix}:discovery:discovery-${id}-retry-*`);
          expect(keys).toHaveLength(1);
        } finally {
          redis.disconnect();
        }
      }
      // While the retry runs, adding the URL again is a plain duplicate: 200, no check spent.
      const again = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://acme.example' }).expect(200);
      expect(again.body.status).toBe('exists');
      expect(await checksUsed(t.db, s.accountId)).toBe(2);
    });

    it('refuses to retry a failed discovery while another discovery runs in the workspace', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const failed = await insertCompetitor(t.db, { workspace: ws, discoveryStatus: 'failed' });
      const running = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://globex.example' }).expect(202);
      const [row] = await t.db.query(`SELECT homepage_url FROM competitors WHERE id = $1`, [failed.id]);
      const res = await s.post(`/workspaces/${ws.id}/competitors`, { url: row.homepage_url });
      expectError(res, 409, 'discovery_in_progress');
      expect(res.body.error.active_competitor_id).toBe(running.body.competitor.id);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
    });

    it('lets exactly one of 10 concurrent adds of different URLs start; the others get 409', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => s.post(`/workspaces/${ws.id}/competitors`, { url: `https://rival-${i}.example` })),
      );
      const started = results.filter((r) => r.status === 202);
      expect(started).toHaveLength(1);
      const winner = started[0].body.competitor.id;
      const refused = results.filter((r) => r.status !== 202);
      expect(refused).toHaveLength(9);
      for (const r of refused) {
        expectError(r, 409, 'discovery_in_progress');
        expect(r.body.error.active_competitor_id).toBe(winner);
      }
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [ws.id])).toBe(1);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
    });

    it('creates one competitor from 10 concurrent adds of the same URL; the others get it with 200', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          s.post(`/workspaces/${ws.id}/competitors`, { url: i % 2 ? 'https://www.initech.example/' : 'http://initech.example' }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 202]);
      const ids = new Set(results.map((r) => r.body.competitor.id));
      expect(ids.size).toBe(1);
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [ws.id])).toBe(1);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
    });

    it.each([
      ['a missing url', {}, 'url'],
      ['a url that is not a URL', { url: 'not a url' }, 'url'],
      ['an ftp url', { url: 'ftp://acme.example/' }, 'url'],
      ['a number as url', { url: 42 }, 'url'],
      ['an unknown monitor type', { url: 'https://acme.example', monitor_types: ['pricing', 'careers'] }, 'monitor_types'],
      ['monitor_types that is not an array', { url: 'https://acme.example', monitor_types: 'pricing' }, 'monitor_types'],
    ])('refuses %s with 422 validation_failed on the field', async (_label, body, field) => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      const res = await s.post(`/workspaces/${ws.id}/competitors`, body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field, message: expect.any(String) }]));
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [ws.id])).toBe(0);
      expect(await checksUsed(t.db, s.accountId)).toBe(0);
    });

    it('answers 429 quota_exceeded at a zero balance and creates nothing', async () => {
      const s = await createSession(t, 'trial');
      const ws = await workspaceOf(s);
      await setChecksUsed(t.db, s.accountId, 100);
      const res = await s.post(`/workspaces/${ws.id}/competitors`, { url: 'https://acme.example' });
      expectError(res, 429, 'quota_exceeded');
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [ws.id])).toBe(0);
      expect(await checksUsed(t.db, s.accountId)).toBe(100);
    });

    it('refuses private targets with 422 validation_failed unless they are allowed', async () => {
      const strict = await createTestApp({ ROLE: 'api', ALLOW_PRIVATE_NETWORK_TARGETS: 'false' });
      try {
        const s = await createSession(strict);
        const ws = await insertWorkspace(strict.db, { accountId: s.accountId });
        for (const url of ['http://127.0.0.1:8080/', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3', 'http://[::1]/']) {
          const res = await s.post(`/workspaces/${ws.id}/competitors`, { url });
          expectError(res, 422, 'validation_failed');
          expect(res.body.error.details).toEqual([{ field: 'url', message: expect.any(String) }]);
        }
        expect(await count(strict.db, `competitors`)).toBe(0);
      } finally {
        await strict.close();
      }
    });
  });

  describe('GET /workspaces/{id}/competitors', () => {
    it('lists the competitors with their monitors and last runs', async () => {
      const s = await createSession(t);
      const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'] });
      const run = await insertRun(t.db, { monitorId: monitors[0].id, status: 'failed', errorCode: 'http_error', errorMessage: 'HTTP 503' });
      const bare = await insertCompetitor(t.db, { workspace, discoveryStatus: 'failed', logoUrl: 'https://b.example/logo.svg' });
      const res = await s.get(`/workspaces/${workspace.id}/competitors`).expect(200);
      expect(res.body).toEqual({
        competitors: [
          {
            id: competitor.id,
            name: competitor.name,
            homepage_url: competitor.homepage_url,
            domain: competitor.domain,
            slug: competitor.slug,
            logo_url: null,
            discovery_status: 'completed',
            discovered_at: expect.stringMatching(ISO_DATE),
            created_at: expect.stringMatching(ISO_DATE),
            monitors: [
              {
                id: monitors[0].id,
                name: monitors[0].name,
                monitor_type: 'pricing',
                status: 'active',
                cadence: 'daily',
                last_run: {
                  id: run.id,
                  status: 'failed',
                  error_code: 'http_error',
                  error_message: 'HTTP 503',
                  finished_at: expect.stringMatching(ISO_DATE),
                },
              },
              { id: monitors[1].id, name: monitors[1].name, monitor_type: 'blog', status: 'active', cadence: 'daily', last_run: null },
            ],
          },
          {
            id: bare.id,
            name: bare.name,
            homepage_url: bare.homepage_url,
            domain: bare.domain,
            slug: bare.slug,
            logo_url: 'https://b.example/logo.svg',
            discovery_status: 'failed',
            discovered_at: null,
            created_at: expect.stringMatching(ISO_DATE),
            monitors: [],
          },
        ],
      });
    });

    it('lists an empty workspace as []', async () => {
      const s = await createSession(t);
      const ws = await workspaceOf(s);
      expect((await s.get(`/workspaces/${ws.id}/competitors`).expect(200)).body).toEqual({ competitors: [] });
    });
  });

  describe('GET /competitors/{id}', () => {
    it('returns the detail with full monitors, notes and the discovery record', async () => {
      const s = await createSession(t);
      const workspace = await workspaceOf(s);
      const surfaces = [
        { monitor_type: 'pricing', url: 'https://acme.example/pricing', outcome: 'monitored' },
        { monitor_type: 'blog', url: 'https://acme.example/blog', outcome: 'skipped_by_request' },
        { monitor_type: 'docs', url: 'https://acme.example/docs', outcome: 'skipped_plan_limit' },
      ];
      const competitor = await insertCompetitor(t.db, { workspace, surfaces, logoUrl: 'https://acme.example/logo.png' });
      const monitor = await insertMonitor(t.db, { competitor, monitorType: 'pricing', url: 'https://acme.example/pricing' });
      const n1 = await s.post(`/competitors/${competitor.id}/notes`, { body: 'Sales offers 30% to switchers.' }).expect(201);
      expect(n1.body).toEqual({ note: { id: expect.any(Number), body: 'Sales offers 30% to switchers.', created_at: expect.stringMatching(ISO_DATE) } });
      const n2 = await s.post(`/competitors/${competitor.id}/notes`, { body: 'Second note' }).expect(201);

      const res = await s.get(`/competitors/${competitor.id}`).expect(200);
      expect(res.body).toEqual({
        competitor: {
          id: competitor.id,
          name: competitor.name,
          homepage_url: competitor.homepage_url,
          domain: competitor.domain,
          slug: competitor.slug,
          logo_url: 'https://acme.example/logo.png',
          discovery_status: 'completed',
          discovered_at: expect.stringMatching(ISO_DATE),
          created_at: expect.stringMatching(ISO_DATE),
          monitors: [
            {
              id: monitor.id,
              competitor_id: competitor.id,
              name: monitor.name,
              url: 'https://acme.example/pricing',
              monitor_type: 'pricing',
              cadence: 'daily',
              status: 'active',
              min_severity: 'info',
              proxy_kind: 'datacenter',
              last_checked_at: null,
              next_check_at: expect.stringMatching(ISO_DATE),
              consecutive_failures: 0,
              last_run: null,
            },
          ],
          notes: [n1.body.note, n2.body.note],
          discovery: {
            status: 'completed',
            started_at: expect.stringMatching(ISO_DATE),
            finished_at: expect.stringMatching(ISO_DATE),
            error: null,
            surfaces,
          },
        },
      });
    });

    it('shows a pending discovery with no timestamps and a failed one with its error', async () => {
      const s = await createSession(t);
      const workspace = await workspaceOf(s);
      const pending = await insertCompetitor(t.db, { workspace, discoveryStatus: 'pending' });
      const failed = await insertCompetitor(t.db, { workspace, discoveryStatus: 'failed', discoveryError: 'homepage answered 404' });
      expect((await s.get(`/competitors/${pending.id}`).expect(200)).body.competitor.discovery).toEqual({
        status: 'pending',
        started_at: null,
        finished_at: null,
        error: null,
        surfaces: [],
      });
      expect((await s.get(`/competitors/${failed.id}`).expect(200)).body.competitor.discovery).toEqual({
        status: 'failed',
        started_at: expect.stringMatching(ISO_DATE),
        finished_at: expect.stringMatching(ISO_DATE),
        error: 'homepage answered 404',
        surfaces: [],
      });
    });

    it('answers GET discovery_status with the status and a compact competitor', async () => {
      const s = await createSession(t);
      const workspace = await workspaceOf(s);
      const c = await insertCompetitor(t.db, { workspace, discoveryStatus: 'running' });
      expect((await s.get(`/competitors/${c.id}/discovery_status`).expect(200)).body).toEqual({
        discovery_status: 'running',
        competitor: { id: c.id, name: c.name, discovery_status: 'running' },
      });
    });
  });

  describe('POST /competitors/{id}/notes', () => {
    it.each([
      ['a missing body', {}],
      ['an empty body', { body: '' }],
      ['a non-string body', { body: ['x'] }],
    ])('refuses %s with 422 validation_failed', async (_label, body) => {
      const s = await createSession(t);
      const { competitor } = await seedWorkspace(t.db, s.accountId);
      const res = await s.post(`/competitors/${competitor.id}/notes`, body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field: 'body', message: expect.any(String) }]));
      expect(await count(t.db, `competitor_notes WHERE competitor_id = $1`, [competitor.id])).toBe(0);
    });
  });

  describe('PATCH /competitors/{id}', () => {
    it('fans cadence and status out to all the competitor’s monitors only', async () => {
      const s = await createSession(t);
      const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog', 'docs'] });
      const other = await insertCompetitor(t.db, { workspace });
      const untouched = await insertMonitor(t.db, { competitor: other });
      const before = Date.now();
      const res = await s.patch(`/competitors/${competitor.id}`, { cadence: 'weekly', status: 'paused' }).expect(200);
      expect(res.body.competitor.id).toBe(competitor.id);
      expect(res.body.competitor.monitors).toHaveLength(3);
      for (const m of res.body.competitor.monitors) {
        expect(m).toMatchObject({ cadence: 'weekly', status: 'paused' });
        // No check yet: the next one is a week from now.
        const nextCheck = Date.parse(m.next_check_at) - before;
        expect(nextCheck).toBeGreaterThan(7 * 86_400_000 - 60_000);
        expect(nextCheck).toBeLessThan(7 * 86_400_000 + 60_000);
      }
      const rows = await t.db.query(`SELECT id, cadence, status FROM monitors WHERE workspace_id = $1 ORDER BY id`, [workspace.id]);
      expect(rows).toEqual([
        ...monitors.map((m) => ({ id: m.id, cadence: 'weekly', status: 'paused' })),
        { id: untouched.id, cadence: 'daily', status: 'active' },
      ]);
      const reactivated = await s.patch(`/competitors/${competitor.id}`, { status: 'active' }).expect(200);
      expect(reactivated.body.competitor.monitors.map((m: { status: string; cadence: string }) => [m.status, m.cadence])).toEqual([
        ['active', 'weekly'],
        ['active', 'weekly'],
        ['active', 'weekly'],
      ]);
    });

    it('refuses a cadence faster than the plan minimum with 422 cadence_not_allowed, changing nothing', async () => {
      const trial = await createSession(t, 'trial');
      const { competitor } = await seedWorkspace(t.db, trial.accountId, { types: ['pricing', 'blog'] });
      for (const cadence of ['hourly', 'six_hourly']) {
        expectError(await trial.patch(`/competitors/${competitor.id}`, { cadence, status: 'paused' }), 422, 'cadence_not_allowed');
      }
      const rows = await t.db.query(`SELECT DISTINCT cadence, status FROM monitors WHERE competitor_id = $1`, [competitor.id]);
      expect(rows).toEqual([{ cadence: 'daily', status: 'active' }]);
      await trial.patch(`/competitors/${competitor.id}`, { cadence: 'daily' }).expect(200);

      const starter = await createSession(t, 'starter');
      const seeded = await seedWorkspace(t.db, starter.accountId);
      expectError(await starter.patch(`/competitors/${seeded.competitor.id}`, { cadence: 'hourly' }), 422, 'cadence_not_allowed');
      await starter.patch(`/competitors/${seeded.competitor.id}`, { cadence: 'six_hourly' }).expect(200);
    });

    it.each([
      [{ cadence: 'every_minute' }, 'cadence'],
      [{ status: 'stopped' }, 'status'],
      [{ cadence: 7 }, 'cadence'],
    ])('refuses %j with 422 validation_failed', async (body, field) => {
      const s = await createSession(t);
      const { competitor } = await seedWorkspace(t.db, s.accountId);
      const res = await s.patch(`/competitors/${competitor.id}`, body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field, message: expect.any(String) }]));
    });
  });

  describe('DELETE /competitors/{id}', () => {
    it('removes the competitor with its monitors, runs, snapshots, changes and notes', async () => {
      const s = await createSession(t);
      const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'] });
      const keep = await insertMonitor(t.db, { competitor: await insertCompetitor(t.db, { workspace }) });
      const keptChange = await insertChange(t.db, { monitor: keep, severity: 'low' });
      for (const m of monitors) {
        const before = await insertSnapshot(t.db, { monitorId: m.id });
        const after = await insertSnapshot(t.db, { monitorId: m.id });
        await insertRun(t.db, { monitorId: m.id, status: 'changed' });
        await insertChange(t.db, { monitor: m, severity: 'high', snapshotId: after.id, previousSnapshotId: before.id });
      }
      await s.post(`/competitors/${competitor.id}/notes`, { body: 'to be deleted' }).expect(201);
      expect((await s.get(`/workspaces/${workspace.id}`).expect(200)).body.workspace.needs_review_count).toBe(3);

      expect((await s.delete(`/competitors/${competitor.id}`).expect(200)).body).toEqual({ deleted: true, id: competitor.id });

      const ids = monitors.map((m) => m.id);
      expect(await count(t.db, `competitors WHERE id = $1`, [competitor.id])).toBe(0);
      expect(await count(t.db, `monitors WHERE id = ANY($1::int[])`, [ids])).toBe(0);
      expect(await count(t.db, `runs WHERE monitor_id = ANY($1::int[])`, [ids])).toBe(0);
      expect(await count(t.db, `snapshots WHERE monitor_id = ANY($1::int[])`, [ids])).toBe(0);
      expect(await count(t.db, `changes WHERE competitor_id = $1`, [competitor.id])).toBe(0);
      expect(await count(t.db, `competitor_notes WHERE competitor_id = $1`, [competitor.id])).toBe(0);
      expectError(await s.get(`/competitors/${competitor.id}`), 404, 'not_found');
      expectError(await s.delete(`/competitors/${competitor.id}`), 404, 'not_found');

      const ws = (await s.get(`/workspaces/${workspace.id}`).expect(200)).body.workspace;
      expect(ws).toMatchObject({ needs_review_count: 1, max_unreviewed_severity: 'low', competitors_count: 1, monitors_total: 1 });
      const feed = await s.get(`/changes?workspace_id=${workspace.id}`).expect(200);
      expect(feed.body.changes.map((c: { id: number }) => c.id)).toEqual([keptChange.id]);
      expect(feed.body.meta.counts).toEqual({ unreviewed: 1, acknowledged: 0, dismissed: 0 });
    });
  });
});
