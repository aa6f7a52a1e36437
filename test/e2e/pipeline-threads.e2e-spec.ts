import { extractPage } from '../../src/capture/extract/extract-page';
import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

/**
 * Checks with extraction on a thread (EXTRACT_THREADS=1, as a deployed worker runs them): a page's
 * markdown comes back from the thread as UTF-8 and is stored as those bytes, and a changed page is
 * diffed on the thread that kept it. What is stored and recorded must be what inline extraction
 * gives, accents and symbols included.
 */
describe('checks with extraction on a thread', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let state: AcmeState;
  let pricing: number;

  function publish(edit?: (s: AcmeState) => void): void {
    edit?.(state);
    site.setPages(acmePages(state));
  }

  /** The stored capture's markdown, and what extractPage gives inline for the page as served now. */
  async function storedAndInline(): Promise<{ stored: string; inline: string }> {
    const res = await s.get(`/monitors/${pricing}?include=capture_markdown`).expect(200);
    const url = site.url('/pricing');
    const html = await (await fetch(url)).text();
    return { stored: res.body.monitor.capture.markdown, inline: extractPage(html, url, 'pricing').markdown };
  }

  beforeAll(async () => {
    site = await new SiteServer().start();
    state = acmeInitialState();
    state.plans[1].features.push('Priorität-Support — 24/7 ✓ für Teams');
    publish();
    t = await createTestApp({ EXTRACT_THREADS: '1', CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    const workspaceId = (await s.post('/workspaces', { name: 'Threads' }).expect(201)).body.workspace.id;
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
    expect(await waitForDiscovery(s, added.body.competitor.id)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${added.body.competitor.id}`).expect(200);
    pricing = detail.body.competitor.monitors.find((m: { monitor_type: string }) => m.monitor_type === 'pricing').id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('stores the baseline markdown exactly as inline extraction renders it', async () => {
    const { stored, inline } = await storedAndInline();
    expect(stored).toContain('Priorität-Support — 24/7 ✓ für Teams');
    expect(stored).toBe(inline);
  });

  it('records a price change diffed on the thread, and stores the new markdown', async () => {
    publish((st) => {
      st.plans[1].price = '$59';
    });
    const run = await checkNow(s, t.db, pricing);
    expect(run.status).toBe('changed');
    const change = (await t.db.query(`SELECT summary, raw_diff FROM changes WHERE run_id = $1`, [run.id]))[0];
    expect(change.summary).toMatch(/\$49.*\$59|\$59/);
    expect(change.raw_diff).toMatch(/^-.*\$49/m);
    expect(change.raw_diff).toMatch(/^\+.*\$59/m);
    const { stored, inline } = await storedAndInline();
    expect(stored).toContain('$59');
    expect(stored).toBe(inline);
  });

  it('finds nothing new when the page is checked again unchanged', async () => {
    expect((await checkNow(s, t.db, pricing)).status).toBe('no_change');
  });
});
