import type { Browser, Page } from 'puppeteer-core';
import request from 'supertest';
import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { buttons, chromiumPath, choose, fill, launchBrowser, press, text } from '../support/browser';
import { insertChange, seedWorkspace } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

// Browser tests are mandatory in CI (.ci/run installs Chromium); elsewhere they need it installed.
const withBrowser = chromiumPath() || process.env.CI ? describe : describe.skip;
if (!chromiumPath() && !process.env.CI) console.warn('[app-browser] Chromium not found: browser tests skipped (apt-get install -y chromium)');

const EMAIL = 'marketer@example.test';
const PASSWORD = 'correct horse battery';

/**
 * The application as a person uses it, in a real Chromium against the real service: sign up, add a
 * competitor, triage its change, manage API keys, test the webhook, and the security rules.
 */
withBrowser('the application in a browser', () => {
  let t: TestApp;
  let site: SiteServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let page: Page;
  let state: AcmeState;
  let origin: string;
  let workspaceId: number;
  let changeId: number;

  const go = (path: string) => page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
  const api = (key: string) => ({ get: (path: string) => request(t.app.getHttpServer()).get(`/v1${path}`).set('Authorization', `Bearer ${key}`) });

  beforeAll(async () => {
    site = await new SiteServer().start();
    state = acmeInitialState();
    site.setPages(acmePages(state));
    receiver = await new WebhookReceiver().start();
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0', WEBHOOK_RETRY_BASE_SECONDS: '1' });
    origin = t.baseUrl.replace(/\/v1$/, '');
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 860 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.stop();
    await receiver?.stop();
  });

  it('sends a signed-out visitor to sign in, and signs a new account up', async () => {
    await go('/app');
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    await go('/app/sign-up');
    await fill(page, 'Account name', 'Northwind Marketing');
    await fill(page, 'Email', EMAIL);
    await fill(page, 'Password', PASSWORD);
    await press(page, 'Create account');
    expect(await text(page)).toContain('Create your first workspace');
    for (const link of ['Changes', 'Competitors', 'Digest', 'Settings']) {
      expect(await page.$$eval('nav a', (as, l) => as.some((a) => a.textContent?.trim() === l), link)).toBe(true);
    }
    expect(await buttons(page, 'Sign out')).toHaveLength(1);
  });

  it('keeps the session cookie away from page scripts', async () => {
    const cookies = await page.cookies();
    const session = cookies.find((c) => c.name === 'rw_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('rw_session');
  });

  it('refuses a form sent without its CSRF token', async () => {
    const status = await page.evaluate(async () => {
      const res = await fetch('/app/workspaces', { method: 'POST', body: new URLSearchParams({ name: 'Forged' }) });
      return res.status;
    });
    expect(status).toBe(403);
  });

  it('creates a workspace, adds a competitor and shows discovery finishing without a reload', async () => {
    await fill(page, 'Workspace name', 'Project tools');
    await press(page, 'Create workspace');
    workspaceId = Number(new URL(page.url()).pathname.split('/')[3]);
    expect(new URL(page.url()).pathname).toBe(`/app/workspaces/${workspaceId}/competitors`);
    // Discovery waits on the homepage until the page has shown it under way: on a fast run it
    // finished before the first render, and the state this test reads was gone.
    let release = (): void => undefined;
    site.hold('/', new Promise<void>((resolve) => (release = resolve)));
    await fill(page, 'Homepage URL', site.url('/'));
    await press(page, 'Add competitor');
    expect(await text(page)).toContain('Discovering');
    release();
    // The page polls its fragment: the monitors appear and their baselines finish in place.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-discovery-status=completed]') !== null &&
        document.querySelectorAll('tr[data-monitor-id]').length > 0 &&
        document.querySelector('[data-run-status=pending],[data-run-status=running]') === null &&
        document.querySelectorAll('[data-run-status=succeeded]').length === document.querySelectorAll('tr[data-monitor-id]').length,
      { timeout: 60_000, polling: 250 },
    );
    const body = await text(page);
    expect(body).toContain('Acme');
    expect(body).toContain('Healthy');
    expect((await buttons(page, 'Check now')).length).toBe(3); // trial plan: three monitors
    expect((await buttons(page, 'Pause')).length).toBe(3);
  });

  it('pauses and resumes a monitor', async () => {
    const row = 'tr[data-monitor-id]:first-of-type';
    await press(page, 'Pause', row);
    expect(await text(page, row)).toContain('paused');
    await press(page, 'Resume', row);
    expect(await text(page, row)).not.toContain('paused');
  });

  it('shows a change in the inbox after the site changes and Check now', async () => {
    state.plans[1].price = '$59';
    state.headline = 'Plan every project in one place';
    state.posts.unshift({ slug: 'ai-planner', title: 'Meet the AI planner', date: '2026-11-20', author: 'Dana Reyes', excerpt: 'Plans that write themselves.' });
    site.setPages(acmePages(state));
    const count = (await buttons(page, 'Check now')).length;
    for (let i = 0; i < count; i++) await press(page, 'Check now', `tr[data-monitor-id]:nth-of-type(${i + 1})`);
    expect(await text(page)).toContain('Check queued');
    await waitFor(
      async () => {
        await go(`/app/workspaces/${workspaceId}/changes`);
        return (await page.$('[data-change-id]')) !== null;
      },
      'a change in the inbox',
      60_000,
      500,
    );
    const items = await page.$$eval('li[data-change-id]', (lis) => lis.map((li) => ({ id: Number(li.getAttribute('data-change-id')), text: (li as HTMLElement).innerText })));
    expect(items[0].text).toMatch(/Acme/);
    expect(items[0].text).toMatch(/(Critical|High|Medium|Low|Info)/i);
    changeId = items[0].id;
    await page.screenshot({ path: 'docs/inbox.png' });
  });

  it('opens the change and marks it reviewed; the REST API agrees', async () => {
    // The pricing change: Pro went from $49 to $59.
    [{ id: changeId }] = await t.db.query(`SELECT id FROM changes WHERE workspace_id = $1 AND monitor_type = 'pricing' ORDER BY id DESC LIMIT 1`, [workspaceId]);
    await go(`/app/changes/${changeId}`);
    const detail = await text(page);
    expect(detail).toContain('Why it matters');
    expect(detail).toContain('View the source page');
    // "What changed" is written for people: plan names and prices with currency, no internal paths.
    const table = await text(page, 'table.diffs');
    expect(table).toMatch(/Pro plan · (monthly )?price/);
    expect(table).toContain('$59');
    expect(table).not.toMatch(/plans\[|prices\[|\.amount/);
    expect(await buttons(page, 'Reopen')).toHaveLength(0);
    await press(page, 'Mark reviewed');
    expect(await text(page)).toContain('Change marked reviewed');
    const [row] = await t.db.query(`SELECT review_status FROM changes WHERE id = $1`, [changeId]);
    expect(row.review_status).toBe('acknowledged');
    // Only the actions that apply, and the badge in the button's words.
    expect(await text(page, '.detail-head')).toContain('Reviewed');
    expect(await buttons(page, 'Mark reviewed')).toHaveLength(0);
    expect(await buttons(page, 'Dismiss')).toHaveLength(0);
    expect(await buttons(page, 'Reopen')).toHaveLength(1);
    await page.screenshot({ path: 'docs/change.png', fullPage: true });
  });

  it('triages from the keyboard: j moves, d dismisses', async () => {
    await go(`/app/workspaces/${workspaceId}/changes`);
    await page.keyboard.press('j');
    const first = await page.$eval('li.change.selected', (li) => Number(li.getAttribute('data-change-id')));
    const was = await page.$eval('li.change.selected', (li) => li.getAttribute('data-review-status')!);
    const counts = () => page.$$eval('[data-count]', (els) => Object.fromEntries(els.map((el) => [el.getAttribute('data-count'), Number(el.textContent)])));
    const before = await counts();
    await page.keyboard.press('d');
    await page.waitForFunction((id) => document.querySelector(`li[data-change-id="${id}"]`)?.getAttribute('data-review-status') === 'dismissed', {}, first);
    const [row] = await t.db.query(`SELECT review_status FROM changes WHERE id = $1`, [first]);
    expect(row.review_status).toBe('dismissed');
    // The header counts move with the triage, and the badge uses the same words as a reload.
    expect(await counts()).toEqual({ ...before, [was]: before[was] - 1, dismissed: before.dismissed + 1 });
    expect(await text(page, `li[data-change-id="${first}"] .review`)).toBe('Dismissed');
  });

  it('creates an API key shown once, which works on /v1 until it is revoked', async () => {
    await go('/app/settings/api-keys');
    await press(page, 'Create API key');
    const key = await page.$eval('[data-new-key]', (input) => (input as HTMLInputElement).value);
    expect(key).toMatch(/^rw_live_/);
    await api(key).get('/account').expect(200);
    // Post/redirect/get: reloading the page neither shows the key again nor creates a second one.
    const keys = async () => (await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE revoked_at IS NULL`))[0].n;
    const before = await keys();
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await keys()).toBe(before);
    expect(await page.content()).not.toContain(key);
    await go('/app/settings/api-keys');
    expect(await page.content()).not.toContain(key);
    // The newest key is listed first; revoke it.
    const prefix = key.slice(0, 12);
    const row = await page.$$eval('tr[data-key-id]', (rows, p) => rows.find((r) => r.textContent?.includes(p))?.getAttribute('data-key-id') ?? null, prefix);
    expect(row).not.toBeNull();
    page.once('dialog', (dialog) => dialog.accept());
    await press(page, 'Revoke', `tr[data-key-id="${row}"]`);
    expect(await text(page)).toContain('Key revoked');
    await api(key).get('/account').expect(401);
  });

  it('saves a webhook and Send test delivers a signed test.ping whose outcome the page shows', async () => {
    await go(`/app/workspaces/${workspaceId}/settings/notifications`);
    await fill(page, 'Webhook URL', receiver.url('app-hook'));
    await fill(page, 'Signing secret', 'whsec_browser_test_secret');
    await choose(page, 'Mode', 'realtime');
    await choose(page, 'Minimum severity', 'high');
    await choose(page, 'Digest hour (UTC)', '7');
    await press(page, 'Save');
    expect(await text(page)).toContain('Notification settings saved');
    expect(await page.content()).not.toContain('whsec_browser_test_secret');
    await press(page, 'Send test', '[data-channel=webhook]');
    const [hook] = await receiver.waitFor('app-hook', 1);
    expect(hook.headers['x-service-signature']).toMatch(/^sha256=/);
    expect((hook.body as { event: string }).event).toBe('test.ping');
    await page.waitForFunction(() => document.querySelector('[data-test-outcome=webhook]')?.textContent?.includes('HTTP 200'), { timeout: 20_000 });
    expect(await text(page, '#notification-status')).toContain('test.ping');
  });

  it('adds email and chat channels, and Send test reaches each of them', async () => {
    await fill(page, 'Email recipients', 'pm@example.test, founder@example.test');
    await fill(page, 'Slack webhook URL', receiver.url('slack'));
    await fill(page, 'Teams webhook URL', receiver.url('teams'));
    await fill(page, 'Discord webhook URL', receiver.url('discord'));
    await press(page, 'Save');
    expect(await text(page)).toContain('Notification settings saved');
    // No SMTP_URL here: the test mail is kept in the outbox, and the page does not call that delivered.
    for (const [channel, outcome] of [['email', 'in outbox'], ['slack', 'delivered'], ['teams', 'delivered'], ['discord', 'delivered']]) {
      await press(page, 'Send test', `[data-channel=${channel}]`);
      await page.waitForFunction(
        (c, o) => (document.querySelector(`[data-test-outcome=${c}]`)?.textContent ?? '').includes(o),
        { timeout: 20_000 },
        channel,
        outcome,
      );
    }
    expect(await text(page, '[data-test-outcome=email]')).toContain('no SMTP server is configured');
    expect((await receiver.waitFor('slack', 1))[0].body).toHaveProperty('blocks');
    expect((await receiver.waitFor('teams', 1))[0].body).toHaveProperty('attachments');
    expect((await receiver.waitFor('discord', 1))[0].body).toHaveProperty('embeds');
    await go(`/app/workspaces/${workspaceId}/settings/notifications`);
    const outbox = await text(page, '.outbox');
    expect(outbox).toContain('pm@example.test');
    expect(outbox).toContain('founder@example.test');
    expect(await page.$eval('#email-recipients', (el) => (el as HTMLTextAreaElement).value)).toBe('pm@example.test, founder@example.test');
    // Chat webhook URLs carry credentials: never shown again, kept when their fields stay empty.
    expect(await page.content()).not.toContain(receiver.url('slack'));
    await choose(page, 'Minimum severity', 'medium');
    await press(page, 'Save');
    expect(await buttons(page, 'Send test', '[data-channel=slack]')).toHaveLength(1);
  });

  it('keeps what was typed when a save is refused, and says why', async () => {
    await fill(page, 'Email recipients', 'pm@example.test, not-an-address');
    await fill(page, 'Webhook URL', receiver.url('typed-hook'));
    await press(page, 'Save');
    expect(await text(page, '.flash.error')).toMatch(/email/i);
    expect(await page.$eval('#webhook-url', (el) => (el as HTMLInputElement).value)).toBe(receiver.url('typed-hook'));
    expect(await page.$eval('#email-recipients', (el) => (el as HTMLTextAreaElement).value)).toContain('not-an-address');
  });

  it('shows the digest with its four sections', async () => {
    await go(`/app/workspaces/${workspaceId}/digest?period=7d`);
    const body = await text(page);
    for (const section of ['Needs review', "Who's moving", 'Top opportunities', 'Coverage']) expect(body).toContain(section);
    expect(await page.$('svg.sparkline')).not.toBeNull();
    expect(body).not.toMatch(/\(s\)|score \d/);
    // Top opportunities repeats nothing listed under Needs review, and shows no low or info change.
    const linked = (section: string) =>
      page.$$eval('section.card', (cards, name) => {
        const card = cards.find((c) => c.querySelector('h2')?.textContent === name);
        return card ? Array.from(card.querySelectorAll('a[href^="/app/changes/"]')).map((a) => a.getAttribute('href')) : [];
      }, section);
    const review = await linked('Needs review');
    for (const href of await linked('Top opportunities')) expect(review).not.toContain(href);
    expect(await text(page, 'main')).not.toMatch(/Top opportunities[\s\S]*\b(Low|Info)\b[\s\S]*Coverage/);
    // Cards keep their own height: Coverage does not stretch to its neighbour's.
    const heights = await page.$$eval('section.card', (cards) => cards.map((c) => [c.querySelector('h2')?.textContent, c.getBoundingClientRect().height]));
    const coverage = heights.find(([name]) => name === 'Coverage')![1] as number;
    expect(coverage).toBeLessThan(200);
    await page.screenshot({ path: 'docs/digest.png', fullPage: true });
  });

  it("gives a 404 page for another account's change", async () => {
    const other = await createSession(t, 'pro', 'Someone else');
    const { monitors } = await seedWorkspace(t.db, other.accountId);
    const foreign = await insertChange(t.db, { monitor: monitors[0] });
    const res = await go(`/app/changes/${foreign.id}`);
    expect(res?.status()).toBe(404);
    expect(await text(page)).toContain('Not found');
    expect(await page.content()).not.toContain('Why change');
  });

  it('signs out, and the session no longer opens pages', async () => {
    await go(`/app/workspaces/${workspaceId}/changes`);
    await press(page, 'Sign out');
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    await go(`/app/workspaces/${workspaceId}/changes`);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
  });

  it('limits wrong passwords, then signs in with the right one refused until the window passes', async () => {
    for (let i = 0; i < 5; i++) {
      await fill(page, 'Email', EMAIL);
      await fill(page, 'Password', `wrong password ${i}`);
      await press(page, 'Sign in');
      expect(await text(page)).toContain('do not match');
    }
    await fill(page, 'Email', EMAIL);
    await fill(page, 'Password', PASSWORD);
    await press(page, 'Sign in');
    expect(await text(page)).toContain('Too many failed sign-in attempts');
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
  });
});
