import type { Browser } from 'puppeteer-core';
import request from 'supertest';
import { pngSize } from '../../src/evidence/png';
import { UsersService } from '../../src/users/users.service';
import type { Box } from '../../src/evidence/locate-region';
import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { chromiumPath, fill, launchBrowser, press } from '../support/browser';
import { contains, cropBoxes, settledScreenshots, settledVisual } from '../support/evidence';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const withChromium = chromiumPath() || process.env.CI ? describe : describe.skip;

/** A pricing page whose plans a stylesheet hides: extracted from the HTML, never rendered. */
function hiddenPricing(price: string): string {
  return `<!doctype html><html><head><title>Hidden pricing</title><style>.vault { display: none }</style></head>
<body><h1>Plans</h1><div class="vault"><div class="plan-card"><h3>Team</h3><div class="price">${price}/month</div>
<ul><li>Unlimited boards</li></ul><a href="/signup">Start free trial</a></div>
<div class="plan-card"><h3>Solo</h3><div class="price">$9/month</div><ul><li>One board</li></ul><a href="/signup">Start</a></div></div></body></html>`;
}

/**
 * Visual evidence (DESIGN §5e) on a fixture competitor: a screenshot at each baseline and change,
 * the before and after crops of the region that changed, their endpoints and their scoping.
 */
withChromium('visual evidence of a change', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let state: AcmeState;
  let hiddenPrice = '$29';
  let workspaceId: number;
  let competitorId: number;
  let pricingMonitor: number;
  let browser: Browser;

  function publish(edit?: (s: AcmeState) => void): void {
    edit?.(state);
    site.setPages({ ...acmePages(state), '/hidden-pricing': () => hiddenPricing(hiddenPrice) });
  }

  async function latestChange(monitorId: number): Promise<number> {
    const res = await s.get(`/changes?workspace_id=${workspaceId}&limit=100`).expect(200);
    return res.body.changes.find((c: { monitor_id: number }) => c.monitor_id === monitorId).id;
  }

  /** Where the Pro plan's price sits on the page as published now, rendered 1280 px wide without scripts. */
  async function proPriceBox(): Promise<Box> {
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 1280, height: 800 });
      await page.setJavaScriptEnabled(false);
      await page.goto(site.url('/pricing'), { waitUntil: 'load' });
      const box = await page.$$eval('.plan-card', (cards) => {
        const pro = cards.find((c) => c.querySelector('.plan-name')?.textContent === 'Pro')!;
        const r = pro.querySelector('.price')!.getBoundingClientRect();
        return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
      });
      return box;
    } finally {
      await page.close();
    }
  }

  beforeAll(async () => {
    site = await new SiteServer().start();
    state = acmeInitialState();
    publish();
    browser = await launchBrowser();
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'Evidence' }).expect(201)).body.workspace.id;
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
    competitorId = added.body.competitor.id;
    expect(await waitForDiscovery(s, competitorId)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${competitorId}`).expect(200);
    pricingMonitor = detail.body.competitor.monitors.find((m: { monitor_type: string }) => m.monitor_type === 'pricing').id;
    await settledScreenshots(t.db, pricingMonitor);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.stop();
  });

  it('takes a 1280 px screenshot at the baseline, and none at an unchanged check', async () => {
    const [baseline] = await t.db.query(`SELECT status, scale, octet_length(image) AS bytes, image FROM page_screenshots WHERE monitor_id = $1`, [pricingMonitor]);
    expect(baseline.status).toBe('ready');
    expect(pngSize(baseline.image).width).toBe(Math.round(1280 * baseline.scale));
    expect(baseline.bytes).toBeLessThanOrEqual(600 * 1024);
    expect((await checkNow(s, t.db, pricingMonitor)).status).toBe('no_change');
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM page_screenshots WHERE monitor_id = $1`, [pricingMonitor]);
    expect(n).toBe(1);
  });

  it('crops the price before and after a price change, outlined, each containing the price element', async () => {
    const beforeBox = await proPriceBox();
    publish((st) => {
      st.plans[1].price = '$59';
    });
    const afterBox = await proPriceBox();
    expect((await checkNow(s, t.db, pricingMonitor)).status).toBe('changed');
    const changeId = await latestChange(pricingMonitor);

    const visual = await settledVisual(s, changeId);
    expect(visual).toEqual({
      status: 'ready',
      reason: null,
      before: { url: `${t.config.publicBaseUrl}/changes/${changeId}/evidence/before.png`, width: expect.any(Number), height: expect.any(Number) },
      after: { url: `${t.config.publicBaseUrl}/changes/${changeId}/evidence/after.png`, width: expect.any(Number), height: expect.any(Number) },
    });

    const boxes = await cropBoxes(t.db, changeId);
    expect(contains(boxes.before, beforeBox)).toBe(true);
    expect(contains(boxes.after, afterBox)).toBe(true);
    for (const side of ['before', 'after'] as const) {
      const res = await s.get(`/changes/${changeId}/evidence/${side}.png`).expect(200).expect('Content-Type', 'image/png');
      const png = res.body as Buffer;
      expect(png.length).toBeLessThanOrEqual(600 * 1024);
      expect(pngSize(png)).toEqual({ width: visual[side]!.width, height: visual[side]!.height });
      // Drawn at scale 1 from the stored screenshot: one pixel per CSS pixel of the crop's box.
      expect(pngSize(png)).toEqual({ width: boxes[side].width, height: boxes[side].height });
    }
  });

  it('serves the images only with the account’s key', async () => {
    const changeId = await latestChange(pricingMonitor);
    await request(t.app.getHttpServer()).get(`/v1/changes/${changeId}/evidence/after.png`).expect(401);
    const other = await createSession(t, 'pro', 'Someone else');
    const res = await other.get(`/changes/${changeId}/evidence/after.png`).expect(404);
    expect(res.body.error.code).toBe('not_found');
    await s.get(`/changes/99999999/evidence/before.png`).expect(404);
  });

  it('shows Before and After side by side on the change page in the application', async () => {
    const changeId = await latestChange(pricingMonitor);
    await t.app.get(UsersService).create(s.accountId, 'analyst@example.test', 'correct horse battery');
    const origin = t.baseUrl.replace(/\/v1$/, '');
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(`${origin}/app/sign-in`, { waitUntil: 'domcontentloaded' });
      await fill(page, 'Email', 'analyst@example.test');
      await fill(page, 'Password', 'correct horse battery');
      await press(page, 'Sign in');
      await page.goto(`${origin}/app/changes/${changeId}`, { waitUntil: 'load' });
      const figures = await page.$$eval('figure', (els) =>
        els.map((figure) => {
          const img = figure.querySelector('img')!;
          const box = img.getBoundingClientRect();
          return { heading: figure.querySelector('h3')?.textContent, loaded: img.complete && img.naturalWidth > 0, left: box.left, top: box.top };
        }),
      );
      expect(figures.map((f) => ({ heading: f.heading, loaded: f.loaded }))).toEqual([
        { heading: 'Before', loaded: true },
        { heading: 'After', loaded: true },
      ]);
      expect(figures[0].top).toBe(figures[1].top);
      expect(figures[0].left).toBeLessThan(figures[1].left);
      const image = await page.goto(`${origin}/app/changes/${changeId}/evidence/after.png`);
      expect(image?.headers()['content-type']).toBe('image/png');
    } finally {
      await page.close();
    }
    await request(t.app.getHttpServer()).get(`/app/changes/${changeId}/evidence/before.png`).expect(303);
  });

  it('says why when the changed text is not rendered on the page', async () => {
    const monitor = (await s.post('/monitors', { competitor_id: competitorId, url: site.url('/hidden-pricing'), monitor_type: 'pricing' }).expect(201)).body.monitor;
    await waitForIdleRuns(t.db, workspaceId);
    if ((await t.db.query(`SELECT count(*)::int AS n FROM runs WHERE monitor_id = $1`, [monitor.id]))[0].n === 0) await checkNow(s, t.db, monitor.id);
    await settledScreenshots(t.db, monitor.id);
    hiddenPrice = '$39';
    publish();
    expect((await checkNow(s, t.db, monitor.id)).status).toBe('changed');
    const visual = await settledVisual(s, await latestChange(monitor.id));
    expect(visual).toEqual({ status: 'unavailable', reason: expect.stringMatching(/not found/), before: null, after: null });
    await s.get(`/changes/${await latestChange(monitor.id)}/evidence/after.png`).expect(404);
  });
});
