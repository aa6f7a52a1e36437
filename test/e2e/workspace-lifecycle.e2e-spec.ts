import { signedInUser } from '../support/app-agent';
import { count, expectError, insertChange, seedWorkspace } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/** The records each workspace owns, counted (the cascade check of a workspace delete). */
async function owned(t: TestApp, workspaceId: number): Promise<Record<string, number>> {
  const tables = ['competitors', 'monitors', 'changes', 'notification_settings', 'change_counts WHERE count > 0 AND'];
  const result: Record<string, number> = {};
  for (const table of tables) {
    const where = table.endsWith('AND') ? `${table} workspace_id = $1` : `${table} WHERE workspace_id = $1`;
    result[table.split(' ')[0]] = await count(t.db, where, [workspaceId]);
  }
  result.snapshots = await count(t.db, `snapshots WHERE monitor_id IN (SELECT id FROM monitors WHERE workspace_id = $1)`, [workspaceId]);
  return result;
}

/** Issue 25 item 4: competitors, monitors and workspaces can be deleted and renamed; a blank name is refused. */
describe('deleting and renaming (app and REST)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  it('REST: PATCH renames (trimmed; blank is 422) and DELETE removes a workspace with everything in it', async () => {
    const { s } = await signedInUser(t, 'pro', 'rest-ws@example.test');
    const { workspace, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'] });
    await insertChange(t.db, { monitor: monitors[0] });
    await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: 'https://hooks.example.test/in' }).expect(200);
    const kept = await seedWorkspace(t.db, s.accountId);

    const renamed = await s.patch(`/workspaces/${workspace.id}`, { name: '  Analytics market  ' }).expect(200);
    expect(renamed.body.workspace).toMatchObject({ id: workspace.id, name: 'Analytics market', slug: workspace.slug, competitors_count: 1, monitors_total: 2 });
    const blank = await s.patch(`/workspaces/${workspace.id}`, { name: '   ' });
    expectError(blank, 422, 'validation_failed');
    expect(blank.body.error.details).toEqual([{ field: 'name', message: expect.any(String) }]);

    expect(Object.values(await owned(t, workspace.id)).some((n) => n > 0)).toBe(true);
    expect((await s.delete(`/workspaces/${workspace.id}`).expect(200)).body).toEqual({ deleted: true, id: workspace.id });
    expect(await owned(t, workspace.id)).toEqual({ competitors: 0, monitors: 0, changes: 0, notification_settings: 0, change_counts: 0, snapshots: 0 });
    await s.get(`/workspaces/${workspace.id}`).expect(404);
    await s.delete(`/workspaces/${workspace.id}`).expect(404);
    await s.get(`/workspaces/${kept.workspace.id}`).expect(200);

    // Another account's workspace is not found.
    const other = await signedInUser(t, 'pro', 'rest-ws-other@example.test');
    await other.s.patch(`/workspaces/${kept.workspace.id}`, { name: 'Mine now' }).expect(404);
    await other.s.delete(`/workspaces/${kept.workspace.id}`).expect(404);
  });

  it('app: Rename workspace refuses a name of spaces in words and keeps the typing; Delete workspace confirms by name, even the last one', async () => {
    const { s, agent, submit } = await signedInUser(t, 'trial', 'app-ws@example.test');
    const created = await submit('/app/workspaces', '/app/workspaces', { name: '   ' });
    expect(created.status).toBe(303);
    const again = await agent.get(created.headers.location).expect(200);
    expect(again.text).toContain('Enter a workspace name.');
    expect(await count(t.db, 'workspaces WHERE account_id = $1', [s.accountId])).toBe(0);

    await submit('/app/workspaces', '/app/workspaces', { name: 'Project tools' }).then((r) => expect(r.status).toBe(303));
    const [{ id }] = await t.db.query(`SELECT id FROM workspaces WHERE account_id = $1`, [s.accountId]);
    const settings = `/app/workspaces/${id}/settings/workspace`;
    const blank = await submit(settings, `/app/workspaces/${id}/rename`, { name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.text).toContain('Enter a workspace name.');
    const tooLong = await submit(settings, `/app/workspaces/${id}/rename`, { name: 'x'.repeat(121) });
    expect(tooLong.text).toContain('Workspace name must be shorter than or equal to 120 characters.');
    expect(tooLong.text).toContain(`value="${'x'.repeat(121)}"`);
    await submit(settings, `/app/workspaces/${id}/rename`, { name: ' Tools market ' }).then((r) => expect(r.status).toBe(303));
    expect((await s.get(`/workspaces/${id}`).expect(200)).body.workspace.name).toBe('Tools market');

    const confirm = await agent.get(`/app/workspaces/${id}/delete`).expect(200);
    expect(confirm.text).toContain('Delete the workspace “Tools market”?');
    expect(confirm.text).toContain('It is your only workspace');
    const deleted = await submit(`/app/workspaces/${id}/delete`, `/app/workspaces/${id}/delete`);
    expect(deleted.status).toBe(303);
    const landing = await agent.get('/app/workspaces').expect(200);
    expect(landing.text).toContain('Deleted the workspace “Tools market”');
    expect(landing.text).toContain('Create your first workspace');
  });

  it('app: Delete competitor and a monitor row’s Delete confirm by name and remove their records', async () => {
    const { s, agent, submit } = await signedInUser(t, 'pro', 'app-delete@example.test');
    const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'], competitorName: 'Globex' });
    await insertChange(t.db, { monitor: monitors[1] });
    const list = `/app/workspaces/${workspace.id}/competitors`;
    const page = await agent.get(list).expect(200);
    expect(page.text.match(/>Delete</g)).toHaveLength(2);
    expect(page.text).toContain('>Delete competitor<');

    const confirmMonitor = await agent.get(`/app/workspaces/${workspace.id}/monitors/${monitors[1].id}/delete`).expect(200);
    expect(confirmMonitor.text).toContain(`Delete the page ${monitors[1].name}?`);
    await submit(`/app/workspaces/${workspace.id}/monitors/${monitors[1].id}/delete`, `/app/workspaces/${workspace.id}/monitors/${monitors[1].id}/delete`);
    expect(await count(t.db, 'monitors WHERE id = $1', [monitors[1].id])).toBe(0);
    expect(await count(t.db, 'changes WHERE monitor_id = $1', [monitors[1].id])).toBe(0);

    const confirmCompetitor = await agent.get(`${list}/${competitor.id}/delete`).expect(200);
    expect(confirmCompetitor.text).toContain('Delete Globex?');
    expect(confirmCompetitor.text).toContain('with its 1 monitored page');
    const deleted = await submit(`${list}/${competitor.id}/delete`, `${list}/${competitor.id}/delete`);
    expect(deleted.headers.location).toBe(list);
    expect((await agent.get(list).expect(200)).text).toContain('Deleted Globex with its pages and changes.');
    expect(await count(t.db, 'competitors WHERE id = $1', [competitor.id])).toBe(0);
    expect(await count(t.db, 'monitors WHERE competitor_id = $1', [competitor.id])).toBe(0);

    // Another account's competitor or monitor is a 404 page, and nothing is deleted.
    const other = await signedInUser(t, 'pro', 'app-delete-other@example.test');
    const theirs = await seedWorkspace(t.db, other.s.accountId);
    await agent.get(`${list}/${theirs.competitor.id}/delete`).expect(404);
    const csrfPage = await agent.get(list).expect(200);
    const token = /name="_csrf" value="([^"]+)"/.exec(csrfPage.text)![1];
    await agent.post(`/app/workspaces/${workspace.id}/monitors/${theirs.monitors[0].id}/delete`).type('form').send({ _csrf: token }).expect(404);
    expect(await count(t.db, 'monitors WHERE id = $1', [theirs.monitors[0].id])).toBe(1);
  });
});
