import request from 'supertest';
import {
  checksUsed,
  count,
  expectError,
  insertChange,
  insertSnapshot,
  seedWorkspace,
} from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

/** Records of another account are indistinguishable from missing ones: 404 not_found, and untouched. */
describe('account scoping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  async function twoAccounts() {
    const owner = await createSession(t, 'pro', 'Owner');
    const intruder = await createSession(t, 'pro', 'Intruder');
    const mine = await seedWorkspace(t.db, owner.accountId, { types: ['pricing', 'blog'] });
    const theirs = await seedWorkspace(t.db, intruder.accountId);
    const snapshot = await insertSnapshot(t.db, { monitorId: mine.monitors[0].id });
    const change = await insertChange(t.db, { monitor: mine.monitors[0], severity: 'high', snapshotId: snapshot.id });
    return { owner, intruder, mine, theirs, change };
  }

  type Call = [label: string, send: (s: Session) => request.Test];

  function callsOn(w: Awaited<ReturnType<typeof twoAccounts>>): Call[] {
    const ws = w.mine.workspace.id;
    const comp = w.mine.competitor.id;
    const mon = w.mine.monitors[0].id;
    const ch = w.change.id;
    const theirWs = w.theirs.workspace.id;
    return [
      ['GET workspace', (s) => s.get(`/workspaces/${ws}`)],
      ['POST workspace refresh', (s) => s.post(`/workspaces/${ws}/refresh`)],
      ['GET workspace digest', (s) => s.get(`/workspaces/${ws}/digest?period=30d`)],
      ['GET workspace pricing matrix', (s) => s.get(`/workspaces/${ws}/pricing_matrix`)],
      ['GET workspace pricing matrix as CSV', (s) => s.get(`/workspaces/${ws}/pricing_matrix?format=csv&as_of=2026-01-01T00:00:00Z`)],
      ['POST refresh of their own workspace naming my competitor', (s) => s.post(`/workspaces/${theirWs}/refresh`, { competitor_id: comp })],
      ['GET workspace competitors', (s) => s.get(`/workspaces/${ws}/competitors`)],
      ['POST workspace competitors', (s) => s.post(`/workspaces/${ws}/competitors`, { url: 'https://intruder.example' })],
      ['GET competitor', (s) => s.get(`/competitors/${comp}`)],
      ['PATCH competitor', (s) => s.patch(`/competitors/${comp}`, { status: 'paused', cadence: 'weekly' })],
      ['DELETE competitor', (s) => s.delete(`/competitors/${comp}`)],
      ['GET competitor discovery_status', (s) => s.get(`/competitors/${comp}/discovery_status`)],
      ['GET competitor profile', (s) => s.get(`/competitors/${comp}/profile`)],
      ['GET competitor battlecard', (s) => s.get(`/competitors/${comp}/profile?format=markdown`)],
      ['POST competitor notes', (s) => s.post(`/competitors/${comp}/notes`, { body: 'mine now' })],
      ['GET monitors of workspace', (s) => s.get(`/monitors?workspace_id=${ws}`)],
      ['POST monitors on my competitor', (s) => s.post('/monitors', { competitor_id: comp, url: 'https://x.example/p', monitor_type: 'pricing' })],
      ['GET monitor', (s) => s.get(`/monitors/${mon}`)],
      ['GET monitor with capture', (s) => s.get(`/monitors/${mon}?include=capture,capture_markdown`)],
      ['PATCH monitor', (s) => s.patch(`/monitors/${mon}`, { status: 'paused' })],
      ['DELETE monitor', (s) => s.delete(`/monitors/${mon}`)],
      ['POST monitor check', (s) => s.post(`/monitors/${mon}/check`)],
      ['GET changes of workspace', (s) => s.get(`/changes?workspace_id=${ws}`)],
      ['GET change', (s) => s.get(`/changes/${ch}`)],
      ['GET change with raw diff', (s) => s.get(`/changes/${ch}?include=raw_diff,capture`)],
      ['PATCH change', (s) => s.patch(`/changes/${ch}`, { review_status: 'dismissed' })],
    ];
  }

  it('answers 404 not_found to another account for every record and verb, changing nothing', async () => {
    const w = await twoAccounts();
    for (const [label, send] of callsOn(w)) {
      const res = await send(w.intruder);
      try {
        expectError(res, 404, 'not_found');
      } catch (err) {
        throw new Error(`${label}: ${(err as Error).message}`);
      }
    }
    // Nothing of the owner's moved, nothing was spent or queued.
    const [competitor] = await t.db.query(`SELECT discovery_status FROM competitors WHERE id = $1`, [w.mine.competitor.id]);
    expect(competitor).toEqual({ discovery_status: 'completed' });
    expect(await t.db.query(`SELECT DISTINCT status, cadence FROM monitors WHERE competitor_id = $1`, [w.mine.competitor.id])).toEqual([
      { status: 'active', cadence: 'daily' },
    ]);
    expect(await count(t.db, `monitors WHERE competitor_id = $1`, [w.mine.competitor.id])).toBe(2);
    expect(await count(t.db, `competitor_notes WHERE competitor_id = $1`, [w.mine.competitor.id])).toBe(0);
    expect(await count(t.db, `runs WHERE monitor_id = ANY($1::int[])`, [w.mine.monitors.map((m) => m.id)])).toBe(0);
    expect(await count(t.db, `competitors WHERE workspace_id = $1`, [w.mine.workspace.id])).toBe(1);
    const [change] = await t.db.query(`SELECT review_status FROM changes WHERE id = $1`, [w.change.id]);
    expect(change.review_status).toBe('unreviewed');
    expect(await checksUsed(t.db, w.owner.accountId)).toBe(0);
    expect(await checksUsed(t.db, w.intruder.accountId)).toBe(0);
    expect(await count(t.db, `monitors WHERE account_id = $1`, [w.intruder.accountId])).toBe(1);
  });

  it('answers the owner for the same calls (the 404s are about scoping, not routes)', async () => {
    const w = await twoAccounts();
    const expected: Record<string, number> = {
      'POST workspace refresh': 202,
      'POST refresh of their own workspace naming my competitor': 404, // my competitor, their workspace
      'POST workspace competitors': 202,
      'POST competitor notes': 201,
      'POST monitors on my competitor': 201,
      'POST monitor check': 429, // throttled: the refresh above just queued it
    };
    for (const [label, send] of callsOn(w)) {
      if (label.startsWith('DELETE')) continue;
      const res = await send(w.owner);
      expect([label, res.status]).toEqual([label, expected[label] ?? 200]);
    }
    expect((await w.owner.delete(`/monitors/${w.mine.monitors[1].id}`)).status).toBe(200);
    expect((await w.owner.delete(`/competitors/${w.mine.competitor.id}`)).status).toBe(200);
  });

  it('filters lists by another account’s competitor to nothing rather than leaking it', async () => {
    const w = await twoAccounts();
    const ws = w.theirs.workspace.id;
    const comp = w.mine.competitor.id;
    expect((await w.intruder.get(`/monitors?workspace_id=${ws}&competitor_id=${comp}`).expect(200)).body).toEqual({ monitors: [] });
    const feed = await w.intruder.get(`/changes?workspace_id=${ws}&competitor_id=${comp}`).expect(200);
    expect(feed.body).toEqual({
      changes: [],
      has_more: false,
      next_cursor: null,
      meta: { counts: { unreviewed: 0, acknowledged: 0, dismissed: 0 }, max_unreviewed_severity: null },
    });
    const page = await w.owner.get(`/changes?workspace_id=${w.mine.workspace.id}&limit=1`).expect(200);
    expect(page.body.changes).toHaveLength(1);
  });

  it('refuses a feed cursor from another account’s workspace with 400 invalid_params', async () => {
    const w = await twoAccounts();
    await insertChange(t.db, { monitor: w.mine.monitors[0] });
    const page = await w.owner.get(`/changes?workspace_id=${w.mine.workspace.id}&limit=1`).expect(200);
    expect(page.body.has_more).toBe(true);
    expectError(await w.intruder.get(`/changes?workspace_id=${w.theirs.workspace.id}&after=${page.body.next_cursor}`), 400, 'invalid_params');
  });
});
