import { AccountsService } from '../../src/accounts/accounts.service';
import { signedInUser } from '../support/app-agent';
import { expectError, insertCompetitor, insertMonitor, insertWorkspace } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

const SURFACES = [
  { monitor_type: 'pricing', url: 'https://rival-pages.example/pricing', outcome: 'monitored' },
  { monitor_type: 'blog', url: 'https://rival-pages.example/blog/', outcome: 'monitored' },
  { monitor_type: 'changelog', url: 'https://rival-pages.example/changelog', outcome: 'monitored' },
  { monitor_type: 'docs', url: 'https://rival-pages.example/docs/', outcome: 'skipped_plan_limit' },
  { monitor_type: 'homepage', url: 'https://rival-pages.example/', outcome: 'skipped_plan_limit' },
];

/**
 * Issue 25 item 1: a trial discovery that skipped pages over the plan's cap says so, and each
 * skipped page can be monitored later (REST and the application), with the plan's limit answered honestly.
 */
describe('discovered pages left unmonitored by the plan limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  async function trialCompetitor(email: string) {
    const user = await signedInUser(t, 'trial', email);
    const workspace = await insertWorkspace(t.db, { accountId: user.s.accountId, name: 'Rivals' });
    const competitor = await insertCompetitor(t.db, { workspace, name: 'Pages Co', homepageUrl: 'https://rival-pages.example/', surfaces: SURFACES });
    for (const s of SURFACES.slice(0, 3)) await insertMonitor(t.db, { competitor, monitorType: s.monitor_type, url: s.url, name: `Pages Co ${s.monitor_type}` });
    return { ...user, workspace, competitor };
  }

  it('shows how many pages were found and monitored, and why the others are not, with Monitor this page', async () => {
    const { agent, workspace } = await trialCompetitor('summary@example.test');
    const page = await agent.get(`/app/workspaces/${workspace.id}/competitors`).expect(200);
    expect(page.text).toContain('Discovery found 5 pages: 3 monitored, 2 not monitored (plan limit: the Trial plan monitors at most 3 pages).');
    expect(page.text.match(/Not monitored: plan limit/g)).toHaveLength(2);
    expect(page.text.match(/>Monitor this page</g)).toHaveLength(2);
    expect(page.text).not.toContain('No pages are monitored');
  });

  it('answers the plan limit with its number and how to upgrade, then monitors the page once there is room (REST after an upgrade)', async () => {
    const { s, submit, workspace, competitor } = await trialCompetitor('upgrade@example.test');
    const path = `/app/workspaces/${workspace.id}/competitors`;
    const refused = await submit(path, `${path}/${competitor.id}/monitors`, { url: SURFACES[3].url, monitor_type: 'docs' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('This page is not monitored: the Trial plan monitors at most 3 pages and 3 are monitored already.');
    expect(refused.text).toContain('move the account to a larger plan');

    // REST: the same cap, then after an upgrade the discovered URL is monitorable and reads `monitored`.
    expectError(await s.post('/monitors', { competitor_id: competitor.id, url: SURFACES[3].url, monitor_type: 'docs' }), 422, 'plan_limit_exceeded');
    await t.app.get(AccountsService).setPlan(s.accountId, 'starter');
    const created = await s.post('/monitors', { competitor_id: competitor.id, url: SURFACES[3].url, monitor_type: 'docs' }).expect(201);
    expect(created.body.monitor).toMatchObject({ url: SURFACES[3].url, monitor_type: 'docs', competitor_id: competitor.id });
    const detail = await s.get(`/competitors/${competitor.id}`).expect(200);
    expect(detail.body.competitor.discovery.surfaces.map((x: { outcome: string }) => x.outcome)).toEqual([
      'monitored',
      'monitored',
      'monitored',
      'monitored',
      'skipped_plan_limit',
    ]);
    // Adding the homepage URL again is still the spec's duplicate (200 exists), not a way to monitor pages.
    const again = await s.post(`/workspaces/${workspace.id}/competitors`, { url: 'https://rival-pages.example/' }).expect(200);
    expect(again.body.status).toBe('exists');

    // The application's Monitor this page does the same for the last skipped page.
    const monitored = await submit(path, `${path}/${competitor.id}/monitors`, { url: SURFACES[4].url, monitor_type: 'homepage' });
    expect(monitored.status).toBe(303);
    const page = await s.get(`/competitors/${competitor.id}`).expect(200);
    expect(page.body.competitor.discovery.surfaces.every((x: { outcome: string }) => x.outcome === 'monitored')).toBe(true);
  });

  it('adds any page by URL and type, keeping what was typed after an error', async () => {
    const { s, submit, workspace, competitor } = await trialCompetitor('addpage@example.test');
    await t.app.get(AccountsService).setPlan(s.accountId, 'starter');
    const path = `/app/workspaces/${workspace.id}/competitors`;
    const bad = await submit(path, `${path}/${competitor.id}/monitors`, { url: 'not a url', monitor_type: 'careers' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Page URL must be an http or https URL.');
    expect(bad.text).toContain('value="not a url"');
    expect(bad.text).toMatch(/<option value="careers" selected>/);
    const empty = await submit(path, `${path}/${competitor.id}/monitors`, { url: '', monitor_type: 'careers' });
    expect(empty.text).toContain('Enter the address of the page to watch.');
    const added = await submit(path, `${path}/${competitor.id}/monitors`, { url: 'https://rival-pages.example/careers', monitor_type: 'careers' });
    expect(added.status).toBe(303);
    const monitors = (await s.get(`/monitors?workspace_id=${workspace.id}`).expect(200)).body.monitors;
    expect(monitors.map((m: { monitor_type: string }) => m.monitor_type)).toContain('careers');
    // A second click (or the form sent again) monitors nothing twice.
    const twice = await submit(path, `${path}/${competitor.id}/monitors`, { url: 'https://rival-pages.example/careers/', monitor_type: 'careers' });
    expect(twice.status).toBe(303);
    const after = (await s.get(`/monitors?workspace_id=${workspace.id}`).expect(200)).body.monitors;
    expect(after.filter((m: { monitor_type: string }) => m.monitor_type === 'careers')).toHaveLength(1);
  });
});
