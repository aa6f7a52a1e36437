import { Logger } from '@nestjs/common';
import { SiteServer } from '../fixtures/sites/site-server';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

/**
 * The silent-failure guard end to end: a changelog written as plain prose (no versions, dates,
 * tags or headings per entry) gives the extractor nothing, yet a new announcement on it must still
 * be reported, with the monitor type's category, and the check must log which extractor came up empty.
 */
describe('extraction gap on a changelog the extractor cannot read', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let changelogMonitor: number;
  let workspaceId: number;
  const paragraphs = [
    'Teams can now invite guests to a single project without giving them access to the rest of the workspace.',
    'Search results now open in a side panel, so you keep your place in the list while you read.',
  ];

  const page = (title: string, body: string) =>
    `<!DOCTYPE html><html lang="en"><head><title>${title} — Quill</title></head><body>
      <nav><a href="/">Quill</a> <a href="/changelog">Changelog</a></nav><main>${body}</main></body></html>`;

  function publish(): void {
    site.setPages({
      '/': () => page('Quill', '<h1>Write together</h1><p>Quill is a shared notebook for product teams.</p><a class="button" href="/signup">Start free</a>'),
      '/changelog': () => page('Changelog', `<h1>Changelog</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`),
    });
  }

  beforeAll(async () => {
    site = await new SiteServer().start();
    publish();
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'Notes' }).expect(201)).body.workspace.id;
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
    expect(await waitForDiscovery(s, added.body.competitor.id)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${added.body.competitor.id}`).expect(200);
    changelogMonitor = detail.body.competitor.monitors.find((m: { monitor_type: string }) => m.monitor_type === 'changelog').id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('reports the new announcement as an alertable markdown change of category feature and logs the empty extractor', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    paragraphs.unshift('Quill now exports any page to PDF and Word, with comments included as margin notes, from the share menu.');
    publish();

    expect((await checkNow(s, t.db, changelogMonitor)).status).toBe('changed');
    const list = await s.get(`/changes?workspace_id=${workspaceId}&limit=10`).expect(200);
    const change = list.body.changes.find((c: { monitor_id: number }) => c.monitor_id === changelogMonitor);
    expect(change.category).toBe('feature');
    const detail = await s.get(`/changes/${change.id}`).expect(200);
    expect(detail.body.change.field_diffs).toEqual([
      expect.objectContaining({ change_type: 'content_changed', path: 'markdown', tier: 'alertable', new: expect.stringContaining('exports any page to PDF') }),
    ]);
    expect(warn.mock.calls.map((call) => String(call[0])).some((line) => /extraction gap: the changelog extractor found 0 item/.test(line))).toBe(true);
    warn.mockRestore();
  });
});
