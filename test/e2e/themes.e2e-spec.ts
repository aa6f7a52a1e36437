import { DigestFlushService } from '../../src/webhooks/digest-flush.service';
import { NotificationsService } from '../../src/webhooks/notifications.service';
import { ThemesService } from '../../src/digest/themes.service';
import { launchPages, LaunchState } from '../fixtures/sites/launch-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const HOUR = 3_600_000;

/**
 * Cross-surface themes end to end: one launch (SSO) lands on a fixture competitor's changelog,
 * blog and docs; the three changes must read as one theme in the change detail, the API digest
 * and the digest.ready payload.
 */
describe('cross-surface themes', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let receiver: WebhookReceiver;
  let workspaceId: number;
  let competitorId: number;
  let monitors: Record<string, number>;
  const state: LaunchState = { launched: false };
  const changeIds: Record<string, number> = {};

  beforeAll(async () => {
    site = await new SiteServer().start();
    receiver = await new WebhookReceiver().start();
    site.setPages(launchPages(state));
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'Note-taking' }).expect(201)).body.workspace.id;
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
    competitorId = added.body.competitor.id;
    expect(await waitForDiscovery(s, competitorId)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${competitorId}`).expect(200);
    monitors = Object.fromEntries(detail.body.competitor.monitors.map((m: { monitor_type: string; id: number }) => [m.monitor_type, m.id]));

    state.launched = true;
    site.setPages(launchPages(state));
    for (const type of ['changelog', 'blog', 'docs', 'pricing', 'homepage']) {
      const run = await checkNow(s, t.db, monitors[type]);
      expect({ type, status: run.status }).toEqual({ type, status: ['changelog', 'blog', 'docs'].includes(type) ? 'changed' : 'no_change' });
    }
    const feed = await s.get(`/changes?workspace_id=${workspaceId}`).expect(200);
    for (const change of feed.body.changes) changeIds[change.monitor_type] = change.id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
    await receiver?.stop();
  });

  it('records one change per surface, each weighed as an upmarket move', async () => {
    expect(Object.keys(changeIds).sort()).toEqual(['blog', 'changelog', 'docs']);
    const changelog = (await s.get(`/changes/${changeIds.changelog}`).expect(200)).body.change;
    expect(changelog.summary).toBe('Joplin launched SSO: SAML with Okta, Azure AD and Google Workspace.');
    expect(changelog.severity).toBe('medium');
    expect(changelog.why_it_matters).toMatch(/^Joplin is moving upmarket with SSO: it is selling to larger customers/);
  });

  it('groups the three changes into one theme in the API digest', async () => {
    const digest = (await s.get(`/workspaces/${workspaceId}/digest?period=7d`).expect(200)).body.digest;
    expect(digest.themes).toEqual([
      {
        competitor_id: competitorId,
        competitor: 'Joplin',
        summary: 'Joplin is moving upmarket: SSO on its changelog, blog and docs',
        topics: expect.arrayContaining(['SSO']),
        surfaces: ['changelog', 'blog', 'docs'],
        change_ids: [changeIds.changelog, changeIds.blog, changeIds.docs],
        severity: 'medium',
        first_seen: expect.any(String),
        last_seen: expect.any(String),
      },
    ]);
  });

  it('adds the theme to each change detail’s clusters', async () => {
    for (const type of ['changelog', 'blog', 'docs']) {
      const change = (await s.get(`/changes/${changeIds[type]}`).expect(200)).body.change;
      const theme = change.clusters[change.clusters.length - 1];
      expect(theme.headline).toBe('Joplin is moving upmarket: SSO on its changelog, blog and docs');
      expect(theme.theme.change_ids).toEqual([changeIds.changelog, changeIds.blog, changeIds.docs]);
      expect(theme.meaning).toContain('see also changes');
      expect(theme.diff_indexes.length).toBeGreaterThan(0);
      for (const index of theme.diff_indexes) expect(change.field_diffs[index].tier).toBe('alertable');
    }
  });

  it('leaves dismissed changes out of a theme, and a theme needs two surfaces', async () => {
    await s.patch(`/changes/${changeIds.docs}`, { review_status: 'dismissed' }).expect(200);
    await s.patch(`/changes/${changeIds.blog}`, { review_status: 'dismissed' }).expect(200);
    const digest = (await s.get(`/workspaces/${workspaceId}/digest`).expect(200)).body.digest;
    expect(digest.themes).toEqual([]);
    await s.patch(`/changes/${changeIds.docs}`, { review_status: 'unreviewed' }).expect(200);
    await s.patch(`/changes/${changeIds.blog}`, { review_status: 'unreviewed' }).expect(200);
  });

  it('gives the web application a workspace’s themes for a period', async () => {
    const themes = await t.app.get(ThemesService).forWorkspace({ accountId: s.accountId } as never, workspaceId, '1d');
    expect(themes.map((theme) => theme.surfaces)).toEqual([['changelog', 'blog', 'docs']]);
  });

  it('carries the themes in digest.ready', async () => {
    await s
      .put(`/workspaces/${workspaceId}/notification_settings`, {
        webhook_url: receiver.url('themes-digest'),
        mode: 'digest',
        realtime_min_severity: 'critical',
        digest_period: '1d',
        digest_hour_utc: (new Date().getUTCHours() + 2) % 24,
      })
      .expect(200);
    for (const id of Object.values(changeIds)) expect(await t.app.get(NotificationsService).changeDetected(id)).toEqual({ route: 'buffered' });
    const flushed = (await t.app.get(DigestFlushService).flushDue(new Date(Date.now() + 3 * HOUR))).filter((r) => r.workspace_id === workspaceId);
    expect(flushed).toHaveLength(1);
    const [received] = await receiver.waitFor('themes-digest', 1);
    expect(received.body.event).toBe('digest.ready');
    expect(received.body.data.digest.themes).toEqual([
      expect.objectContaining({
        summary: 'Joplin is moving upmarket: SSO on its changelog, blog and docs',
        change_ids: [changeIds.changelog, changeIds.blog, changeIds.docs],
      }),
    ]);
  });
});
