import type { Browser, Page } from 'puppeteer-core';
import { acmeInitialState, acmePages } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { chromiumPath, choose, fill, launchBrowser, press, text } from '../support/browser';
import { SmtpSink } from '../support/smtp-sink';
import { createTestApp, TestApp } from '../support/test-app';

// Browser tests are mandatory in CI (.ci/run installs Chromium); elsewhere they need it installed.
const withBrowser = chromiumPath() || process.env.CI ? describe : describe.skip;

const EMAIL = 'new.marketer@example.test';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new staple';

/**
 * Issue 25 in a real Chromium: a trial discovery's skipped pages and Monitor this page, Add page,
 * Delete (page and competitor), Rename workspace and Delete workspace, and Forgot password? through
 * to a new password that signs in. Screenshots of the changed pages go to docs/.
 */
withBrowser('managing competitors, pages, workspaces and passwords in a browser', () => {
  let t: TestApp;
  let site: SiteServer;
  let smtp: SmtpSink;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let workspaceId: string;

  const go = (path: string) => page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
  const path = () => new URL(page.url()).pathname;
  const monitorRows = () => page.$$eval('tr[data-monitor-id]', (rows) => rows.length);

  beforeAll(async () => {
    site = await new SiteServer().start();
    site.setPages(acmePages(acmeInitialState()));
    smtp = await new SmtpSink().start();
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0', SMTP_URL: smtp.url() });
    origin = t.baseUrl.replace(/\/v1$/, '');
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.stop();
    await smtp?.stop();
  });

  it('explains the pages a trial discovery left unmonitored, and answers Monitor this page with the plan’s limit', async () => {
    await go('/app/sign-up');
    await fill(page, 'Account name', 'Northwind');
    await fill(page, 'Email', EMAIL);
    await fill(page, 'Password', PASSWORD);
    await press(page, 'Create account');
    await fill(page, 'Workspace name', 'Project tools');
    await press(page, 'Create workspace');
    workspaceId = path().split('/')[3];
    await fill(page, 'Homepage URL', site.url('/'));
    await press(page, 'Add competitor');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-discovery-status=completed]') !== null &&
        document.querySelectorAll('tr[data-monitor-id]').length > 0 &&
        document.querySelector('[data-run-status=pending],[data-run-status=running]') === null,
      { timeout: 60_000, polling: 250 },
    );
    const body = await text(page);
    expect(body).toContain('Discovery found 5 pages: 3 monitored, 2 not monitored (plan limit: the Trial plan monitors at most 3 pages).');
    expect(body.match(/Not monitored: plan limit/g)).toHaveLength(2);
    expect(body).not.toContain('No pages are monitored');
    await page.screenshot({ path: 'docs/competitor-page.png', fullPage: true });

    await press(page, 'Monitor this page', 'li[data-surface-url*="docs"]');
    expect(await text(page)).toContain('This page is not monitored: the Trial plan monitors at most 3 pages and 3 are monitored already.');
    expect(await monitorRows()).toBe(3);
  });

  it('deletes a monitored page after a confirmation, then monitors a skipped one', async () => {
    await go(`/app/workspaces/${workspaceId}/competitors`);
    await press(page, 'Delete', 'tr[data-monitor-id]:first-of-type');
    expect(await text(page)).toMatch(/Delete the page .+\?/);
    await page.screenshot({ path: 'docs/confirm-delete.png' });
    await press(page, 'Delete page');
    expect(await text(page)).toMatch(/Deleted the page .+ with its changes\./);
    expect(await monitorRows()).toBe(2);
    expect(await text(page)).toContain('Not monitored: deleted');

    await press(page, 'Monitor this page', 'li[data-surface-url*="docs"]');
    expect(await text(page)).toContain('Now monitoring');
    expect(await monitorRows()).toBe(3);
  });

  it('adds a page by URL and type with Add page', async () => {
    await press(page, 'Delete', 'tr[data-monitor-id]:first-of-type');
    await press(page, 'Delete page');
    await page.$$eval('summary', (all) => all.find((s) => s.textContent?.trim() === 'Add page')?.click());
    await fill(page, 'Page URL', site.url('/careers'));
    await choose(page, 'Page type', 'careers');
    await press(page, 'Add page');
    expect(await text(page)).toContain(`Now monitoring ${site.url('/careers')} (careers)`);
    expect(await text(page, 'table.monitors')).toContain('careers');
  });

  it('deletes the competitor after a confirmation that names it', async () => {
    await press(page, 'Delete competitor');
    const confirm = await text(page);
    expect(confirm).toMatch(/Delete Acme.*\?/);
    expect(confirm).toContain('3 monitored pages');
    await press(page, 'Delete competitor');
    expect(await text(page)).toMatch(/Deleted Acme.* with its pages and changes\./);
    expect(await page.$$('[data-competitor-id]')).toHaveLength(0);
  });

  it('renames the workspace (refusing a name of spaces) and deletes it after a confirmation that names it', async () => {
    await go(`/app/workspaces/${workspaceId}/settings/notifications`);
    await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.$$eval('nav.tabs a', (as) => as.find((a) => a.textContent?.trim() === 'Workspace')?.click())]);
    await fill(page, 'Workspace name', '   ');
    await press(page, 'Rename workspace');
    expect(await text(page)).toContain('Enter a workspace name.');
    await fill(page, 'Workspace name', 'Analytics market');
    await press(page, 'Rename workspace');
    expect(await text(page)).toContain('Workspace renamed to “Analytics market”.');
    expect(await page.$eval('#workspace-switcher option[selected]', (o) => o.textContent)).toBe('Analytics market');
    await page.screenshot({ path: 'docs/workspace-settings.png' });

    await press(page, 'Delete workspace');
    expect(await text(page)).toContain('Delete the workspace “Analytics market”?');
    await press(page, 'Delete workspace');
    const landing = await text(page);
    expect(landing).toContain('Deleted the workspace “Analytics market”');
    expect(landing).toContain('Create your first workspace');
  });

  it('resets a forgotten password by email, and the new one signs in', async () => {
    await press(page, 'Sign out');
    await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.$$eval('a', (as) => as.find((a) => a.textContent?.trim() === 'Forgot password?')?.click())]);
    expect(path()).toBe('/app/forgot-password');
    await fill(page, 'Email', EMAIL);
    await press(page, 'Send reset link');
    expect(await text(page)).toContain(`If an account uses ${EMAIL}, we have sent it a link to choose a new password.`);
    await page.screenshot({ path: 'docs/forgot-password.png' });

    const [mail] = await smtp.waitFor(EMAIL, 1);
    const link = /http:\/\/\S+\/app\/reset-password\?token=[\w-]+/.exec(mail.parts['text/plain'])![0];
    await page.goto(`${origin}${new URL(link).pathname}${new URL(link).search}`, { waitUntil: 'domcontentloaded' });
    await fill(page, 'New password', NEW_PASSWORD);
    await press(page, 'Set new password');
    expect(path()).toBe('/app/sign-in');
    expect(await text(page)).toContain('Your password is changed. Sign in with it.');
    await fill(page, 'Email', EMAIL);
    await fill(page, 'Password', NEW_PASSWORD);
    await press(page, 'Sign in');
    expect(path()).toBe('/app/workspaces');
  });
});
