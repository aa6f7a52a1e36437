import type { Response } from 'supertest';
import { SEVERITIES, type Severity } from '../../src/common/severity';
import {
  ChangeRecord,
  expectError,
  insertChange,
  insertCompetitor,
  insertMonitor,
  insertSnapshot,
  insertWorkspace,
  ISO_DATE,
  MonitorRecord,
  seedWorkspace,
} from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REVIEW = ['unreviewed', 'unreviewed', 'acknowledged', 'dismissed'] as const;

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
}

function newestFirst(a: ChangeRecord, b: ChangeRecord): number {
  return new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id;
}

describe('changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  /**
   * 60 changes over two competitors and four surfaces, spread over 40 days (never within ten
   * minutes of the 1d/7d/30d boundaries), with ties on created_at and ids out of time order.
   */
  async function seedFeed(s: Session, total = 60) {
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    const a = await insertCompetitor(t.db, { workspace, name: 'Acme', logoUrl: 'https://acme.example/logo.png' });
    const b = await insertCompetitor(t.db, { workspace, name: 'Globex' });
    const monitors: MonitorRecord[] = [
      await insertMonitor(t.db, { competitor: a, monitorType: 'pricing' }),
      await insertMonitor(t.db, { competitor: a, monitorType: 'blog' }),
      await insertMonitor(t.db, { competitor: b, monitorType: 'changelog' }),
      await insertMonitor(t.db, { competitor: b, monitorType: 'pricing' }),
    ];
    const random = rng(42 + s.accountId);
    const now = Date.now();
    const changes: ChangeRecord[] = [];
    let previous: Date | null = null;
    for (let i = 0; i < total; i++) {
      let createdAt: Date;
      if (previous && i % 7 === 0) {
        createdAt = previous; // a tie on created_at
      } else {
        // One in five within the last day, the rest over 40 days.
        const span = i % 5 === 1 ? 23 * 60 : 40 * 24 * 60;
        let offset: number;
        do offset = 30 * 60_000 + random(span) * 60_000;
        while ([DAY, 7 * DAY, 30 * DAY].some((edge) => Math.abs(offset - edge) < 10 * 60_000));
        createdAt = new Date(now - offset);
      }
      previous = createdAt;
      changes.push(
        await insertChange(t.db, {
          monitor: monitors[random(4)],
          severity: SEVERITIES[random(5)],
          reviewStatus: REVIEW[random(4)],
          createdAt,
        }),
      );
    }
    return { workspace, a, b, monitors, changes: changes.sort(newestFirst) };
  }

  /** Every id of a filtered feed, following next_cursor; fails on a repeat. */
  async function everyId(s: Session, query: string, limit = 100): Promise<number[]> {
    const ids: number[] = [];
    let after: number | null = null;
    for (let page = 0; page < 100; page++) {
      const res: Response = await s.get(`/changes?${query}&limit=${limit}${after ? `&after=${after}` : ''}`).expect(200);
      ids.push(...res.body.changes.map((c: { id: number }) => c.id));
      expect(res.body.changes.length).toBeLessThanOrEqual(limit);
      if (!res.body.has_more) {
        expect(res.body.next_cursor).toBeNull();
        break;
      }
      expect(res.body.changes).toHaveLength(limit);
      expect(Number.isSafeInteger(res.body.next_cursor)).toBe(true);
      after = res.body.next_cursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    return ids;
  }

  const idsOf = (changes: ChangeRecord[]) => changes.map((c) => c.id);

  describe('GET /changes', () => {
    it('answers the first page, newest first, with list items, has_more, next_cursor and meta', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s);
      const res = await s.get(`/changes?workspace_id=${feed.workspace.id}`).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['changes', 'has_more', 'meta', 'next_cursor']);
      expect(res.body.changes.map((c: { id: number }) => c.id)).toEqual(idsOf(feed.changes.slice(0, 25)));
      expect(res.body.has_more).toBe(true);
      expect(Number.isSafeInteger(res.body.next_cursor)).toBe(true);

      const first = feed.changes[0];
      const monitor = feed.monitors.find((m) => m.id === first.monitor_id)!;
      const competitor = monitor.competitor_id === feed.a.id ? feed.a : feed.b;
      const rank = SEVERITIES.indexOf(first.severity);
      expect(res.body.changes[0]).toEqual({
        id: first.id,
        competitor_id: competitor.id,
        competitor: competitor.name,
        logo_url: competitor.logo_url,
        monitor_id: monitor.id,
        monitor_type: monitor.monitor_type,
        severity: first.severity,
        severity_score: rank * 20 + 10,
        summary: expect.any(String),
        recommended_action: rank >= 2 ? expect.any(String) : null,
        opportunity_score: rank * 15,
        review_status: first.review_status,
        category: 'pricing',
        direction: 'advanced',
        delta: { added: 1, removed: 0, modified: 1 },
        created_at: new Date(first.created_at).toISOString(),
      });
    });

    it('pages through everything with no repeats or gaps, and the last page says so', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s);
      for (const limit of [1, 7, 25, 60, 100]) {
        expect(await everyId(s, `workspace_id=${feed.workspace.id}`, limit)).toEqual(idsOf(feed.changes));
      }
    });

    it('keeps paging stable while new changes arrive between pages', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s);
      const seen: number[] = [];
      const arrived: number[] = [];
      let after: number | null = null;
      do {
        const res: Response = await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=9${after ? `&after=${after}` : ''}`).expect(200);
        seen.push(...res.body.changes.map((c: { id: number }) => c.id));
        after = res.body.next_cursor;
        // New changes land at the top of the feed, and one lands at exactly the cursor's time
        // (a larger id, so it sorts above the cursor and must not show up on later pages).
        const monitor = feed.monitors[arrived.length % 4];
        arrived.push((await insertChange(t.db, { monitor, severity: 'critical' })).id);
        const last = res.body.changes[res.body.changes.length - 1];
        await insertChange(t.db, { monitor, severity: 'info', createdAt: new Date(last.created_at) });
      } while (after);
      expect(seen).toEqual(idsOf(feed.changes));
      const fresh = await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=${arrived.length}`).expect(200);
      expect(fresh.body.changes.map((c: { id: number }) => c.id)).toEqual([...arrived].reverse());
    });

    it('does not skip a change from the same millisecond as the cursor (microsecond timestamps)', async () => {
      const s = await createSession(t);
      const { workspace, monitors } = await seedWorkspace(t.db, s.accountId);
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await insertChange(t.db, { monitor: monitors[0] })).id);
      // Real changes get now() from Postgres: microseconds, several within one millisecond.
      const stamps = ['2026-03-01 10:00:00.123900+00', '2026-03-01 10:00:00.123700+00', '2026-03-01 10:00:00.123300+00', '2026-03-01 10:00:00.122999+00'];
      for (let i = 0; i < 4; i++) await t.db.query(`UPDATE changes SET created_at = $2 WHERE id = $1`, [ids[i], stamps[i]]);
      expect(await everyId(s, `workspace_id=${workspace.id}`, 1)).toEqual(ids);
      expect(await everyId(s, `workspace_id=${workspace.id}`, 2)).toEqual(ids);
    });

    it('answers has_more false and next_cursor null when the page holds the rest exactly', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s, 10);
      const res = await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=10`).expect(200);
      expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
      expect(res.body.changes).toHaveLength(10);
    });

    it('filters by competitor_id, review_status, monitor_type and min_severity, alone and combined', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s);
      const ws = `workspace_id=${feed.workspace.id}`;
      const typeOf = (c: ChangeRecord) => feed.monitors.find((m) => m.id === c.monitor_id)!.monitor_type;

      expect(await everyId(s, `${ws}&competitor_id=${feed.b.id}`, 10)).toEqual(idsOf(feed.changes.filter((c) => c.competitor_id === feed.b.id)));
      for (const status of ['unreviewed', 'acknowledged', 'dismissed']) {
        expect(await everyId(s, `${ws}&review_status=${status}`, 10)).toEqual(idsOf(feed.changes.filter((c) => c.review_status === status)));
      }
      for (const type of ['pricing', 'blog', 'changelog', 'docs']) {
        expect(await everyId(s, `${ws}&monitor_type=${type}`, 10)).toEqual(idsOf(feed.changes.filter((c) => typeOf(c) === type)));
      }
      for (const floor of SEVERITIES) {
        const expected = feed.changes.filter((c) => SEVERITIES.indexOf(c.severity) >= SEVERITIES.indexOf(floor));
        expect(await everyId(s, `${ws}&min_severity=${floor}`, 10)).toEqual(idsOf(expected));
      }
      const combined = feed.changes.filter(
        (c) =>
          c.competitor_id === feed.a.id &&
          c.review_status === 'unreviewed' &&
          typeOf(c) === 'pricing' &&
          SEVERITIES.indexOf(c.severity) >= SEVERITIES.indexOf('medium'),
      );
      expect(combined.length).toBeGreaterThan(0);
      expect(
        await everyId(s, `${ws}&competitor_id=${feed.a.id}&review_status=unreviewed&monitor_type=pricing&min_severity=medium`, 2),
      ).toEqual(idsOf(combined));
    });

    it('filters by since: 1d, 7d, 30d and ISO 8601 timestamps', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s);
      const ws = `workspace_id=${feed.workspace.id}`;
      const newerThan = (ms: number) => idsOf(feed.changes.filter((c) => new Date(c.created_at).getTime() >= ms));
      for (const [since, days] of [['1d', 1], ['7d', 7], ['30d', 30]] as const) {
        const expected = newerThan(Date.now() - days * DAY);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(feed.changes.length);
        expect(await everyId(s, `${ws}&since=${since}`, 10)).toEqual(expected);
      }
      const pivot = new Date(feed.changes[20].created_at);
      expect(await everyId(s, `${ws}&since=${encodeURIComponent(pivot.toISOString())}`)).toEqual(newerThan(pivot.getTime()));
      const offset = new Date(pivot.getTime() + 2 * HOUR).toISOString().replace(/\.\d{3}Z$/, '+02:00').replace(/:\d{2}\+/, ':00+');
      const offsetMs = Date.parse(offset);
      expect(await everyId(s, `${ws}&since=${encodeURIComponent(offset)}`)).toEqual(newerThan(offsetMs));
      expect(await everyId(s, `${ws}&since=${new Date(Date.now() + DAY).toISOString()}`)).toEqual([]);
    });

    it('reports review counts and the highest unreviewed severity in meta', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s);
      const tally = (changes: ChangeRecord[]) => {
        const counts = { unreviewed: 0, acknowledged: 0, dismissed: 0 } as Record<string, number>;
        for (const c of changes) counts[c.review_status]++;
        const unreviewed = changes.filter((c) => c.review_status === 'unreviewed').map((c) => SEVERITIES.indexOf(c.severity));
        return { counts, max_unreviewed_severity: unreviewed.length ? SEVERITIES[Math.max(...unreviewed)] : null };
      };
      const all = await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=1`).expect(200);
      expect(all.body.meta).toEqual(tally(feed.changes));
      const ofB = await s.get(`/changes?workspace_id=${feed.workspace.id}&competitor_id=${feed.b.id}&limit=1`).expect(200);
      expect(ofB.body.meta).toEqual(tally(feed.changes.filter((c) => c.competitor_id === feed.b.id)));
      const blog = await s.get(`/changes?workspace_id=${feed.workspace.id}&monitor_type=blog&limit=1`).expect(200);
      expect(blog.body.meta).toEqual(tally(feed.changes.filter((c) => c.monitor_id === feed.monitors[1].id)));
    });

    it('answers an empty workspace with no changes, zero counts and a null severity', async () => {
      const s = await createSession(t);
      const { workspace } = await seedWorkspace(t.db, s.accountId);
      expect((await s.get(`/changes?workspace_id=${workspace.id}`).expect(200)).body).toEqual({
        changes: [],
        has_more: false,
        next_cursor: null,
        meta: { counts: { unreviewed: 0, acknowledged: 0, dismissed: 0 }, max_unreviewed_severity: null },
      });
    });

    it('answers 422 workspace_required without workspace_id', async () => {
      const s = await createSession(t);
      expectError(await s.get('/changes'), 422, 'workspace_required');
      expectError(await s.get('/changes?limit=10&min_severity=high'), 422, 'workspace_required');
    });

    it.each([
      ['limit=0'],
      ['limit=101'],
      ['limit=-1'],
      ['limit=ten'],
      ['limit=2.5'],
      ['since=yesterday'],
      ['since=2d'],
      ['since=2026-13-45'],
      ['since=1700000000'],
      ['min_severity=severe'],
      ['review_status=closed'],
      ['monitor_type=rss'],
      ['competitor_id=abc'],
      ['after=abc'],
      ['after=12345'],
      ['after=0'],
    ])('answers 400 invalid_params for %s', async (param) => {
      const s = await createSession(t);
      const { workspace } = await seedWorkspace(t.db, s.accountId);
      expectError(await s.get(`/changes?workspace_id=${workspace.id}&${param}`), 400, 'invalid_params');
    });

    it('accepts the limit bounds 1 and 100', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s, 12);
      expect((await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=1`).expect(200)).body.changes).toHaveLength(1);
      expect((await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=100`).expect(200)).body.changes).toHaveLength(12);
    });

    it('answers an empty last page after a valid cursor, and 400 once the cursor’s change is deleted', async () => {
      const s = await createSession(t);
      const feed = await seedFeed(s, 3);
      const page = await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=2`).expect(200);
      expect(page.body.has_more).toBe(true);
      await t.db.query(`DELETE FROM changes WHERE id = $1`, [feed.changes[2].id]);
      const rest = await s.get(`/changes?workspace_id=${feed.workspace.id}&limit=2&after=${page.body.next_cursor}`).expect(200);
      expect(rest.body).toMatchObject({ changes: [], has_more: false, next_cursor: null });
      await t.db.query(`DELETE FROM changes WHERE id = $1`, [feed.changes[1].id]);
      expectError(await s.get(`/changes?workspace_id=${feed.workspace.id}&after=${page.body.next_cursor}`), 400, 'invalid_params');
    });

    it('refuses a cursor issued for another workspace with 400 invalid_params', async () => {
      const s = await createSession(t);
      const one = await seedFeed(s, 5);
      const two = await seedFeed(s, 5);
      const page = await s.get(`/changes?workspace_id=${one.workspace.id}&limit=2`).expect(200);
      expectError(await s.get(`/changes?workspace_id=${two.workspace.id}&after=${page.body.next_cursor}`), 400, 'invalid_params');
    });
  });

  describe('GET /changes/{id}', () => {
    async function changeWithSnapshots(s: Session) {
      const { monitors } = await seedWorkspace(t.db, s.accountId, { competitorName: 'Acme', logoUrl: 'https://acme.example/l.png' });
      const before = await insertSnapshot(t.db, {
        monitorId: monitors[0].id,
        markdown: '# Pricing\n\nPro $49',
        fields: { plans: [{ key: 'pro', amount: 49 }] },
        capturedAt: new Date(Date.now() - DAY),
      });
      const after = await insertSnapshot(t.db, {
        monitorId: monitors[0].id,
        markdown: '# Pricing\n\nPro $59',
        fields: { plans: [{ key: 'pro', amount: 59 }] },
        contentHash: 'after-hash',
      });
      const change = await insertChange(t.db, { monitor: monitors[0], severity: 'high', snapshotId: after.id, previousSnapshotId: before.id });
      return { monitor: monitors[0], before, after, change };
    }

    it('returns the change detail', async () => {
      const s = await createSession(t);
      const { monitor, change, after } = await changeWithSnapshots(s);
      const res = await s.get(`/changes/${change.id}`).expect(200);
      const diffs = [
        { op: 'updated', change_type: 'price_increased', path: 'plans[pro].prices[month].amount', tier: 'alertable', old: 49, new: 59 },
        { op: 'modified', change_type: 'feature_added', path: 'plans[pro].features', tier: 'alertable', old: null, new: 'SSO' },
      ];
      expect(res.body).toEqual({
        change: {
          id: change.id,
          competitor_id: monitor.competitor_id,
          competitor: 'Acme',
          logo_url: 'https://acme.example/l.png',
          monitor_id: monitor.id,
          monitor_type: 'pricing',
          severity: 'high',
          severity_score: 70,
          summary: expect.any(String),
          recommended_action: expect.any(String),
          opportunity_score: 45,
          review_status: 'unreviewed',
          category: 'pricing',
          direction: 'advanced',
          delta: { added: 1, removed: 0, modified: 1 },
          created_at: new Date(change.created_at).toISOString(),
          why_it_matters: expect.any(String),
          field_diffs: diffs,
          clusters: [{ headline: 'Pro plan repriced', meaning: 'Moving up-market.', diff_indexes: [0, 1] }],
          evidence: {
            captured_at: expect.stringMatching(ISO_DATE),
            previous_captured_at: null,
            diffs: diffs.map(({ op, path, tier, change_type }) => ({ op, path, tier, change_type })),
            // Recorded without a check, so no screenshot was ever taken (DESIGN §5e).
            visual: { status: 'unavailable', reason: 'No screenshot was taken for this change.', before: null, after: null },
          },
          enrichment: { seo_opportunity: { keywords: ['usage based pricing'] } },
          interpreted_by: 'rules-v1',
          interpreted_at: expect.stringMatching(ISO_DATE),
          source_url: monitor.url,
          raw_diff_available: true,
        },
      });
      expect(after.id).toBeGreaterThan(0);
    });

    it('adds the raw diff with both captures for include=raw_diff', async () => {
      const s = await createSession(t);
      const { change, before, after } = await changeWithSnapshots(s);
      const res = await s.get(`/changes/${change.id}?include=raw_diff`).expect(200);
      expect(res.body.change.raw_diff).toEqual({
        before: { captured_at: new Date(before.captured_at).toISOString(), markdown: '# Pricing\n\nPro $49' },
        after: { captured_at: new Date(after.captured_at).toISOString(), markdown: '# Pricing\n\nPro $59' },
        unified: '--- before\n+++ after\n@@ -1 +1 @@\n-$49\n+$59\n',
      });
      expect(res.body.change).not.toHaveProperty('capture');
    });

    it('adds one capture object for include=capture and/or capture_markdown', async () => {
      const s = await createSession(t);
      const { change, after } = await changeWithSnapshots(s);
      const capturedAt = new Date(after.captured_at).toISOString();
      const fields = await s.get(`/changes/${change.id}?include=capture`).expect(200);
      expect(fields.body.change.capture).toEqual({ captured_at: capturedAt, content_hash: 'after-hash', fields: { plans: [{ key: 'pro', amount: 59 }] } });
      expect(fields.body.change).not.toHaveProperty('raw_diff');
      const markdown = await s.get(`/changes/${change.id}?include=capture_markdown`).expect(200);
      expect(markdown.body.change.capture).toEqual({ captured_at: capturedAt, content_hash: 'after-hash', markdown: '# Pricing\n\nPro $59' });
      const all = await s.get(`/changes/${change.id}?include=capture,capture_markdown,raw_diff`).expect(200);
      expect(all.body.change.capture).toEqual({
        captured_at: capturedAt,
        content_hash: 'after-hash',
        fields: { plans: [{ key: 'pro', amount: 59 }] },
        markdown: '# Pricing\n\nPro $59',
      });
      expect(all.body.change.raw_diff.after.markdown).toBe('# Pricing\n\nPro $59');
    });

    it('says raw_diff_available false when the change has no previous capture', async () => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const change = await insertChange(t.db, { monitor: monitors[0], rawDiff: null });
      const res = await s.get(`/changes/${change.id}?include=raw_diff`).expect(200);
      expect(res.body.change.raw_diff_available).toBe(false);
      expect(res.body.change.raw_diff).toEqual({ before: null, after: null, unified: '' });
    });

    it.each(['diff', 'raw_diff,screenshot'])('answers 400 invalid_params for include=%s', async (include) => {
      const s = await createSession(t);
      const { change } = await changeWithSnapshots(s);
      expectError(await s.get(`/changes/${change.id}?include=${include}`), 400, 'invalid_params');
    });
  });

  describe('PATCH /changes/{id}', () => {
    it('moves review_status freely between the three states and updates the counts', async () => {
      const s = await createSession(t);
      const { workspace, monitors } = await seedWorkspace(t.db, s.accountId);
      const high = await insertChange(t.db, { monitor: monitors[0], severity: 'high' });
      await insertChange(t.db, { monitor: monitors[0], severity: 'low' });
      const meta = async () => (await s.get(`/changes?workspace_id=${workspace.id}`).expect(200)).body.meta;
      expect(await meta()).toEqual({ counts: { unreviewed: 2, acknowledged: 0, dismissed: 0 }, max_unreviewed_severity: 'high' });

      const ack = await s.patch(`/changes/${high.id}`, { review_status: 'acknowledged' }).expect(200);
      expect(ack.body.change).toMatchObject({ id: high.id, review_status: 'acknowledged', severity: 'high' });
      expect(ack.body.change).toHaveProperty('field_diffs');
      expect(await meta()).toEqual({ counts: { unreviewed: 1, acknowledged: 1, dismissed: 0 }, max_unreviewed_severity: 'low' });

      await s.patch(`/changes/${high.id}`, { review_status: 'dismissed' }).expect(200);
      expect(await meta()).toEqual({ counts: { unreviewed: 1, acknowledged: 0, dismissed: 1 }, max_unreviewed_severity: 'low' });
      await s.patch(`/changes/${high.id}`, { review_status: 'dismissed' }).expect(200);
      expect((await meta()).counts).toEqual({ unreviewed: 1, acknowledged: 0, dismissed: 1 });

      await s.patch(`/changes/${high.id}`, { review_status: 'unreviewed' }).expect(200);
      expect(await meta()).toEqual({ counts: { unreviewed: 2, acknowledged: 0, dismissed: 0 }, max_unreviewed_severity: 'high' });
      const detail = await s.get(`/changes/${high.id}`).expect(200);
      expect(detail.body.change.review_status).toBe('unreviewed');
    });

    it.each([
      ['an unknown value', { review_status: 'done' }],
      ['a missing value', {}],
      ['a number', { review_status: 1 }],
    ])('refuses %s with 422 validation_failed', async (_label, body) => {
      const s = await createSession(t);
      const { monitors } = await seedWorkspace(t.db, s.accountId);
      const change = await insertChange(t.db, { monitor: monitors[0], reviewStatus: 'acknowledged' });
      const res = await s.patch(`/changes/${change.id}`, body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'review_status', message: expect.any(String) }]);
      const [row] = await t.db.query(`SELECT review_status FROM changes WHERE id = $1`, [change.id]);
      expect(row.review_status).toBe('acknowledged');
    });
  });

  it('keeps the severity of each change as inserted (sanity of the factory)', async () => {
    const s = await createSession(t);
    const { monitors } = await seedWorkspace(t.db, s.accountId);
    for (const severity of SEVERITIES as readonly Severity[]) {
      const c = await insertChange(t.db, { monitor: monitors[0], severity });
      expect((await s.get(`/changes/${c.id}`).expect(200)).body.change.severity).toBe(severity);
    }
  });
});
