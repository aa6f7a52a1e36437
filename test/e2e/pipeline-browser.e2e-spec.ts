import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForRun } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const SHELL = `<!doctype html><html><head><title>Rocket</title></head><body>
<div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript>
<img src="/hero.png" alt="">
<script>
  const plans = window.PLANS || [['Basic', '$12'], ['Team', '$29']];
  document.getElementById('root').innerHTML = '<main><h1>Rocket pricing</h1>' +
    plans.map(([n, p]) => '<div class="plan-card"><h3>' + n + '</h3><div class="price">' + p + '/month</div><ul><li>Rendered by JavaScript</li></ul></div>').join('') +
    '</main>';
</script></body></html>`;

/** A single-page app: the document never changes (same bytes, same ETag); its prices come from an API. */
const SPA = `<!doctype html><html><head><title>Orbit</title></head><body>
<div id="app"></div>
<noscript>Please enable JavaScript to use Orbit.</noscript>
<script>
  fetch('/api/plans').then((r) => r.json()).then((plans) => {
    document.getElementById('app').innerHTML = '<main><h1>Orbit pricing</h1>' +
      plans.map(([n, p]) => '<div class="plan-card"><h3>' + n + '</h3><div class="price">' + p + '/month</div></div>').join('') + '</main>';
  });
</script></body></html>`;
const SPA_ETAG = '"orbit-shell-v1"';

/** A JavaScript-rendered competitor page is captured through Chromium, with heavy resources blocked. */
describe('browser capture', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let monitorId: number;
  let hitsOfCapture: string[] = [];
  let basic = '$12';
  let spaPlans = [
    ['Starter', '$9'],
    ['Scale', '$99'],
  ];

  beforeAll(async () => {
    site = await new SiteServer().start();
    site.setPages({ '/pricing': () => SHELL.replace("'$12'", `'${basic}'`) });
    site.setRoute('/hero.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10)));
    site.setRoute('/spa', (req, res) => {
      if (req.headers['if-none-match'] === SPA_ETAG) return res.writeHead(304, { etag: SPA_ETAG }).end();
      res.writeHead(200, { 'content-type': 'text/html', etag: SPA_ETAG }).end(SPA);
    });
    site.setRoute('/api/plans', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spaPlans)));
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    const ws = (await s.post('/workspaces', { name: 'JS sites' }).expect(201)).body.workspace.id;
    const [competitor] = await t.db.query(
      `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
       VALUES ($1, $2, 'Rocket', $3, 'rocket', '127.0.0.1', 'rocket', 'completed') RETURNING id`,
      [s.accountId, ws, site.url('/')],
    );
    const created = await s.post('/monitors', { competitor_id: competitor.id, url: site.url('/pricing'), monitor_type: 'pricing' }).expect(201);
    monitorId = created.body.monitor.id;
    const run = await waitForRun(t.db, created.body.monitor.last_run.id, 60_000);
    // What the capture requested: taken as the run ends, before the evidence job's screenshot
    // (queued after the check commits, about a second later) renders the page with its images.
    hitsOfCapture = [...site.hits];
    expect(run).toMatchObject({ status: 'succeeded', error_code: null });
  }, 90_000);

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('captures the text the page renders with JavaScript', async () => {
    const res = await s.get(`/monitors/${monitorId}?include=capture,capture_markdown`).expect(200);
    expect(res.body.monitor.capture.markdown).toContain('Rendered by JavaScript');
    expect(res.body.monitor.capture.fields.plans.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Team']);
    const [snapshot] = await t.db.query(`SELECT fetched_via FROM snapshots WHERE monitor_id = $1`, [monitorId]);
    expect(snapshot.fetched_via).toBe('browser');
  });

  it('blocks images while rendering', () => {
    expect(hitsOfCapture).toContain('/pricing');
    expect(hitsOfCapture).not.toContain('/hero.png');
  });

  it('detects a price change on the rendered page', async () => {
    basic = '$15';
    const run = await checkNow(s, t.db, monitorId);
    expect(run.status).toBe('changed');
    const feed = await s.get(`/changes?workspace_id=${(await s.get('/workspaces')).body.workspaces[0].id}`).expect(200);
    expect(feed.body.changes[0].summary).toContain('$15');
  }, 60_000);

  it('detects a change on a single-page app whose document never changes', async () => {
    const competitorId = (await t.db.query(`SELECT id FROM competitors WHERE slug = 'rocket'`))[0].id;
    const created = await s.post('/monitors', { competitor_id: competitorId, url: site.url('/spa'), monitor_type: 'pricing' }).expect(201);
    const baseline = await waitForRun(t.db, created.body.monitor.last_run.id, 60_000);
    expect(baseline.status).toBe('succeeded');
    const spaMonitor = created.body.monitor.id;
    const unchanged = await checkNow(s, t.db, spaMonitor);
    expect(unchanged.status).toBe('no_change');
    spaPlans = [
      ['Starter', '$12'],
      ['Scale', '$99'],
    ];
    const run = await checkNow(s, t.db, spaMonitor);
    expect(run.status).toBe('changed');
    const [change] = await t.db.query(`SELECT summary FROM changes WHERE monitor_id = $1`, [spaMonitor]);
    expect(change.summary).toContain('$12');
  }, 90_000);
});
