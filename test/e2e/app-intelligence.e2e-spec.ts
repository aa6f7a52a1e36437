import type { Browser, Page } from 'puppeteer-core';
import request from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { chromiumPath, fill, launchBrowser, press, text } from '../support/browser';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

// Browser tests are mandatory in CI (.ci/run installs Chromium); elsewhere they need it installed.
const withBrowser = chromiumPath() || process.env.CI ? describe : describe.skip;
if (!chromiumPath() && !process.env.CI) console.warn('[app-intelligence] Chromium not found: browser tests skipped (apt-get install -y chromium)');

const PASSWORD = 'a long enough password';

function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/**
 * The Pricing page and competitor profiles (DESIGN §5d) in a real Chromium, over real captures of
 * a fixture competitor whose Pro price was raised: the matrix with the raised price marked, the
 * CSV download with the session, and the profile reached from the competitor's name.
 */
withBrowser('pricing and competitor profiles in the application', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let state: AcmeState;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let email: string;
  let workspaceId: number;
  let competitorId: number;

  const go = (path: string) => page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
  const path = () => new URL(page.url()).pathname;

  /** Follows the link whose text is exactly `label` within `scope`, as a person clicks it. */
  async function follow(label: string, scope = 'body'): Promise<void> {
    const links = await page.$$(`${scope} a`);
    for (const link of links) {
      if ((await link.evaluate((a) => a.textContent?.trim())) !== label) continue;
      await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), link.click()]);
      return;
    }
    throw new Error(`no link "${label}" in ${scope} on ${page.url()}`);
  }

  beforeAll(async () => {
    site = await new SiteServer().start();
    state = acmeInitialState();
    site.setPages(acmePages(state));
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    origin = t.baseUrl.replace(/\/v1$/, '');
    s = await createSession(t, 'pro');
    email = `owner-${s.accountId}@example.test`;
    await t.app.get(UsersService).create(s.accountId, email, PASSWORD);
    workspaceId = (await s.post('/workspaces', { name: 'PM tools' }).expect(201)).body.workspace.id;
    competitorId = (await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202)).body.competitor.id;
    expect(await waitForDiscovery(s, competitorId)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const monitors = (await s.get(`/competitors/${competitorId}`).expect(200)).body.competitor.monitors;
    state.plans[1].price = '$59';
    site.setPages(acmePages(state));
    const pricing = monitors.find((m: { monitor_type: string }) => m.monitor_type === 'pricing').id;
    expect((await checkNow(s, t.db, pricing)).status).toBe('changed');

    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 860 });
    await go('/app/sign-in');
    await fill(page, 'Email', email);
    await fill(page, 'Password', PASSWORD);
    await press(page, 'Sign in');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.stop();
  });

  it('shows every plan on the Pricing page, reached from the nav, with the raised price marked', async () => {
    await go(`/app/workspaces/${workspaceId}/changes`);
    await follow('Pricing', 'nav');
    expect(path()).toBe(`/app/workspaces/${workspaceId}/pricing`);
    const rows = await page.$$eval(`[data-competitor-id="${competitorId}"] tr`, (trs) =>
      trs.map((tr) => ({ text: (tr as HTMLElement).innerText, marked: tr.querySelector('mark') !== null })),
    );
    expect(rows).toHaveLength(3);
    const pro = rows.find((r) => /\bPro\b/.test(r.text))!;
    expect(pro.text).toContain('59 USD per month');
    expect(pro.marked).toBe(true);
    expect(pro.text).toContain('Price changed');
    expect(rows.find((r) => r.text.includes('Starter'))!.marked).toBe(false);
    expect(rows.find((r) => r.text.includes('Enterprise'))!.text).toContain('Contact sales');
  });

  it('downloads the CSV with the session from Download CSV', async () => {
    const href = await page.$$eval('a', (as) => as.find((a) => a.textContent?.trim() === 'Download CSV')?.getAttribute('href') ?? null);
    expect(href).toBe(`/app/workspaces/${workspaceId}/pricing.csv`);
    const download = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'same-origin' });
      return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: await res.text() };
    }, href!);
    expect(download).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8', disposition: expect.stringContaining('attachment') });
    const lines = download.body.split('\r\n');
    expect(lines[0]).toBe('competitor,plan,amount,currency,period,unit,features,changed_at');
    expect(lines.some((line) => line.startsWith('Acme,Pro,59,USD,month,'))).toBe(true);
  });

  it('opens the profile from the competitor name on the Competitors page', async () => {
    await go(`/app/workspaces/${workspaceId}/competitors`);
    await follow('Acme', `[data-competitor-id="${competitorId}"]`);
    expect(path()).toBe(`/app/competitors/${competitorId}`);
    const body = await text(page);
    expect(body).toContain('Ship projects faster with Acme');
    expect(body).toMatch(/From 19 to 59 USD per month/);
    expect(body).toContain('Recent changes');
    expect(body).toMatch(/release\(s\) in the last 90 days/);
    expect(body).toContain(site.url('/pricing'));
    expect(await page.$$eval('a', (as) => as.some((a) => a.textContent?.trim() === 'Download battlecard'))).toBe(true);
  });

  it('opens the profile from the competitor name in the changes inbox and on a change', async () => {
    await go(`/app/workspaces/${workspaceId}/changes`);
    await follow('Acme', 'li[data-change-id]:first-of-type');
    expect(path()).toBe(`/app/competitors/${competitorId}`);
    await follow((await page.$eval('.digest-items a', (a) => a.textContent!.trim())), '.digest-items li:first-child');
    expect(path()).toMatch(/^\/app\/changes\/\d+$/);
    await follow('Acme', '.detail-head');
    expect(path()).toBe(`/app/competitors/${competitorId}`);
  });

  it('opens the profile from the Pricing page too', async () => {
    await go(`/app/workspaces/${workspaceId}/pricing`);
    await follow('Acme', `[data-competitor-id="${competitorId}"]`);
    expect(path()).toBe(`/app/competitors/${competitorId}`);
  });

  it("answers 404 for another account's pricing, CSV and profile, and sends a signed-out visitor to sign in", async () => {
    const other = await createSession(t, 'pro', 'Other');
    const otherEmail = `other-${other.accountId}@example.test`;
    await t.app.get(UsersService).create(other.accountId, otherEmail, PASSWORD);
    const agent = request.agent(t.app.getHttpServer());
    const signIn = await agent.get('/app/sign-in').expect(200);
    await agent.post('/app/sign-in').type('form').send({ _csrf: csrfOf(signIn.text), email: otherEmail, password: PASSWORD }).expect(303);
    for (const url of [`/app/workspaces/${workspaceId}/pricing`, `/app/workspaces/${workspaceId}/pricing.csv`, `/app/competitors/${competitorId}`, `/app/competitors/${competitorId}/battlecard.md`]) {
      const res = await agent.get(url).expect(404);
      expect(res.text).not.toContain('Acme');
    }
    const anonymous = await request(t.app.getHttpServer()).get(`/app/workspaces/${workspaceId}/pricing.csv`).expect(303);
    expect(anonymous.headers.location).toBe('/app/sign-in');
  });
});
