import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

interface Plan {
  name: string;
  prices: { amount: number | null; currency: string | null; period: string; unit: string | null }[];
  features: string[];
  free: boolean;
  contact_sales: boolean;
  changed_at: string | null;
}

/**
 * The pricing matrix and competitor profile (DESIGN §5d) over real captures of a fixture
 * competitor: discovered, baselined, then its Pro price raised and checked again.
 */
describe('pricing matrix and competitor profile', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let state: AcmeState;
  let workspaceId: number;
  let competitorId: number;
  let pricingMonitor: number;
  let beforeRaise: string;
  let raisedAt: string;

  function publish(edit?: (st: AcmeState) => void): void {
    edit?.(state);
    site.setPages(acmePages(state));
  }

  const matrix = async (query = '') => (await s.get(`/workspaces/${workspaceId}/pricing_matrix${query}`).expect(200)).body.pricing_matrix;
  const planOf = (m: { competitors: { plans: Plan[] }[] }, name: string) => m.competitors[0].plans.find((p) => p.name === name)!;

  beforeAll(async () => {
    site = await new SiteServer().start();
    state = acmeInitialState();
    state.releases = [
      { version: '3.2.0', date: daysAgo(10), items: ['New: Timeline view'] },
      { version: '3.1.0', date: daysAgo(40), items: ['New: Recurring tasks'] },
      { version: '2.0.0', date: daysAgo(200), items: ['New: Boards'] },
    ];
    state.posts = state.posts.map((post, i) => ({ ...post, date: daysAgo([5, 120, 300][i]) }));
    publish();
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'PM tools' }).expect(201)).body.workspace.id;
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
    competitorId = added.body.competitor.id;
    expect(await waitForDiscovery(s, competitorId)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${competitorId}`).expect(200);
    pricingMonitor = detail.body.competitor.monitors.find((m: { monitor_type: string }) => m.monitor_type === 'pricing').id;

    beforeRaise = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    publish((st) => {
      st.plans[1].price = '$59';
    });
    expect((await checkNow(s, t.db, pricingMonitor)).status).toBe('changed');
    const feed = await s.get(`/changes?workspace_id=${workspaceId}&monitor_type=pricing`).expect(200);
    raisedAt = feed.body.changes[0].created_at;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('answers the matrix from the latest captures: plans, prices with currency, period and unit, and when each plan changed', async () => {
    const m = await matrix();
    expect(m.workspace_id).toBe(workspaceId);
    expect(Date.now() - Date.parse(m.as_of)).toBeLessThan(60_000);
    expect(m.competitors).toHaveLength(1);
    expect(m.competitors[0]).toMatchObject({ competitor_id: competitorId, name: 'Acme', monitor_id: pricingMonitor, source_url: site.url('/pricing') });
    expect(m.competitors[0].plans.map((p: Plan) => p.name)).toEqual(['Starter', 'Pro', 'Enterprise']);
    const pro = planOf(m, 'Pro');
    expect(pro.prices).toEqual([{ amount: 59, currency: 'USD', period: 'month', unit: expect.stringMatching(/user/) }]);
    expect(pro.features).toContainEqual(expect.stringContaining('Priority support'));
    expect(pro.changed_at).toBe(raisedAt);
    expect(planOf(m, 'Starter').changed_at).toBeNull();
    expect(planOf(m, 'Enterprise')).toMatchObject({ contact_sales: true, changed_at: null });
  });

  it('shows the price before the change when asked as of a time before it, and after it when asked after', async () => {
    const before = await matrix(`?as_of=${encodeURIComponent(beforeRaise)}`);
    expect(before.as_of).toBe(beforeRaise);
    expect(planOf(before, 'Pro').prices[0].amount).toBe(49);
    expect(planOf(before, 'Pro').changed_at).toBeNull();
    const after = await matrix(`?as_of=${encodeURIComponent(new Date(Date.parse(raisedAt) + 1000).toISOString())}`);
    expect(planOf(after, 'Pro').prices[0].amount).toBe(59);
    expect(planOf(after, 'Pro').changed_at).toBe(raisedAt);
  });

  it('leaves out competitors without a pricing capture by then', async () => {
    expect((await matrix('?as_of=2020-01-01T00:00:00Z')).competitors).toEqual([]);
  });

  it('answers CSV with format=csv: the header, one row per price, a row for a plan without a price, formulas defused', async () => {
    publish((st) => {
      st.plans.push({ name: '=HYPERLINK("https://evil.example")', price: '$5', period: '/month', features: ['+1 seat'], cta: 'Buy' });
      st.plans.push({ name: 'Team', price: 'Soon', period: '', features: ['Forum support'], cta: 'Talk to us' });
    });
    expect((await checkNow(s, t.db, pricingMonitor)).status).toBe('changed');
    const res = await s.get(`/workspaces/${workspaceId}/pricing_matrix?format=csv`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text.charCodeAt(0)).not.toBe(0xfeff);
    const rows = res.text.split('\r\n');
    expect(rows[0]).toBe('competitor,plan,amount,currency,period,unit,features,changed_at');
    expect(rows[rows.length - 1]).toBe('');
    const m = await matrix();
    const priceCount = m.competitors[0].plans.reduce((n: number, p: Plan) => n + Math.max(1, p.prices.length), 0);
    expect(rows.slice(1, -1)).toHaveLength(priceCount);
    expect(rows).toContain(`Acme,Starter,19,USD,month,,${planOf(m, 'Starter').features.join('; ')},`);
    expect(rows.find((r) => r.startsWith('Acme,Pro,'))).toBe(`Acme,Pro,59,USD,month,${planOf(m, 'Pro').prices[0].unit},${planOf(m, 'Pro').features.join('; ')},${raisedAt}`);
    expect(rows.find((r) => r.includes('HYPERLINK'))).toMatch(/^Acme,"'=HYPERLINK\(""https:\/\/evil\.example""\)",5,USD,month,,[^,]*,\d{4}-/);
    const team = planOf(m, 'Team');
    expect(team).toMatchObject({ prices: [], contact_sales: true, changed_at: expect.any(String) });
    expect(rows.find((r) => r.startsWith('Acme,Team,'))).toBe(`Acme,Team,,,,,${team.features.join('; ')},${team.changed_at}`);
  });

  it('profiles the competitor from its captures: headline, plans and range, recent changes, cadence, surfaces', async () => {
    const { profile } = (await s.get(`/competitors/${competitorId}/profile`).expect(200)).body;
    expect(profile).toMatchObject({
      competitor_id: competitorId,
      name: 'Acme',
      homepage_url: site.url('/'),
      headline: 'Ship projects faster with Acme',
      releases_last_90_days: 2,
      posts_last_90_days: 1,
      last_release_at: `${daysAgo(10)}T00:00:00.000Z`,
      last_post_at: `${daysAgo(5)}T00:00:00.000Z`,
    });
    expect(profile).toHaveProperty('logo_url');
    expect(profile.plans).toEqual((await matrix()).competitors[0].plans);
    expect(profile.price_range).toEqual({ min: 5, max: 59, currency: 'USD', period: 'month' });
    expect(profile.recent_changes.length).toBeGreaterThanOrEqual(2);
    expect(profile.recent_changes[0]).toEqual({
      id: expect.any(Number),
      severity: expect.any(String),
      summary: expect.any(String),
      monitor_type: 'pricing',
      created_at: expect.any(String),
    });
    expect(profile.surfaces.map((x: { monitor_type: string }) => x.monitor_type).sort()).toEqual(['blog', 'changelog', 'docs', 'homepage', 'pricing']);
    expect(profile.surfaces.find((x: { monitor_id: number }) => x.monitor_id === pricingMonitor)).toEqual({
      monitor_id: pricingMonitor,
      monitor_type: 'pricing',
      url: site.url('/pricing'),
      status: 'active',
      last_checked_at: expect.any(String),
    });
  });

  it('includes every review status in recent changes', async () => {
    const { profile } = (await s.get(`/competitors/${competitorId}/profile`).expect(200)).body;
    await s.patch(`/changes/${profile.recent_changes[0].id}`, { review_status: 'dismissed' }).expect(200);
    const again = (await s.get(`/competitors/${competitorId}/profile`).expect(200)).body.profile;
    expect(again.recent_changes.map((c: { id: number }) => c.id)).toEqual(profile.recent_changes.map((c: { id: number }) => c.id));
  });

  it('answers a Markdown battlecard with format=markdown', async () => {
    const res = await s.get(`/competitors/${competitorId}/profile?format=markdown`).expect(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.text).toContain('# Acme — battlecard');
    expect(res.text).toContain(`**Homepage:** <${site.url('/')}>`);
    expect(res.text).toContain('**Headline:** Ship projects faster with Acme');
    expect(res.text).toContain('**Price range:** 5–59 USD per month');
    expect(res.text).toMatch(/\| Pro \| 59 USD per month .*user/);
    expect(res.text).toContain('## Recent changes');
    expect(res.text).toContain(`Releases in the last 90 days: 2 (latest ${daysAgo(10)})`);
    expect(res.text).toContain(`- pricing: <${site.url('/pricing')}> (active, last checked`);
  });

  it("answers 404 not_found for another account's workspace or competitor, and for ids that name nothing", async () => {
    const other = await createSession(t, 'pro', 'Other account');
    for (const path of [`/workspaces/${workspaceId}/pricing_matrix`, `/workspaces/${workspaceId}/pricing_matrix?format=csv`, `/competitors/${competitorId}/profile`, `/competitors/${competitorId}/profile?format=markdown`]) {
      const res = await other.get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    await s.get('/workspaces/0/pricing_matrix').expect(404);
    await s.get('/competitors/abc/profile').expect(404);
  });

  it.each([
    ['an unknown query parameter', '/workspaces/{ws}/pricing_matrix?at=2026-01-01', /'at'/],
    ['as_of that is not a time', '/workspaces/{ws}/pricing_matrix?as_of=yesterday', /as_of/],
    ['as_of on no calendar day', '/workspaces/{ws}/pricing_matrix?as_of=2026-02-30T00:00:00Z', /as_of/],
    ['as_of given twice', '/workspaces/{ws}/pricing_matrix?as_of=2026-01-01&as_of=2026-02-01', /as_of/],
    ['a format the matrix has not', '/workspaces/{ws}/pricing_matrix?format=markdown', /format/],
    ['an unknown profile parameter', '/competitors/{c}/profile?as_of=2026-01-01', /'as_of'/],
    ['a format the profile has not', '/competitors/{c}/profile?format=csv', /format/],
  ])('answers 400 invalid_params for %s', async (_, template, message) => {
    const path = template.replace('{ws}', String(workspaceId)).replace('{c}', String(competitorId));
    const res = await s.get(path).expect(400);
    expect(res.body.error.code).toBe('invalid_params');
    expect(res.body.error.message).toMatch(message);
  });

  it('answers 401 without a key', async () => {
    const request = (await import('supertest')).default;
    const res = await request(t.app.getHttpServer()).get(`/v1/workspaces/${workspaceId}/pricing_matrix`).expect(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});
