import { createHmac } from 'node:crypto';
import { QUEUES } from '../../src/queue/queue.constants';
import { DeliveriesRepository } from '../../src/webhooks/deliveries.repository';
import { DeliveryAttempts } from '../../src/webhooks/delivery-attempts.service';
import { WebhookProcessor } from '../../src/webhooks/jobs/webhook.processor';
import { NotificationsService } from '../../src/webhooks/notifications.service';
import { verifyWebhookSignature } from '../../src/webhooks/channels/webhook/verify-signature';
import {
  count,
  expectError,
  insertChange,
  insertCompetitor,
  insertMonitor,
  insertSnapshot,
  insertWorkspace,
  ISO_DATE,
} from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { testMode } from '../support/services';
import { waitFor } from '../support/wait';
import { ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec_e2e_0123456789abcdef';
const CHANGE_FIELDS = [
  'id',
  'workspace_id',
  'workspace_name',
  'competitor_id',
  'competitor',
  'monitor_id',
  'monitor_type',
  'severity',
  'summary',
  'why_it_matters',
  'review_status',
  'category',
  'direction',
  'delta',
  'field_diffs',
  'evidence',
  'source_url',
  'links',
  'raw_diff_available',
  'created_at',
];
const ENVELOPE_FIELDS = ['schema_version', 'id', 'idempotency_key', 'event', 'sent_at', 'data'];

/** Starts consuming the webhooks queue the way the worker role does. */
function consumeWebhooks(app: TestApp, concurrency = 20): void {
  const processor = new WebhookProcessor(app.app.get(DeliveryAttempts));
  app.consume(QUEUES.webhooks, (job) => processor.process(job), concurrency);
}

/** Checks the signature twice: with the exported helper, and by recomputing the HMAC here. */
function expectSigned(hook: ReceivedWebhook, secret: string): void {
  const timestamp = String(hook.headers['x-service-timestamp']);
  const signature = String(hook.headers['x-service-signature']);
  expect(timestamp).toMatch(/^\d{10}$/);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hook.rawBody}`).digest('hex')}`;
  expect(signature).toBe(expected);
  expect(verifyWebhookSignature({ secret, timestamp, signature, rawBody: hook.rawBody })).toBe(true);
  expect(verifyWebhookSignature({ secret: `${secret}x`, timestamp, signature, rawBody: hook.rawBody })).toBe(false);
}

let pathSeq = 0;
const newPath = () => `hook-${process.pid}-${++pathSeq}`;

describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    // ROLE=api: no worker module, so this file decides who consumes the webhooks queue.
    t = await createTestApp({ ROLE: 'api', WEBHOOK_RETRY_BASE_SECONDS: '1' });
    consumeWebhooks(t);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  async function workspaceWithMonitor(s: Session, app: TestApp = t) {
    const workspace = await insertWorkspace(app.db, { accountId: s.accountId, name: 'Hooks' });
    const competitor = await insertCompetitor(app.db, { workspace, name: 'Acme' });
    const monitor = await insertMonitor(app.db, { competitor, monitorType: 'pricing' });
    return { workspace, competitor, monitor };
  }

  async function configured(s: Session, settings: Record<string, unknown> = {}) {
    const seeded = await workspaceWithMonitor(s);
    const path = newPath();
    await s
      .put(`/workspaces/${seeded.workspace.id}/notification_settings`, { webhook_url: receiver.url(path), signing_secret: SECRET, ...settings })
      .expect(200);
    return { ...seeded, path };
  }

  const notify = (changeId: number, app: TestApp = t) => app.app.get(NotificationsService).changeDetected(changeId);

  async function deliveryRows(workspaceId: number) {
    return t.db.query(`SELECT * FROM webhook_deliveries WHERE workspace_id = $1 ORDER BY id`, [workspaceId]);
  }

  describe('notification settings', () => {
    it('answers 404 before any settings exist', async () => {
      const s = await createSession(t);
      const { workspace } = await workspaceWithMonitor(s);
      expectError(await s.get(`/workspaces/${workspace.id}/notification_settings`), 404, 'not_found');
    });

    it('creates settings with defaults and never shows the secret', async () => {
      const s = await createSession(t);
      const { workspace } = await workspaceWithMonitor(s);
      const url = receiver.url(newPath());
      const res = await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: url, signing_secret: SECRET }).expect(200);
      const off = { configured: false, broken: false, broken_since: null, broken_reason: null };
      expect(res.body).toEqual({
        notification_settings: {
          workspace_id: workspace.id,
          webhook_url: url,
          signing_secret_set: true,
          email_recipients: [],
          slack_webhook_url: null,
          teams_webhook_url: null,
          discord_webhook_url: null,
          mode: 'realtime',
          realtime_min_severity: 'medium',
          digest_period: '1d',
          digest_hour_utc: 9,
          last_flushed_at: null,
          channels: { webhook: { ...off, configured: true }, email: off, slack: off, teams: off, discord: off },
          created_at: expect.stringMatching(ISO_DATE),
          updated_at: expect.stringMatching(ISO_DATE),
        },
      });
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      const read = await s.get(`/workspaces/${workspace.id}/notification_settings`).expect(200);
      expect(read.body).toEqual(res.body);
      const [row] = await t.db.query(`SELECT signing_secret FROM notification_settings WHERE workspace_id = $1`, [workspace.id]);
      expect(row.signing_secret).toBe(SECRET);
    });

    it('replaces settings, keeps the secret when it is omitted and removes it with null', async () => {
      const s = await createSession(t);
      const { workspace } = await workspaceWithMonitor(s);
      const path = `/workspaces/${workspace.id}/notification_settings`;
      await s.put(path, { webhook_url: receiver.url('a'), signing_secret: SECRET }).expect(200);
      const replaced = await s
        .put(path, { webhook_url: receiver.url('b'), mode: 'digest', realtime_min_severity: 'high', digest_period: '7d', digest_hour_utc: 0 })
        .expect(200);
      expect(replaced.body.notification_settings).toMatchObject({
        webhook_url: receiver.url('b'),
        signing_secret_set: true,
        mode: 'digest',
        realtime_min_severity: 'high',
        digest_period: '7d',
        digest_hour_utc: 0,
      });
      const cleared = await s.put(path, { webhook_url: receiver.url('b'), signing_secret: null }).expect(200);
      // A PUT replaces: omitted fields are back to their defaults.
      expect(cleared.body.notification_settings).toMatchObject({ signing_secret_set: false, mode: 'realtime', digest_period: '1d', digest_hour_utc: 9 });
    });

    it.each([
      ['a missing webhook_url', { webhook_url: undefined }, 'webhook_url'],
      ['a webhook_url that is no URL', { webhook_url: 'not a url' }, 'webhook_url'],
      ['an ftp webhook_url', { webhook_url: 'ftp://hooks.example.com/x' }, 'webhook_url'],
      ['a URL with credentials', { webhook_url: 'https://user:pw@hooks.example.com/x' }, 'webhook_url'],
      ['an unknown mode', { mode: 'hourly' }, 'mode'],
      ['an unknown severity', { realtime_min_severity: 'urgent' }, 'realtime_min_severity'],
      ['a 30d digest period', { digest_period: '30d' }, 'digest_period'],
      ['digest_hour_utc 24', { digest_hour_utc: 24 }, 'digest_hour_utc'],
      ['digest_hour_utc -1', { digest_hour_utc: -1 }, 'digest_hour_utc'],
      ['a fractional hour', { digest_hour_utc: 9.5 }, 'digest_hour_utc'],
      ['an hour sent as a string', { digest_hour_utc: '9' }, 'digest_hour_utc'],
      ['a short signing secret', { signing_secret: 'short' }, 'signing_secret'],
      ['a numeric signing secret', { signing_secret: 1234567890123456789 }, 'signing_secret'],
    ])('refuses %s with 422 validation_failed', async (_label, body, field) => {
      const s = await createSession(t);
      const { workspace } = await workspaceWithMonitor(s);
      const res = await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: receiver.url(newPath()), ...body });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field, message: expect.any(String) }]));
      expect(await count(t.db, `notification_settings WHERE workspace_id = $1`, [workspace.id])).toBe(0);
    });

    it('deletes settings and their buffered changes', async () => {
      const s = await createSession(t);
      const { workspace, monitor } = await configured(s, { mode: 'digest' });
      const change = await insertChange(t.db, { monitor });
      expect(await notify(change.id)).toEqual({ route: 'buffered' });
      const res = await s.delete(`/workspaces/${workspace.id}/notification_settings`).expect(200);
      expect(res.body).toEqual({ deleted: true, workspace_id: workspace.id });
      expect(await count(t.db, `digest_buffer WHERE workspace_id = $1`, [workspace.id])).toBe(0);
      expectError(await s.get(`/workspaces/${workspace.id}/notification_settings`), 404, 'not_found');
      expectError(await s.delete(`/workspaces/${workspace.id}/notification_settings`), 404, 'not_found');
      expect(await notify(change.id)).toEqual({ route: 'skipped', reason: 'no_settings' });
    });

    it('answers 404 on every endpoint for another account’s workspace', async () => {
      const owner = await createSession(t);
      const { workspace, path } = await configured(owner);
      const other = await createSession(t);
      const base = `/workspaces/${workspace.id}`;
      expectError(await other.get(`${base}/notification_settings`), 404, 'not_found');
      expectError(await other.put(`${base}/notification_settings`, { webhook_url: receiver.url('stolen') }), 404, 'not_found');
      expectError(await other.delete(`${base}/notification_settings`), 404, 'not_found');
      expectError(await other.post(`${base}/notification_settings/test`), 404, 'not_found');
      expectError(await other.get(`${base}/webhook_deliveries`), 404, 'not_found');
      expectError(await other.get(`/workspaces/2147483000/notification_settings`), 404, 'not_found');
      const mine = await owner.get(`${base}/notification_settings`).expect(200);
      expect(mine.body.notification_settings.webhook_url).toBe(receiver.url(path));
      expect(await count(t.db, `webhook_deliveries WHERE workspace_id = $1`, [workspace.id])).toBe(0);
    });
  });

  describe('test.ping', () => {
    it('sends a signed test.ping whose id is its idempotency key', async () => {
      const s = await createSession(t);
      const { workspace, path } = await configured(s);
      const res = await s.post(`/workspaces/${workspace.id}/notification_settings/test`).expect(202);
      expect(res.body).toEqual({ delivery_id: expect.any(Number), event_id: expect.stringMatching(/^wh_test_[0-9a-f]{24}$/) });
      const [hook] = await receiver.waitFor(path, 1);
      expect(hook.headers['content-type']).toBe('application/json');
      expect(Object.keys(hook.body)).toEqual(ENVELOPE_FIELDS);
      expect(hook.body).toEqual({
        schema_version: 'v1',
        id: res.body.event_id,
        idempotency_key: res.body.event_id,
        event: 'test.ping',
        sent_at: expect.stringMatching(ISO_DATE),
        data: { message: expect.stringContaining('Hooks') },
      });
      expectSigned(hook, SECRET);
      const log = await waitFor(async () => {
        const r = await s.get(`/workspaces/${workspace.id}/webhook_deliveries`).expect(200);
        return r.body.webhook_deliveries[0]?.status === 'succeeded' && r.body;
      }, 'the ping to be recorded');
      expect(log.webhook_deliveries).toEqual([
        {
          id: res.body.delivery_id,
          channel: 'webhook',
          event: 'test.ping',
          idempotency_key: res.body.event_id,
          url: receiver.url(path),
          status: 'succeeded',
          attempt_count: 1,
          max_attempts: 1,
          next_attempt_at: null,
          created_at: expect.stringMatching(ISO_DATE),
          completed_at: expect.stringMatching(ISO_DATE),
          attempts: [
            {
              attempt: 1,
              id: res.body.event_id,
              status_code: 200,
              error: null,
              duration_ms: expect.any(Number),
              attempted_at: expect.stringMatching(ISO_DATE),
            },
          ],
        },
      ]);
    });

    it('gives each test its own id, and sends no signature headers without a secret', async () => {
      const s = await createSession(t);
      const { workspace, path } = await configured(s, { signing_secret: null });
      const a = await s.post(`/workspaces/${workspace.id}/notification_settings/test`).expect(202);
      const b = await s.post(`/workspaces/${workspace.id}/notification_settings/test`).expect(202);
      expect(a.body.event_id).not.toBe(b.body.event_id);
      const hooks = await receiver.waitFor(path, 2);
      expect(hooks.map((h) => h.body.id).sort()).toEqual([a.body.event_id, b.body.event_id].sort());
      for (const hook of hooks) {
        expect(hook.headers['x-service-signature']).toBeUndefined();
        expect(hook.headers['x-service-timestamp']).toBeUndefined();
      }
    });

    it('makes one attempt only when the ping fails', async () => {
      const s = await createSession(t);
      const { workspace, path } = await configured(s);
      receiver.script(path, [500]);
      const res = await s.post(`/workspaces/${workspace.id}/notification_settings/test`).expect(202);
      await receiver.waitFor(path, 1);
      await t.settled(QUEUES.webhooks); // a retry of an event would be a delayed job
      expect(receiver.at(path)).toHaveLength(1);
      const [row] = await deliveryRows(workspace.id);
      expect(row).toMatchObject({ id: res.body.delivery_id, status: 'failed', attempt_count: 1 });
      expect(row.attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: 500, id: res.body.event_id })]);
    });

    it('answers 404 when the workspace has no settings', async () => {
      const s = await createSession(t);
      const { workspace } = await workspaceWithMonitor(s);
      expectError(await s.post(`/workspaces/${workspace.id}/notification_settings/test`), 404, 'not_found');
    });
  });

  describe('change.detected', () => {
    it('delivers a signed change.detected with exactly the spec’s fields', async () => {
      const s = await createSession(t);
      const { workspace, competitor, monitor, path } = await configured(s);
      const before = await insertSnapshot(t.db, { monitorId: monitor.id });
      const after = await insertSnapshot(t.db, { monitorId: monitor.id });
      const change = await insertChange(t.db, {
        monitor,
        severity: 'high',
        summary: 'Acme raised Pro to $59',
        snapshotId: after.id,
        previousSnapshotId: before.id,
      });
      expect(await notify(change.id)).toEqual({
        route: 'realtime',
        deliveries: [{ channel: 'webhook', deliveryId: expect.any(Number), created: true }],
      });
      const [hook] = await receiver.waitFor(path, 1);
      expectSigned(hook, SECRET);
      expect(Object.keys(hook.body)).toEqual(ENVELOPE_FIELDS);
      expect(hook.body).toMatchObject({
        schema_version: 'v1',
        id: expect.stringMatching(/^wh_[0-9a-f]{24}$/),
        idempotency_key: `change:${change.id}`,
        event: 'change.detected',
        sent_at: expect.stringMatching(ISO_DATE),
      });
      expect(Object.keys(hook.body.data)).toEqual(CHANGE_FIELDS);
      expect(hook.body.data).toEqual({
        id: change.id,
        workspace_id: workspace.id,
        workspace_name: 'Hooks',
        competitor_id: competitor.id,
        competitor: 'Acme',
        monitor_id: monitor.id,
        monitor_type: 'pricing',
        severity: 'high',
        summary: 'Acme raised Pro to $59',
        why_it_matters: expect.any(String),
        review_status: 'unreviewed',
        category: 'pricing',
        direction: 'advanced',
        delta: { added: 1, removed: 0, modified: 1 },
        field_diffs: [
          { op: 'updated', path: 'plans[pro].prices[month].amount', tier: 'alertable', change_type: 'price_increased', old: 49, new: 59 },
          { op: 'modified', path: 'plans[pro].features', tier: 'alertable', change_type: 'feature_added', old: null, new: 'SSO' },
        ],
        evidence: {
          captured_at: expect.stringMatching(ISO_DATE),
          previous_captured_at: null,
          diffs: [
            { op: 'updated', path: 'plans[pro].prices[month].amount', tier: 'alertable', change_type: 'price_increased' },
            { op: 'modified', path: 'plans[pro].features', tier: 'alertable', change_type: 'feature_added' },
          ],
        },
        source_url: monitor.url,
        links: { self: `${t.config.publicBaseUrl}/changes/${change.id}` },
        raw_diff_available: true,
        created_at: new Date(change.created_at).toISOString(),
      });
      const detail = await s.get(`/changes/${change.id}`).expect(200);
      expect(hook.body.data.why_it_matters).toBe(detail.body.change.why_it_matters);
    });

    it('sends only changes at or above realtime_min_severity', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s, { realtime_min_severity: 'high' });
      const routes: Record<string, unknown> = {};
      const ids: Record<string, number> = {};
      for (const severity of ['info', 'medium', 'high', 'critical'] as const) {
        const change = await insertChange(t.db, { monitor, severity });
        ids[severity] = change.id;
        routes[severity] = (await notify(change.id)).route;
      }
      expect(routes).toEqual({ info: 'skipped', medium: 'skipped', high: 'realtime', critical: 'realtime' });
      const hooks = await receiver.waitFor(path, 2);
      expect(hooks.map((h) => h.body.data.id).sort((a: number, b: number) => a - b)).toEqual([ids.high, ids.critical]);
      expect((await deliveryRows(workspace.id)).map((d: { idempotency_key: string }) => d.idempotency_key).sort()).toEqual(
        [`change:${ids.high}`, `change:${ids.critical}`].sort(),
      );
    });

    it('creates one delivery when a change is reported more than once at the same time', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      const routes = await Promise.all(Array.from({ length: 6 }, () => notify(change.id)));
      const ids = new Set(routes.map((r) => (r.route === 'realtime' ? r.deliveries[0].deliveryId : null)));
      expect(ids.size).toBe(1);
      expect(routes.filter((r) => r.route === 'realtime' && r.deliveries[0].created)).toHaveLength(1);
      await receiver.waitFor(path, 1);
      await t.settled(QUEUES.webhooks);
      expect(receiver.at(path)).toHaveLength(1);
      expect(await deliveryRows(workspace.id)).toHaveLength(1);
    });

    it('retries failures with a new id per attempt, one idempotency key and a doubling delay', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      receiver.script(path, [500, 503]);
      const change = await insertChange(t.db, { monitor, severity: 'critical' });
      await notify(change.id);
      const hooks = await receiver.waitFor(path, 3, 15_000);
      expect(new Set(hooks.map((h) => h.body.id)).size).toBe(3);
      expect(new Set(hooks.map((h) => h.body.idempotency_key))).toEqual(new Set([`change:${change.id}`]));
      for (const hook of hooks) expectSigned(hook, SECRET);
      // Base 1 s: the first retry waits 1 s, the second 2 s.
      expect(hooks[1].receivedAt - hooks[0].receivedAt).toBeGreaterThanOrEqual(900);
      expect(hooks[2].receivedAt - hooks[1].receivedAt).toBeGreaterThanOrEqual(1900);
      const log = await waitFor(async () => {
        const r = await s.get(`/workspaces/${workspace.id}/webhook_deliveries`).expect(200);
        return r.body.webhook_deliveries[0]?.status === 'succeeded' && r.body.webhook_deliveries[0];
      }, 'the delivery to succeed');
      expect(log.attempt_count).toBe(3);
      expect(log.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
      expect(log.attempts.map((a: { id: string }) => a.id)).toEqual(hooks.map((h) => h.body.id));
      expect(log.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3]);
    });

    it('stops retrying at 410 Gone', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      receiver.script(path, [500, 410]);
      const change = await insertChange(t.db, { monitor, severity: 'critical' });
      await notify(change.id);
      await receiver.waitFor(path, 2, 10_000);
      await t.settled(QUEUES.webhooks); // a third attempt would be a job delayed by 2 s
      expect(receiver.at(path)).toHaveLength(2);
      const [row] = await deliveryRows(workspace.id);
      expect(row).toMatchObject({ status: 'gone', attempt_count: 2, next_attempt_at: null });
      expect(row.completed_at).not.toBeNull();
      expect(row.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 410]);
    });

    it('sends retries to the URL and with the secret the settings hold now', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      receiver.script(path, [500]);
      const change = await insertChange(t.db, { monitor, severity: 'critical' });
      await notify(change.id);
      await receiver.waitFor(path, 1);
      const moved = newPath();
      const rotated = 'whsec_rotated_abcdef0123456789';
      await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: receiver.url(moved), signing_secret: rotated }).expect(200);
      const [retry] = await receiver.waitFor(moved, 1, 10_000);
      expect(retry.body.idempotency_key).toBe(`change:${change.id}`);
      expectSigned(retry, rotated);
      const [row] = await deliveryRows(workspace.id);
      expect(row).toMatchObject({ url: receiver.url(moved), attempt_count: 2 });
    });

    it('fails a pending delivery without sending it once the settings are gone', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      const change = await insertChange(t.db, { monitor, severity: 'critical' });
      const id = await t.app.get(DeliveriesRepository).create({
        workspaceId: workspace.id,
        channel: 'webhook',
        event: 'change.detected',
        idempotencyKey: `change:${change.id}`,
        url: receiver.url(path),
        payload: { id: change.id },
        maxAttempts: 6,
      });
      await s.delete(`/workspaces/${workspace.id}/notification_settings`).expect(200);
      const result = await t.app.get(DeliveryAttempts).attempt(id!);
      expect(result).toMatchObject({ status: 'failed', record: { error: 'notification settings were removed' } });
      expect(receiver.at(path)).toHaveLength(0);
    });

    it('lists deliveries newest first and honours limit', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      const changes = [];
      for (let i = 0; i < 3; i++) changes.push(await insertChange(t.db, { monitor, severity: 'high' }));
      for (const c of changes) await notify(c.id);
      await receiver.waitFor(path, 3);
      const all = await s.get(`/workspaces/${workspace.id}/webhook_deliveries`).expect(200);
      expect(all.body.webhook_deliveries.map((d: { idempotency_key: string }) => d.idempotency_key)).toEqual(
        changes.map((c) => `change:${c.id}`).reverse(),
      );
      const two = await s.get(`/workspaces/${workspace.id}/webhook_deliveries?limit=2`).expect(200);
      expect(two.body.webhook_deliveries).toHaveLength(2);
      expectError(await s.get(`/workspaces/${workspace.id}/webhook_deliveries?limit=0`), 400, 'invalid_params');
      expectError(await s.get(`/workspaces/${workspace.id}/webhook_deliveries?limit=101`), 400, 'invalid_params');
    });
  });

  describe('delivery guards', () => {
    async function unqueuedDelivery(s: Session) {
      const { workspace, monitor, path } = await configured(s);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      const id = await t.app.get(DeliveriesRepository).create({
        workspaceId: workspace.id,
        channel: 'webhook',
        event: 'change.detected',
        idempotencyKey: `change:${change.id}`,
        url: receiver.url(path),
        payload: { id: change.id },
        maxAttempts: 6,
      });
      return { id: id!, path, workspace };
    }

    it('lets one of several racing callers send an attempt', async () => {
      const s = await createSession(t);
      const { id, path } = await unqueuedDelivery(s);
      const attempts = t.app.get(DeliveryAttempts);
      const results = await Promise.all(Array.from({ length: 5 }, () => attempts.attempt(id)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(receiver.at(path)).toHaveLength(1);
      // Not due again: a late duplicate job is a no-op too.
      expect(await attempts.attempt(id)).toBeNull();
    });

    it('records outcomes claimed together, each on its own row, and text Postgres would refuse as well', async () => {
      const s = await createSession(t);
      const deliveries = t.app.get(DeliveriesRepository);
      const [a, b] = [await unqueuedDelivery(s), await unqueuedDelivery(s)];
      const claimed = await Promise.all([deliveries.claim(a.id), deliveries.claim(b.id), deliveries.claim(a.id)]);
      expect(claimed.map((c) => c?.id ?? null)).toEqual([a.id, b.id, null]);
      const attempt = (error: string | null) => ({ attempt: 1, id: 'evt', status_code: 500, error, duration_ms: 3, attempted_at: new Date().toISOString() });
      // An error message cut in the middle of an emoji, with a NUL in it.
      const cut = 'upstream said \u0000no 😀'.slice(0, -1);
      const recorded = await Promise.all([
        deliveries.record(a.id, attempt(cut), { status: 'pending', retryInSeconds: 30 }),
        deliveries.record(b.id, attempt(null), { status: 'failed', retryInSeconds: null }),
        // Not this attempt's claim: nothing is recorded.
        deliveries.record(b.id, { ...attempt(null), attempt: 2 }, { status: 'failed', retryInSeconds: null }),
      ]);
      expect(recorded[0]).toBeInstanceOf(Date);
      expect(recorded.slice(1)).toEqual([null, false]);
      const rows: { id: number; status: string; attempts: { error: string | null }[] }[] = await t.db.query(
        `SELECT id, status, attempts FROM webhook_deliveries WHERE id = ANY($1::bigint[]) ORDER BY id`,
        [[a.id, b.id]],
      );
      expect(rows.map((r) => [r.status, r.attempts.map((x) => x.error)])).toEqual([
        ['pending', ['upstream said \ufffdno \ufffd']],
        ['failed', [null]],
      ]);
    });

    it('re-queues a delivery whose job was lost, and records an attempt lost with its worker', async () => {
      const s = await createSession(t);
      const lost = await unqueuedDelivery(s);
      await t.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '10 minutes' WHERE id = $1`, [lost.id]);
      const crashed = await unqueuedDelivery(s);
      await t.db.query(
        `UPDATE webhook_deliveries SET status = 'delivering', attempt_count = 1, next_attempt_at = now() - interval '10 minutes' WHERE id = $1`,
        [crashed.id],
      );
      // Due but not stalled: left alone.
      const fresh = await unqueuedDelivery(s);
      expect(await t.app.get(DeliveryAttempts).recoverStalled()).toBe(2);
      await receiver.waitFor(lost.path, 1);
      const [retry] = await receiver.waitFor(crashed.path, 1);
      expect(retry.body.idempotency_key).toMatch(/^change:/);
      await waitFor(async () => {
        const [row] = await t.db.query(`SELECT status FROM webhook_deliveries WHERE id = $1`, [crashed.id]);
        return row.status === 'succeeded';
      }, 'the recovered delivery');
      const [row] = await t.db.query(`SELECT attempts, attempt_count FROM webhook_deliveries WHERE id = $1`, [crashed.id]);
      expect(row.attempt_count).toBe(2);
      expect(row.attempts).toEqual([
        expect.objectContaining({ attempt: 1, id: null, status_code: null, error: expect.stringContaining('worker stopped') }),
        expect.objectContaining({ attempt: 2, id: retry.body.id, status_code: 200 }),
      ]);
      expect(receiver.at(fresh.path)).toHaveLength(0);
    });
  });

  describe('with retries at once (WEBHOOK_RETRY_BASE_SECONDS=0)', () => {
    let fast: TestApp;
    beforeAll(async () => {
      fast = await createTestApp({ ROLE: 'api', WEBHOOK_RETRY_BASE_SECONDS: '0' });
      consumeWebhooks(fast);
    });
    afterAll(() => fast?.close());

    it('gives up after the first attempt and five retries', async () => {
      const s = await createSession(fast);
      const { workspace, monitor } = await workspaceWithMonitor(s, fast);
      const path = newPath();
      receiver.script(path, [], 500);
      await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: receiver.url(path) }).expect(200);
      const change = await insertChange(fast.db, { monitor, severity: 'critical' });
      await notify(change.id, fast);
      const hooks = await receiver.waitFor(path, 6, 15_000);
      await fast.settled(QUEUES.webhooks);
      expect(receiver.at(path)).toHaveLength(6);
      expect(new Set(hooks.map((h) => h.body.id)).size).toBe(6);
      const [row] = await fast.db.query(`SELECT * FROM webhook_deliveries WHERE workspace_id = $1`, [workspace.id]);
      expect(row).toMatchObject({ status: 'failed', attempt_count: 6, next_attempt_at: null });
      expect(row.attempts).toHaveLength(6);
    });

    it('records network errors without a status code', async () => {
      const s = await createSession(fast);
      const { workspace, monitor } = await workspaceWithMonitor(s, fast);
      await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: 'http://127.0.0.1:1/hook' }).expect(200);
      const change = await insertChange(fast.db, { monitor, severity: 'critical' });
      await notify(change.id, fast);
      const row = await waitFor(async () => {
        const [r] = await fast.db.query(`SELECT * FROM webhook_deliveries WHERE workspace_id = $1`, [workspace.id]);
        return r?.status === 'failed' && r;
      }, 'the delivery to fail');
      expect(row.attempts).toHaveLength(6);
      for (const a of row.attempts) {
        expect(a.status_code).toBeNull();
        expect(a.error).toMatch(/ECONNREFUSED/);
      }
    });
  });

  describe('when private targets are not allowed', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ ROLE: 'api', ALLOW_PRIVATE_NETWORK_TARGETS: 'false' });
    });
    afterAll(() => strict?.close());

    it.each([
      ['plain http', 'http://93.184.216.34/hook'],
      ['plain http on a name that does not resolve', 'http://hooks.rivalwatch-test.invalid/hook'],
      ['loopback', 'https://127.0.0.1/hook'],
      ['a private range', 'https://10.1.2.3/hook'],
      ['link-local metadata', 'https://169.254.169.254/latest'],
      ['IPv6 loopback', 'https://[::1]/hook'],
    ])('refuses a webhook URL on %s with 422', async (_label, url) => {
      const s = await createSession(strict);
      const workspace = await insertWorkspace(strict.db, { accountId: s.accountId });
      const res = await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: url });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details[0].field).toBe('webhook_url');
    });

    it('accepts an https URL on a public address', async () => {
      const s = await createSession(strict);
      const workspace = await insertWorkspace(strict.db, { accountId: s.accountId });
      await s.put(`/workspaces/${workspace.id}/notification_settings`, { webhook_url: 'https://93.184.216.34/hook' }).expect(200);
    });

    it('refuses at connect time a receiver that points at a private address', async () => {
      const s = await createSession(strict);
      const { workspace, monitor } = await workspaceWithMonitor(s, strict);
      const path = newPath();
      // Written around the API's validation, as a DNS change after validation would.
      await strict.db.query(`INSERT INTO notification_settings (workspace_id) VALUES ($1)`, [workspace.id]);
      await strict.db.query(`INSERT INTO notification_destinations (workspace_id, channel, destination, address) VALUES ($1, 'webhook', to_jsonb($2::text), $2)`, [
        workspace.id,
        receiver.url(path).replace('http://', 'https://'),
      ]);
      const change = await insertChange(strict.db, { monitor, severity: 'critical' });
      const route = await strict.app.get(NotificationsService).changeDetected(change.id);
      if (route.route !== 'realtime') throw new Error(`expected a realtime route, got ${JSON.stringify(route)}`);
      const result = await strict.app.get(DeliveryAttempts).attempt(route.deliveries[0].deliveryId);
      expect(result?.record).toMatchObject({ status_code: null, error: expect.stringMatching(/non-public address 127\.0\.0\.1/) });
      expect(receiver.at(path)).toHaveLength(0);
    });
  });

  describe('with two workers', () => {
    // A second process on the same database and Redis prefix. The embedded mode keeps jobs in one
    // process, so there both reports go through the one app.
    let b: TestApp | null = null;
    beforeAll(async () => {
      if (testMode() !== 'server') return;
      b = await createTestApp({
        ROLE: 'api',
        WEBHOOK_RETRY_BASE_SECONDS: '1',
        DATABASE_URL: t.config.databaseUrl!,
        REDIS_URL: t.config.redisUrl!,
        REDIS_PREFIX: t.config.redisPrefix,
      });
      consumeWebhooks(b);
    });
    afterAll(async () => {
      await b?.close();
    });

    it('sends every attempt of every delivery exactly once', async () => {
      const s = await createSession(t);
      const { workspace, monitor, path } = await configured(s);
      const n = 12;
      receiver.script(path, Array.from({ length: n }, () => 500));
      const changes: { id: number }[] = [];
      for (let i = 0; i < n; i++) changes.push(await insertChange(t.db, { monitor, severity: 'high' }));
      // Both processes report every change, at the same time.
      await Promise.all(changes.flatMap((c) => [notify(c.id, t), notify(c.id, b ?? t)]));
      const hooks = await receiver.waitFor(path, 2 * n, 20_000);
      await t.settled(QUEUES.webhooks); // both processes' queue: they share a Redis prefix
      expect(receiver.at(path)).toHaveLength(2 * n);
      const byKey = new Map<string, ReceivedWebhook[]>();
      for (const h of hooks) byKey.set(h.body.idempotency_key, [...(byKey.get(h.body.idempotency_key) ?? []), h]);
      expect([...byKey.keys()].sort()).toEqual(changes.map((c) => `change:${c.id}`).sort());
      for (const attempts of byKey.values()) {
        expect(attempts).toHaveLength(2);
        expect(attempts[0].body.id).not.toBe(attempts[1].body.id);
      }
      const rows = await waitFor(async () => {
        const r = await t.db.query(`SELECT status, attempt_count FROM webhook_deliveries WHERE workspace_id = $1`, [workspace.id]);
        return r.every((x: { status: string }) => x.status === 'succeeded') && r;
      }, 'every delivery to succeed');
      expect(rows).toHaveLength(n);
      for (const row of rows) expect(row.attempt_count).toBe(2);
    });
  });
});
