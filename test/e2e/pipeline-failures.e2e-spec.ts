import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForRun } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const PAGE = '<html><head><title>Fine</title></head><body><main><h1>Pricing</h1><p>Pro $10/month</p></main></body></html>';

/**
 * Every failure mode ends in a failed run with a classified error code. The fixture host is
 * allowed by name (localhost) while private addresses stay refused, so a redirect to
 * 127.0.0.1 is blocked at connect time.
 */
describe('classified check failures', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let competitorId: number;

  async function monitorFor(path: string): Promise<number> {
    const res = await s
      .post('/monitors', { competitor_id: competitorId, url: site.url(path).replace('127.0.0.1', 'localhost'), monitor_type: 'pricing' })
      .expect(201);
    return res.body.monitor.id;
  }

  beforeAll(async () => {
    site = await new SiteServer().start();
    site.setPages({ '/ok': () => PAGE });
    site.setRoute('/slow', (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE), 8000).unref();
    });
    site.setRoute('/broken', (_req, res) => res.writeHead(500).end('boom'));
    site.setRoute('/gone', (_req, res) => res.writeHead(404).end('nope'));
    site.setRoute('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = '<p>' + 'x'.repeat(64 * 1024) + '</p>';
      let sent = 0;
      const pump = () => {
        while (sent < 200 && res.write(chunk)) sent++;
        if (sent >= 200) res.end();
        else res.once('drain', pump);
      };
      pump();
    });
    site.setRoute('/loop', (req, res) => res.writeHead(302, { location: '/loop2' }).end());
    site.setRoute('/loop2', (req, res) => res.writeHead(302, { location: '/loop' }).end());
    site.setRoute('/challenge', (_req, res) =>
      res
        .writeHead(403, { 'content-type': 'text/html', server: 'cloudflare', 'cf-mitigated': 'challenge' })
        .end('<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing.</body></html>'),
    );
    site.setRoute('/to-private', (_req, res) => res.writeHead(302, { location: site.url('/ok') }).end());
    t = await createTestApp({
      ALLOW_PRIVATE_NETWORK_TARGETS: 'false',
      ALLOW_PRIVATE_HOSTS: 'localhost',
      CHECK_MIN_INTERVAL_SECONDS: '0',
      FETCH_TOTAL_TIMEOUT_MS: '1500',
      FETCH_MAX_BYTES: String(2 * 1024 * 1024),
    });
    s = await createSession(t, 'pro');
    const ws = (await s.post('/workspaces', { name: 'Failures' }).expect(201)).body.workspace.id;
    // A competitor row without discovery: these tests are about checks.
    const [row] = await t.db.query(
      `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
       VALUES ($1, $2, 'Flaky', $3, 'flaky', 'localhost', 'flaky', 'completed') RETURNING id`,
      [s.accountId, ws, site.url('/').replace('127.0.0.1', 'localhost')],
    );
    competitorId = row.id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it.each([
    ['/slow', 'timeout'],
    ['/broken', 'http_5xx'],
    ['/gone', 'http_4xx'],
    ['/huge', 'too_large'],
    ['/loop', 'too_many_redirects'],
    ['/challenge', 'blocked_by_bot_protection'],
    ['/to-private', 'blocked_target'],
  ])('%s ends the baseline as failed with %s', async (path, code) => {
    const id = await monitorFor(path);
    const monitor = await s.get(`/monitors/${id}`).expect(200);
    const run = await waitForRun(t.db, monitor.body.monitor.last_run.id, 30_000);
    expect({ status: run.status, error_code: run.error_code }).toEqual({ status: 'failed', error_code: code });
    expect(run.error_message).toEqual(expect.any(String));
    const after = await s.get(`/monitors/${id}`).expect(200);
    expect(after.body.monitor.consecutive_failures).toBe(1);
    expect(after.body.monitor.last_run).toMatchObject({ status: 'failed', error_code: code });
  });

  it('refuses a private monitor URL on create', async () => {
    const res = await s.post('/monitors', { competitor_id: competitorId, url: site.url('/ok'), monitor_type: 'pricing' }).expect(422);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('counts consecutive failures and resets them on success', async () => {
    let broken = true;
    site.setRoute('/flaky', (_req, res) => (broken ? res.writeHead(500).end('down') : res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)));
    const id = await monitorFor('/flaky');
    const first = await s.get(`/monitors/${id}`).expect(200);
    await waitForRun(t.db, first.body.monitor.last_run.id);
    expect((await checkNow(s, t.db, id)).error_code).toBe('http_5xx');
    expect((await s.get(`/monitors/${id}`)).body.monitor.consecutive_failures).toBe(2);
    broken = false;
    expect((await checkNow(s, t.db, id)).status).toBe('succeeded');
    expect((await s.get(`/monitors/${id}`)).body.monitor.consecutive_failures).toBe(0);
  });
});
