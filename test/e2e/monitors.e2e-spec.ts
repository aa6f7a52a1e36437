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
import { createSession, createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

describe('monitors', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: baselines and checks stay pending, so the tests see exactly what the API recorded.
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  async function queuedCheckJob(runId: number): Promise<unknown> {
    const redis = new IORedis(t.config.redisUrl!);
    try {
      const job = await redis.hgetall(`${t.config.redisPrefix}:checks:check-${runId}`);
      return job.data ? JSON.parse(job.data) : null;
    } finally {
      redis.disconnect();
    }
  }

  describe('GET /monitors', () => {
    it('answers 422 workspace_required without workspace_id', async () => {
      const s = await createSession(t);
      expectError(await s.get('/monitors'), 422, 'workspace_required');
      expectError(await s.get('/monitors?competitor_id=1'), 422, 'workspace_required');
    });

    it.each(['abc', '0', '-3', '1.5'])('answers 400 invalid_params for workspace_id=%s', async (value) => {
      const s = await createSession(t);
      expectError(await s.get(`/monitors?workspace_id=${value}`), 400, 'invalid_params');
    });

    it('lists every monitor of the workspace, optionally of one competitor', async () => {
      const s = await createSession(t);
      const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'] });
      const other = await insertCompetitor(t.db, { workspace });
      const third = await insertMonitor(t.db, { competitor: other, monitorType: 'careers', status: 'paused', cadence: 'weekly' });
      const run = await insertRun(t.db, { monitorId: monitors[0].id, status: 'no_change' });
      await seedWorkspace(t.db, s.accountId); // another workspace of the same account

      const all = await s.get(`/monitors?workspace_id=${workspace.id}`).expect(200);
      expect(all.body.monitors.map((m: { id: number }) => m.id)).toEqual([monitors[0].id, monitors[1].id, third.id]);
      expect(all.body.monitors[0]).toEqual({
        id: monitors[0].id,
        competitor_id: competitor.id,
        name: monitors[0].name,
        url: monitors[0].url,
        monitor_type: 'pricing',
        cadence: 'daily',
        status: 'active',
        min_severity: 'info',
        proxy_kind: 'datacenter',
        last_checked_at: null,
        next_check_at: expect.stringMatching(ISO_DATE),
        consecutive_failures: 0,
        last_run: { id: run.id, status: 'no_change', error_code: null, error_message: null, finished_at: expect.stringMatching(ISO_DATE) },
      });
      expect(all.body.monitors[2]).toMatchObject({ monitor_type: 'careers', status: 'paused', cadence: 'weekly', last_run: null });

      const one = await s.get(`/monitors?workspace_id=${workspace.id}&competitor_id=${other.id}`).expect(200);
      expect(one.body.monitors.map((m: { id: number }) => m.id)).toEqual([third.id]);
    });
  });

  describe('POST /monitors', () => {
    it('creates the monitor, records a pending baseline run, spends one check and queues the job', async () => {
      const s = await createSession(t);
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      const before = Date.now();
      const res = await s.post('/monitors', { competitor_id: competitor.id, url: 'https://acme.example/pricing', monitor_type: 'pricing' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        monitor: {
          id: expect.any(Number),
          competitor_id: competitor.id,
          name: `${competitor.name} pricing`,
          url: 'https://acme.example/pricing',
          monitor_type: 'pricing',
          cadence: 'daily',
          status: 'active',
          min_severity: 'info',
          proxy_kind: 'datacenter',
          last_checked_at: null,
          next_check_at: expect.stringMatching(ISO_DATE),
          consecutive_failures: 0,
          last_run: { id: expect.any(Number), status: 'pending', error_code: null, error_message: null, finished_at: null },
        },
      });
      const nextCheck = Date.parse(res.body.monitor.next_check_at) - before;
      expect(Math.abs(nextCheck - DAY)).toBeLessThan(60_000);
      const runs = await t.db.query(`SELECT id, kind, status FROM runs WHERE monitor_id = $1`, [res.body.monitor.id]);
      expect(runs).toEqual([{ id: res.body.monitor.last_run.id, kind: 'baseline', status: 'pending' }]);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
      if (t.config.redisUrl) expect(await queuedCheckJob(runs[0].id)).toEqual({ runId: runs[0].id });
      const account = await s.get('/account').expect(200);
      expect(account.body.account.usage).toMatchObject({ checks_used: 1, checks_remaining: 9999 });
    });

    it('takes an optional name and cadence', async () => {
      const s = await createSession(t);
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      const res = await s
        .post('/monitors', { competitor_id: competitor.id, url: 'https://acme.example/jobs', monitor_type: 'careers', cadence: 'hourly', name: 'Acme jobs' })
        .expect(201);
      expect(res.body.monitor).toMatchObject({ name: 'Acme jobs', monitor_type: 'careers', cadence: 'hourly' });
    });

    it.each([
      ['a bad url', { url: 'not a url', monitor_type: 'pricing' }, ['url']],
      ['a javascript: url', { url: 'javascript:alert(1)', monitor_type: 'pricing' }, ['url']],
      ['an unknown type', { url: 'https://acme.example/p', monitor_type: 'rss' }, ['monitor_type']],
      ['a bad url and type', { url: 'ftp://acme.example/', monitor_type: 'nope' }, ['url', 'monitor_type']],
      ['an unknown cadence', { url: 'https://acme.example/p', monitor_type: 'pricing', cadence: 'minutely' }, ['cadence']],
      ['a missing url and type', {}, ['url', 'monitor_type']],
    ])('refuses %s with 422 validation_failed details', async (_label, fields, bad) => {
      const s = await createSession(t);
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      const res = await s.post('/monitors', { competitor_id: competitor.id, ...fields });
      expectError(res, 422, 'validation_failed');
      const details: { field: string; message: string }[] = res.body.error.details;
      expect([...new Set(details.map((d) => d.field))].sort()).toEqual([...bad].sort());
      expect(details.every((d) => typeof d.message === 'string' && d.message.length > 0)).toBe(true);
      expect(await count(t.db, `monitors WHERE competitor_id = $1`, [competitor.id])).toBe(0);
      expect(await checksUsed(t.db, s.accountId)).toBe(0);
    });

    it.each([
      ['missing', undefined],
      ['a string', 'seven'],
      ['negative', -4],
    ])('refuses a competitor_id that is %s with 422 validation_failed', async (_label, competitorId) => {
      const s = await createSession(t);
      const res = await s.post('/monitors', { competitor_id: competitorId, url: 'https://acme.example/p', monitor_type: 'pricing' });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('competitor_id');
    });

    it('answers 404 for a competitor that does not exist', async () => {
      const s = await createSession(t);
      expectError(await s.post('/monitors', { competitor_id: 999999, url: 'https://acme.example/p', monitor_type: 'pricing' }), 404, 'not_found');
    });

    it('refuses the 4th monitor on trial with 422 plan_limit_exceeded (resource, limit)', async () => {
      const s = await createSession(t, 'trial');
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      for (const type of ['pricing', 'blog', 'docs']) {
        await s.post('/monitors', { competitor_id: competitor.id, url: `https://acme.example/${type}`, monitor_type: type }).expect(201);
      }
      const res = await s.post('/monitors', { competitor_id: competitor.id, url: 'https://acme.example/changelog', monitor_type: 'changelog' });
      expectError(res, 422, 'plan_limit_exceeded');
      expect(res.body.error).toMatchObject({ resource: 'monitors', limit: 3 });
      expect(await count(t.db, `monitors WHERE account_id = $1`, [s.accountId])).toBe(3);
      expect(await checksUsed(t.db, s.accountId)).toBe(3);
    });

    it('keeps the monitor cap under concurrent creates', async () => {
      const s = await createSession(t, 'trial');
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          s.post('/monitors', { competitor_id: competitor.id, url: `https://acme.example/p${i}`, monitor_type: 'custom' }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      for (const r of results.filter((x) => x.status !== 201)) expectError(r, 422, 'plan_limit_exceeded');
      expect(await count(t.db, `monitors WHERE account_id = $1`, [s.accountId])).toBe(3);
      expect(await checksUsed(t.db, s.accountId)).toBe(3);
    });

    it('refuses hourly on trial with 422 cadence_not_allowed', async () => {
      const s = await createSession(t, 'trial');
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      const res = await s.post('/monitors', { competitor_id: competitor.id, url: 'https://acme.example/p', monitor_type: 'pricing', cadence: 'hourly' });
      expectError(res, 422, 'cadence_not_allowed');
      expect(await count(t.db, `monitors WHERE account_id = $1`, [s.accountId])).toBe(0);
    });

    it('answers 429 quota_exceeded at a zero balance and creates nothing', async () => {
      const s = await createSession(t, 'trial');
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      await setChecksUsed(t.db, s.accountId, 100);
      const res = await s.post('/monitors', { competitor_id: competitor.id, url: 'https://acme.example/p', monitor_type: 'pricing' });
      expectError(res, 429, 'quota_exceeded');
      expect(await count(t.db, `monitors WHERE account_id = $1`, [s.accountId])).toBe(0);
      expect(await checksUsed(t.db, s.accountId)).toBe(100);
    });
  });

  describe('GET /monitors/{id}', () => {
    it('returns the monitor without a capture unless asked', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      await insertSnapshot(t.db, { monitorId: monitors[0].id });
      const res = await s.get(`/monitors/${monitors[0].id}`).expect(200);
      expect(Object.keys(res.body)).toEqual(['monitor']);
      expect(res.body.monitor.id).toBe(monitors[0].id);
      expect(res.body.monitor).not.toHaveProperty('capture');
    });

    it('adds the latest capture: fields, markdown, or both', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const id = monitors[0].id;
      await insertSnapshot(t.db, { monitorId: id, markdown: '# Old', fields: { plans: [] }, capturedAt: new Date(Date.now() - DAY) });
      const latest = await insertSnapshot(t.db, {
        monitorId: id,
        markdown: '# Pricing\n\nPro $59',
        fields: { plans: [{ key: 'pro', name: 'Pro' }] },
        contentHash: 'abc123',
      });
      const capturedAt = new Date(latest.captured_at).toISOString();

      const fields = await s.get(`/monitors/${id}?include=capture`).expect(200);
      expect(fields.body.monitor.capture).toEqual({ captured_at: capturedAt, content_hash: 'abc123', fields: { plans: [{ key: 'pro', name: 'Pro' }] } });

      const markdown = await s.get(`/monitors/${id}?include=capture_markdown`).expect(200);
      expect(markdown.body.monitor.capture).toEqual({ captured_at: capturedAt, content_hash: 'abc123', markdown: '# Pricing\n\nPro $59' });

      const both = await s.get(`/monitors/${id}?include=capture,capture_markdown`).expect(200);
      expect(both.body.monitor.capture).toEqual({
        captured_at: capturedAt,
        content_hash: 'abc123',
        fields: { plans: [{ key: 'pro', name: 'Pro' }] },
        markdown: '# Pricing\n\nPro $59',
      });
    });

    it('answers capture: null when nothing was captured yet', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const res = await s.get(`/monitors/${monitors[0].id}?include=capture`).expect(200);
      expect(res.body.monitor.capture).toBeNull();
    });

    it.each(['raw_diff', 'capture,screenshot', 'CAPTURE'])('answers 400 invalid_params for include=%s', async (include) => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      expectError(await s.get(`/monitors/${monitors[0].id}?include=${include}`), 400, 'invalid_params');
    });
  });

  describe('PATCH /monitors/{id}', () => {
    it('updates every field and returns the monitor', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const before = Date.now();
      const res = await s
        .patch(`/monitors/${monitors[0].id}`, {
          url: 'https://acme.example/plans',
          monitor_type: 'custom',
          cadence: 'weekly',
          status: 'paused',
          min_severity: 'high',
        })
        .expect(200);
      expect(res.body.monitor).toMatchObject({
        id: monitors[0].id,
        url: 'https://acme.example/plans',
        monitor_type: 'custom',
        cadence: 'weekly',
        status: 'paused',
        min_severity: 'high',
      });
      expect(Math.abs(Date.parse(res.body.monitor.next_check_at) - before - 7 * DAY)).toBeLessThan(60_000);
      const [row] = await t.db.query(`SELECT url, monitor_type, cadence, status, min_severity FROM monitors WHERE id = $1`, [monitors[0].id]);
      expect(row).toEqual({ url: 'https://acme.example/plans', monitor_type: 'custom', cadence: 'weekly', status: 'paused', min_severity: 'high' });
    });

    it('leaves the monitor unchanged for an empty body', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const before = (await s.get(`/monitors/${monitors[0].id}`).expect(200)).body;
      const res = await s.patch(`/monitors/${monitors[0].id}`, {}).expect(200);
      expect(res.body).toEqual(before);
    });

    it.each([
      [{ url: 'nope' }, 'url'],
      [{ monitor_type: 'rss' }, 'monitor_type'],
      [{ cadence: 'yearly' }, 'cadence'],
      [{ status: 'deleted' }, 'status'],
      [{ min_severity: 'severe' }, 'min_severity'],
    ])('refuses %j with 422 validation_failed', async (body, field) => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const res = await s.patch(`/monitors/${monitors[0].id}`, body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field, message: expect.any(String) }]);
    });

    it('refuses a cadence faster than the plan with 422 cadence_not_allowed', async () => {
      const s = await createSession(t, 'starter');
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      expectError(await s.patch(`/monitors/${monitors[0].id}`, { cadence: 'hourly' }), 422, 'cadence_not_allowed');
      const [row] = await t.db.query(`SELECT cadence FROM monitors WHERE id = $1`, [monitors[0].id]);
      expect(row.cadence).toBe('daily');
    });
  });

  describe('DELETE /monitors/{id}', () => {
    it('removes the monitor with its runs, snapshots and changes, keeping the competitor', async () => {
      const s = await createSession(t);
      const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'] });
      const [gone, kept] = monitors;
      const a = await insertSnapshot(t.db, { monitorId: gone.id });
      const b = await insertSnapshot(t.db, { monitorId: gone.id });
      await insertRun(t.db, { monitorId: gone.id, status: 'changed' });
      await insertChange(t.db, { monitor: gone, severity: 'critical', snapshotId: b.id, previousSnapshotId: a.id });
      const keptChange = await insertChange(t.db, { monitor: kept, severity: 'low' });

      expect((await s.delete(`/monitors/${gone.id}`).expect(200)).body).toEqual({ deleted: true, id: gone.id });
      expect(await count(t.db, `monitors WHERE id = $1`, [gone.id])).toBe(0);
      expect(await count(t.db, `runs WHERE monitor_id = $1`, [gone.id])).toBe(0);
      expect(await count(t.db, `snapshots WHERE monitor_id = $1`, [gone.id])).toBe(0);
      expect(await count(t.db, `changes WHERE monitor_id = $1`, [gone.id])).toBe(0);
      expectError(await s.get(`/monitors/${gone.id}`), 404, 'not_found');
      expectError(await s.delete(`/monitors/${gone.id}`), 404, 'not_found');

      const detail = await s.get(`/competitors/${competitor.id}`).expect(200);
      expect(detail.body.competitor.monitors.map((m: { id: number }) => m.id)).toEqual([kept.id]);
      const feed = await s.get(`/changes?workspace_id=${workspace.id}`).expect(200);
      expect(feed.body.changes.map((c: { id: number }) => c.id)).toEqual([keptChange.id]);
      expect(feed.body.meta).toEqual({ counts: { unreviewed: 1, acknowledged: 0, dismissed: 0 }, max_unreviewed_severity: 'low' });
    });
  });

  describe('POST /monitors/{id}/check', () => {
    it('queues a pending on-demand run: 202 {status, monitor_id, run_id}, one check spent', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const res = await s.post(`/monitors/${monitors[0].id}/check`);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'queued', monitor_id: monitors[0].id, run_id: expect.any(Number) });
      const [run] = await t.db.query(`SELECT monitor_id, kind, status FROM runs WHERE id = $1`, [res.body.run_id]);
      expect(run).toEqual({ monitor_id: monitors[0].id, kind: 'on_demand', status: 'pending' });
      const monitor = await s.get(`/monitors/${monitors[0].id}`).expect(200);
      expect(monitor.body.monitor.last_run).toEqual({ id: res.body.run_id, status: 'pending', error_code: null, error_message: null, finished_at: null });
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
      if (t.config.redisUrl) expect(await queuedCheckJob(res.body.run_id)).toEqual({ runId: res.body.run_id });
    });

    it('throttles a second check with 429 refresh_throttled and Retry-After, spending nothing', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      await s.post(`/monitors/${monitors[0].id}/check`).expect(202);
      const res = await s.post(`/monitors/${monitors[0].id}/check`);
      expectError(res, 429, 'refresh_throttled');
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(295);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(await count(t.db, `runs WHERE monitor_id = $1`, [monitors[0].id])).toBe(1);
      expect(await checksUsed(t.db, s.accountId)).toBe(1);
    });

    it('throttles a check right after the baseline of a new monitor', async () => {
      const s = await createSession(t);
      const { competitor } = await seedWorkspace(t.db, s.accountId, { types: [] });
      const created = await s.post('/monitors', { competitor_id: competitor.id, url: 'https://acme.example/blog', monitor_type: 'blog' }).expect(201);
      expectError(await s.post(`/monitors/${created.body.monitor.id}/check`), 429, 'refresh_throttled');
    });

    it('allows a check once the interval since the previous run has passed', async () => {
      const s = await createSession(t);
      const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
      const competitor = await insertCompetitor(t.db, { workspace });
      const recent = await insertMonitor(t.db, { competitor, lastRunStartedAt: new Date(Date.now() - 290_000) });
      const old = await insertMonitor(t.db, { competitor, lastRunStartedAt: new Date(Date.now() - 301_000) });
      expectError(await s.post(`/monitors/${recent.id}/check`), 429, 'refresh_throttled');
      await s.post(`/monitors/${old.id}/check`).expect(202);
    });

    it('answers 429 quota_exceeded at a zero balance without taking the throttle slot', async () => {
      const s = await createSession(t, 'trial');
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      await setChecksUsed(t.db, s.accountId, 100);
      const res = await s.post(`/monitors/${monitors[0].id}/check`);
      expectError(res, 429, 'quota_exceeded');
      expect(res.headers['retry-after']).toBeUndefined();
      expect(await count(t.db, `runs WHERE monitor_id = $1`, [monitors[0].id])).toBe(0);
      expect(await checksUsed(t.db, s.accountId)).toBe(100);
      await setChecksUsed(t.db, s.accountId, 99);
      await s.post(`/monitors/${monitors[0].id}/check`).expect(202);
      expect(await checksUsed(t.db, s.accountId)).toBe(100);
    });
  });
});
