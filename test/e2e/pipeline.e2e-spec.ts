import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

/**
 * The capture pipeline end to end: a fixture competitor on 127.0.0.1 is discovered, baselined,
 * edited, and checked; each edit must give exactly the right change and nothing else.
 */
describe('capture pipeline on a fixture competitor', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let state: AcmeState;
  let workspaceId: number;
  let monitors: Record<string, number>;

  function publish(edit?: (s: AcmeState) => void): void {
    edit?.(state);
    site.setPages(acmePages(state));
  }

  async function changesOf(monitorId: number): Promise<{ id: number; summary: string; severity: string; category: string; direction: string }[]> {
    const res = await s.get(`/changes?workspace_id=${workspaceId}&limit=100`).expect(200);
    return res.body.changes.filter((c: { monitor_id: number }) => c.monitor_id === monitorId);
  }

  async function changeTypes(changeId: number): Promise<string[]> {
    const res = await s.get(`/changes/${changeId}`).expect(200);
    return res.body.change.field_diffs.filter((d: { tier: string }) => d.tier === 'alertable').map((d: { change_type: string }) => d.change_type);
  }

  beforeAll(async () => {
    site = await new SiteServer().start();
    state = acmeInitialState();
    publish();
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'PM tools' }).expect(201)).body.workspace.id;
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
    expect(await waitForDiscovery(s, added.body.competitor.id)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${added.body.competitor.id}`).expect(200);
    monitors = Object.fromEntries(detail.body.competitor.monitors.map((m: { monitor_type: string; id: number }) => [m.monitor_type, m.id]));
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('discovers the competitor: name, five monitors, baselines captured', async () => {
    const list = await s.get(`/workspaces/${workspaceId}/competitors`).expect(200);
    const competitor = list.body.competitors[0];
    expect(competitor.name).toBe('Acme');
    expect(competitor.discovery_status).toBe('completed');
    expect(Object.keys(monitors).sort()).toEqual(['blog', 'changelog', 'docs', 'homepage', 'pricing']);
    for (const m of competitor.monitors) expect(m.last_run).toMatchObject({ status: 'succeeded', error_code: null });
    const pricing = await s.get(`/monitors/${monitors.pricing}?include=capture`).expect(200);
    expect(pricing.body.monitor.url).toBe(site.url('/pricing'));
    expect(pricing.body.monitor.capture.fields.plans.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Pro', 'Enterprise']);
  });

  it('stays quiet when nothing meaningful changed (tokens, timestamps, reordering)', async () => {
    publish((st) => {
      st.noisy = true;
    });
    for (const type of ['pricing', 'homepage', 'blog']) {
      const run = await checkNow(s, t.db, monitors[type]);
      expect({ type, status: run.status }).toEqual({ type, status: 'no_change' });
    }
    publish((st) => {
      st.noisy = false;
    });
  });

  it('reports a price increase on Pro with the numbers', async () => {
    publish((st) => {
      st.plans[1].price = '$59';
    });
    const run = await checkNow(s, t.db, monitors.pricing);
    expect(run.status).toBe('changed');
    const [change] = await changesOf(monitors.pricing);
    expect(change).toMatchObject({ category: 'pricing', direction: 'advanced' });
    expect(change.summary).toContain('$59');
    expect(await changeTypes(change.id)).toEqual(['price_increased']);
  });

  it('reports a price decrease', async () => {
    publish((st) => {
      st.plans[1].price = '$39';
    });
    expect((await checkNow(s, t.db, monitors.pricing)).status).toBe('changed');
    const [change] = await changesOf(monitors.pricing);
    expect(change.direction).toBe('retreated');
    expect(await changeTypes(change.id)).toEqual(['price_decreased']);
  });

  it('reports a plan added and a plan removed', async () => {
    publish((st) => {
      st.plans.splice(2, 0, { name: 'Business', price: '$99', period: '/month', features: ['Portfolios', 'Guest access'], cta: 'Start free trial' });
    });
    expect((await checkNow(s, t.db, monitors.pricing)).status).toBe('changed');
    let [change] = await changesOf(monitors.pricing);
    expect(await changeTypes(change.id)).toContain('plan_added');
    publish((st) => {
      st.plans.splice(0, 1);
    });
    expect((await checkNow(s, t.db, monitors.pricing)).status).toBe('changed');
    [change] = await changesOf(monitors.pricing);
    expect(await changeTypes(change.id)).toContain('plan_removed');
    expect(change.direction).toBe('retreated');
  });

  it('reports a removed feature', async () => {
    publish((st) => {
      const pro = st.plans.find((p) => p.name === 'Pro')!;
      pro.features = pro.features.filter((f) => f !== 'Gantt charts');
    });
    expect((await checkNow(s, t.db, monitors.pricing)).status).toBe('changed');
    const [change] = await changesOf(monitors.pricing);
    expect(await changeTypes(change.id)).toEqual(['feature_removed']);
  });

  it('reports a new blog post', async () => {
    publish((st) => {
      st.posts.unshift({
        slug: 'acme-ai',
        title: 'Introducing Acme AI: plans that write themselves',
        date: '2026-11-20',
        author: 'Sam Okafor',
        excerpt: 'Today we launch Acme AI for every Pro workspace.',
      });
    });
    expect((await checkNow(s, t.db, monitors.blog)).status).toBe('changed');
    const [change] = await changesOf(monitors.blog);
    expect(await changeTypes(change.id)).toEqual(['post_added']);
    expect(change.summary).toContain('Introducing Acme AI');
  });

  it('reports a new changelog entry', async () => {
    publish((st) => {
      st.releases.unshift({ version: '3.3.0', date: '2026-11-18', items: ['New: Workload view', 'Fixed: Duplicate notifications'] });
    });
    expect((await checkNow(s, t.db, monitors.changelog)).status).toBe('changed');
    const [change] = await changesOf(monitors.changelog);
    expect(await changeTypes(change.id)).toEqual(['entry_added']);
    expect(change.summary).toContain('3.3.0');
  });

  it('reports a changed headline', async () => {
    publish((st) => {
      st.headline = 'The AI project manager for every team';
    });
    expect((await checkNow(s, t.db, monitors.homepage)).status).toBe('changed');
    const [change] = await changesOf(monitors.homepage);
    expect(await changeTypes(change.id)).toEqual(['headline_changed']);
    expect(change.category).toBe('positioning');
  });

  it('serves the raw diff and captures of a change', async () => {
    const [change] = await changesOf(monitors.pricing);
    const res = await s.get(`/changes/${change.id}?include=raw_diff,capture,capture_markdown`).expect(200);
    expect(res.body.change.raw_diff_available).toBe(true);
    expect(res.body.change.raw_diff.unified).toContain('Gantt charts');
    expect(res.body.change.raw_diff.before.markdown).toContain('Gantt charts');
    expect(res.body.change.capture.fields.plans).toBeDefined();
    expect(typeof res.body.change.capture.markdown).toBe('string');
    expect(res.body.change.evidence.previous_captured_at).toEqual(expect.any(String));
  });

  it('ends a check of an unchanged page as no_change and keeps the monitor healthy', async () => {
    const run = await checkNow(s, t.db, monitors.docs);
    expect(run.status).toBe('no_change');
    const monitor = await s.get(`/monitors/${monitors.docs}`).expect(200);
    expect(monitor.body.monitor).toMatchObject({ consecutive_failures: 0, last_run: { status: 'no_change' } });
  });
});
