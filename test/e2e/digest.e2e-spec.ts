import request from 'supertest';
import {
  CompetitorRecord,
  expectError,
  insertChange,
  insertCompetitor,
  insertMonitor,
  insertRun,
  insertWorkspace,
  ISO_DATE,
  MonitorRecord,
} from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('GET /workspaces/{id}/digest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  async function workspaceWith(s: Session, o: { competitors?: { name: string; logo?: string | null }[] } = {}) {
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId, name: 'Market' });
    const competitors: CompetitorRecord[] = [];
    const monitors: MonitorRecord[] = [];
    for (const c of o.competitors ?? [{ name: 'Acme', logo: 'https://acme.example/logo.png' }]) {
      const competitor = await insertCompetitor(t.db, { workspace, name: c.name, logoUrl: c.logo ?? null });
      competitors.push(competitor);
      monitors.push(await insertMonitor(t.db, { competitor, monitorType: 'pricing' }));
    }
    return { workspace, competitors, monitors };
  }

  it('answers the full shape for one change', async () => {
    const s = await createSession(t);
    const { workspace, competitors, monitors } = await workspaceWith(s);
    const change = await insertChange(t.db, { monitor: monitors[0], severity: 'high', createdAt: ago(0.5), summary: 'Pro went up' });
    const res = await s.get(`/workspaces/${workspace.id}/digest`).expect(200);
    const item = {
      change_id: change.id,
      competitor_id: competitors[0].id,
      competitor: 'Acme',
      homepage_url: competitors[0].homepage_url,
      logo_url: 'https://acme.example/logo.png',
      monitor_type: 'pricing',
      source_url: monitors[0].url,
      summary: 'Pro went up',
      severity: 'high',
      why_it_matters: expect.any(String),
      category: 'pricing',
      direction: 'advanced',
      delta: { added: 1, removed: 0, modified: 1 },
      review_status: 'unreviewed',
      created_at: new Date(change.created_at).toISOString(),
    };
    expect(res.body).toEqual({
      digest: {
        workspace_id: workspace.id,
        workspace_name: 'Market',
        period: '7d',
        window_start: expect.stringMatching(ISO_DATE),
        window_end: expect.stringMatching(ISO_DATE),
        generated_at: expect.stringMatching(ISO_DATE),
        needs_review: { count: 1, max_severity: 'high', items: [item] },
        whos_moving: [
          {
            competitor_id: competitors[0].id,
            competitor: 'Acme',
            logo_url: 'https://acme.example/logo.png',
            count: 1,
            max_severity: 'high',
            sparkline: [0, 0, 0, 0, 0, 0, 1],
          },
        ],
        top_opportunities: [{ ...item, opportunity_score: 45 }],
        themes: [],
        coverage: { monitors_total: 1, monitors_healthy: 1, monitors_failing: 0, failing_monitor_ids: [] },
        consumption: { pending: 1, reviewed_in_period: 0 },
      },
    });
    const d = res.body.digest;
    expect(d.window_end).toBe(d.generated_at);
    expect(Date.parse(d.window_end) - Date.parse(d.window_start)).toBe(7 * DAY);
  });

  it('answers an empty digest for a quiet workspace', async () => {
    const s = await createSession(t);
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    const res = await s.get(`/workspaces/${workspace.id}/digest?period=1d`).expect(200);
    expect(res.body.digest).toMatchObject({
      period: '1d',
      needs_review: { count: 0, max_severity: null, items: [] },
      whos_moving: [],
      top_opportunities: [],
      themes: [],
      coverage: { monitors_total: 0, monitors_healthy: 0, monitors_failing: 0, failing_monitor_ids: [] },
      consumption: { pending: 0, reviewed_in_period: 0 },
    });
  });

  it.each([
    ['1d', 1],
    ['7d', 7],
    ['30d', 30],
  ])('gives period %s a sparkline of %i daily buckets', async (period, days) => {
    const s = await createSession(t);
    const { workspace, monitors } = await workspaceWith(s);
    await insertChange(t.db, { monitor: monitors[0], createdAt: ago(0.5) });
    const res = await s.get(`/workspaces/${workspace.id}/digest?period=${period}`).expect(200);
    expect(res.body.digest.period).toBe(period);
    expect(res.body.digest.whos_moving[0].sparkline).toHaveLength(days);
    expect(res.body.digest.whos_moving[0].sparkline[days - 1]).toBe(1);
  });

  it('counts changes into daily buckets, oldest first, and leaves out older changes', async () => {
    const s = await createSession(t);
    const { workspace, competitors, monitors } = await workspaceWith(s, {
      competitors: [{ name: 'Acme' }, { name: 'Globex' }, { name: 'Quiet' }],
    });
    const [acme, globex] = monitors;
    for (const days of [6.5, 1.5, 0.5, 0.4, 8.5]) await insertChange(t.db, { monitor: acme, createdAt: ago(days), severity: 'low' });
    await insertChange(t.db, { monitor: globex, createdAt: ago(3.5), severity: 'critical' });
    await insertChange(t.db, { monitor: globex, createdAt: ago(40), severity: 'critical' });
    const week = (await s.get(`/workspaces/${workspace.id}/digest?period=7d`).expect(200)).body.digest;
    expect(week.whos_moving).toEqual([
      expect.objectContaining({ competitor_id: competitors[0].id, count: 4, max_severity: 'low', sparkline: [1, 0, 0, 0, 0, 1, 2] }),
      expect.objectContaining({ competitor_id: competitors[1].id, count: 1, max_severity: 'critical', sparkline: [0, 0, 0, 1, 0, 0, 0] }),
    ]);
    const month = (await s.get(`/workspaces/${workspace.id}/digest?period=30d`).expect(200)).body.digest;
    const acmeMonth = month.whos_moving.find((w: { competitor_id: number }) => w.competitor_id === competitors[0].id);
    expect(acmeMonth.count).toBe(5);
    expect(acmeMonth.sparkline.reduce((a: number, b: number) => a + b, 0)).toBe(5);
    expect(acmeMonth.sparkline[21]).toBe(1); // 8.5 days ago: 21.5 days into the 30
    const globexMonth = month.whos_moving.find((w: { competitor_id: number }) => w.competitor_id === competitors[1].id);
    expect(globexMonth.count).toBe(1); // the 40-day-old change is outside
  });

  it('holds only unreviewed changes of severity high or above in needs_review, most severe first', async () => {
    const s = await createSession(t);
    const { workspace, monitors } = await workspaceWith(s);
    const m = monitors[0];
    const high = await insertChange(t.db, { monitor: m, severity: 'high', createdAt: ago(2) });
    const critical = await insertChange(t.db, { monitor: m, severity: 'critical', createdAt: ago(3) });
    const newerHigh = await insertChange(t.db, { monitor: m, severity: 'high', createdAt: ago(1) });
    await insertChange(t.db, { monitor: m, severity: 'medium', createdAt: ago(1) });
    await insertChange(t.db, { monitor: m, severity: 'critical', reviewStatus: 'acknowledged', createdAt: ago(1) });
    await insertChange(t.db, { monitor: m, severity: 'critical', reviewStatus: 'dismissed', createdAt: ago(1) });
    await insertChange(t.db, { monitor: m, severity: 'critical', createdAt: ago(9) });
    const digest = (await s.get(`/workspaces/${workspace.id}/digest`).expect(200)).body.digest;
    expect(digest.needs_review.count).toBe(3);
    expect(digest.needs_review.max_severity).toBe('critical');
    expect(digest.needs_review.items.map((i: { change_id: number }) => i.change_id)).toEqual([critical.id, newerHigh.id, high.id]);
    expect(digest.whos_moving[0].count).toBe(6);
  });

  it('lists the best opportunities of the period, score above 0, at most ten', async () => {
    const s = await createSession(t);
    const { workspace, monitors } = await workspaceWith(s);
    const scored = [];
    for (let score = 1; score <= 12; score++) {
      scored.push(await insertChange(t.db, { monitor: monitors[0], opportunityScore: score * 5, createdAt: ago(1) }));
    }
    await insertChange(t.db, { monitor: monitors[0], opportunityScore: 0, createdAt: ago(1) });
    await insertChange(t.db, { monitor: monitors[0], opportunityScore: 99, createdAt: ago(10) });
    // Dismissed changes are never opportunities, whatever their score.
    await insertChange(t.db, { monitor: monitors[0], opportunityScore: 95, reviewStatus: 'dismissed', createdAt: ago(1) });
    const digest = (await s.get(`/workspaces/${workspace.id}/digest`).expect(200)).body.digest;
    expect(digest.top_opportunities.map((o: { opportunity_score: number }) => o.opportunity_score)).toEqual([60, 55, 50, 45, 40, 35, 30, 25, 20, 15]);
    expect(digest.top_opportunities[0].change_id).toBe(scored[11].id);
    expect(Object.keys(digest.top_opportunities[0]).sort()).toEqual(
      [
        'category',
        'change_id',
        'competitor',
        'competitor_id',
        'created_at',
        'delta',
        'direction',
        'homepage_url',
        'logo_url',
        'monitor_type',
        'opportunity_score',
        'review_status',
        'severity',
        'source_url',
        'summary',
        'why_it_matters',
      ].sort(),
    );
  });

  it('reports a monitor whose last run failed as failing, and one that recovered as healthy', async () => {
    const s = await createSession(t);
    const { workspace, monitors } = await workspaceWith(s, { competitors: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    const extra = await insertMonitor(t.db, { competitor: { id: monitors[0].competitor_id, account_id: s.accountId, workspace_id: workspace.id } });
    await insertRun(t.db, { monitorId: monitors[0].id, status: 'failed', errorCode: 'http_500' });
    await insertRun(t.db, { monitorId: monitors[1].id, status: 'failed', errorCode: 'timeout' });
    await insertRun(t.db, { monitorId: monitors[1].id, status: 'no_change' });
    await insertRun(t.db, { monitorId: extra.id, status: 'failed', errorCode: 'dns' });
    // monitors[2] never ran: healthy.
    const digest = (await s.get(`/workspaces/${workspace.id}/digest`).expect(200)).body.digest;
    expect(digest.coverage).toEqual({
      monitors_total: 4,
      monitors_healthy: 2,
      monitors_failing: 2,
      failing_monitor_ids: [monitors[0].id, extra.id].sort((a, b) => a - b),
    });
  });

  it('counts the unreviewed backlog and what was triaged during the period', async () => {
    const s = await createSession(t);
    const { workspace, monitors } = await workspaceWith(s);
    const m = monitors[0];
    await insertChange(t.db, { monitor: m, createdAt: ago(20) }); // old, still pending
    const a = await insertChange(t.db, { monitor: m, createdAt: ago(2) });
    const b = await insertChange(t.db, { monitor: m, createdAt: ago(15) });
    await insertChange(t.db, { monitor: m, createdAt: ago(1) });
    const c = await insertChange(t.db, { monitor: m, createdAt: ago(12) });
    await s.patch(`/changes/${a.id}`, { review_status: 'acknowledged' }).expect(200);
    await s.patch(`/changes/${b.id}`, { review_status: 'dismissed' }).expect(200);
    await s.patch(`/changes/${c.id}`, { review_status: 'acknowledged' }).expect(200);
    // Triaged long ago: outside the period.
    await t.db.query(`UPDATE changes SET reviewed_at = now() - interval '10 days' WHERE id = $1`, [c.id]);
    const digest = (await s.get(`/workspaces/${workspace.id}/digest`).expect(200)).body.digest;
    expect(digest.consumption).toEqual({ pending: 2, reviewed_in_period: 2 });
    await s.patch(`/changes/${a.id}`, { review_status: 'unreviewed' }).expect(200);
    const after = (await s.get(`/workspaces/${workspace.id}/digest`).expect(200)).body.digest;
    expect(after.consumption).toEqual({ pending: 3, reviewed_in_period: 1 });
  });

  it('orders who is moving by count, then top severity', async () => {
    const s = await createSession(t);
    const { workspace, competitors, monitors } = await workspaceWith(s, {
      competitors: [{ name: 'Zed' }, { name: 'Busy' }, { name: 'Loud' }],
    });
    await insertChange(t.db, { monitor: monitors[0], severity: 'low', createdAt: ago(1) });
    for (let i = 0; i < 3; i++) await insertChange(t.db, { monitor: monitors[1], severity: 'low', createdAt: ago(1) });
    await insertChange(t.db, { monitor: monitors[2], severity: 'critical', createdAt: ago(1) });
    const digest = (await s.get(`/workspaces/${workspace.id}/digest`).expect(200)).body.digest;
    expect(digest.whos_moving.map((w: { competitor_id: number }) => w.competitor_id)).toEqual([
      competitors[1].id,
      competitors[2].id,
      competitors[0].id,
    ]);
  });

  it.each(['2d', '7', 'week', '', '7D'])('refuses period=%p with 400 invalid_params', async (period) => {
    const s = await createSession(t);
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    expectError(await s.get(`/workspaces/${workspace.id}/digest?period=${period}`), 400, 'invalid_params');
  });

  it('answers 404 for another account’s workspace, a missing one and a malformed id', async () => {
    const owner = await createSession(t);
    const { workspace, monitors } = await workspaceWith(owner);
    await insertChange(t.db, { monitor: monitors[0], severity: 'critical' });
    const other = await createSession(t);
    expectError(await other.get(`/workspaces/${workspace.id}/digest`), 404, 'not_found');
    expectError(await other.get(`/workspaces/2147483000/digest`), 404, 'not_found');
    expectError(await other.get(`/workspaces/abc/digest`), 404, 'not_found');
  });

  it('needs a key', async () => {
    const s = await createSession(t);
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    const res = await request(t.app.getHttpServer()).get(`/v1/workspaces/${workspace.id}/digest`);
    expectError(res, 401, 'unauthorized');
  });
});
