import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COMMANDS } from '../../src/cli/commands';
import { QUEUES } from '../../src/queue/queue.constants';
import { SchedulerService } from '../../src/scheduler/scheduler.service';
import { DigestFlushService } from '../../src/webhooks/digest-flush.service';
import { DeliveryAttempts } from '../../src/webhooks/delivery-attempts.service';
import { WebhookProcessor } from '../../src/webhooks/jobs/webhook.processor';
import { NotificationsService } from '../../src/webhooks/notifications.service';
import { verifyWebhookSignature } from '../../src/webhooks/channels/webhook/verify-signature';
import { CLI_JS } from '../support/build';
import { count, insertChange, insertCompetitor, insertMonitor, insertRun, insertWorkspace, ISO_DATE } from '../support/factories';
import { testMode } from '../support/services';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec_digest_0123456789abcdef';
const HOUR = 3_600_000;
const run = promisify(execFile);

describe('digest mode and digest.ready', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let seq = 0;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    // ROLE=scheduler: the tick runs here, and this file consumes the webhooks queue itself.
    t = await createTestApp({ ROLE: 'scheduler', WEBHOOK_RETRY_BASE_SECONDS: '1' });
    const processor = new WebhookProcessor(t.app.get(DeliveryAttempts));
    t.consume(QUEUES.webhooks, (job) => processor.process(job), 10);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  const flusher = () => t.app.get(DigestFlushService);
  const notify = (changeId: number) => t.app.get(NotificationsService).changeDetected(changeId);

  /** A digest-mode workspace whose next window boundary is one to two hours away. */
  async function digestWorkspace(s: Session, o: { period?: '1d' | '7d'; hourUtc?: number } = {}) {
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId, name: 'Digest market' });
    const acme = await insertCompetitor(t.db, { workspace, name: 'Acme', logoUrl: 'https://acme.example/logo.png' });
    const globex = await insertCompetitor(t.db, { workspace, name: 'Globex' });
    const monitors = [await insertMonitor(t.db, { competitor: acme }), await insertMonitor(t.db, { competitor: globex, monitorType: 'blog' })];
    const path = `digest-${process.pid}-${++seq}`;
    const hourUtc = o.hourUtc ?? (new Date().getUTCHours() + 2) % 24;
    await s
      .put(`/workspaces/${workspace.id}/notification_settings`, {
        webhook_url: receiver.url(path),
        signing_secret: SECRET,
        mode: 'digest',
        realtime_min_severity: 'critical',
        digest_period: o.period ?? '1d',
        digest_hour_utc: hourUtc,
      })
      .expect(200);
    return { workspace, competitors: [acme, globex], monitors, path };
  }

  it('buffers changes until the window closes, sends them once, and empties the buffer', async () => {
    const s = await createSession(t);
    const { workspace, monitors, path } = await digestWorkspace(s);
    const changes = [
      await insertChange(t.db, { monitor: monitors[0], severity: 'low' }),
      await insertChange(t.db, { monitor: monitors[0], severity: 'high' }),
      await insertChange(t.db, { monitor: monitors[1], severity: 'medium', reviewStatus: 'acknowledged' }),
    ];
    for (const c of changes) expect(await notify(c.id)).toEqual({ route: 'buffered' });
    expect(await notify(changes[0].id)).toEqual({ route: 'buffered' });
    expect(await count(t.db, `digest_buffer WHERE workspace_id = $1`, [workspace.id])).toBe(3);

    // Before the boundary: nothing is sent.
    expect((await flusher().flushDue()).filter((r) => r.workspace_id === workspace.id)).toEqual([]);
    await t.settled(QUEUES.webhooks);
    expect(receiver.at(path)).toHaveLength(0);
    expect(await count(t.db, `webhook_deliveries WHERE workspace_id = $1`, [workspace.id])).toBe(0);

    const afterBoundary = new Date(Date.now() + 3 * HOUR);
    const [flushed] = (await flusher().flushDue(afterBoundary)).filter((r) => r.workspace_id === workspace.id);
    expect(flushed).toMatchObject({ status: 'sent', changes: 3 });
    const [hook] = await receiver.waitFor(path, 1);
    expect(await count(t.db, `digest_buffer WHERE workspace_id = $1`, [workspace.id])).toBe(0);

    const ts = String(hook.headers['x-service-timestamp']);
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: ts, signature: String(hook.headers['x-service-signature']), rawBody: hook.rawBody })).toBe(true);
    const windowStart = flushed.status === 'sent' ? flushed.window_start : '';
    expect(hook.body).toMatchObject({
      schema_version: 'v1',
      id: expect.stringMatching(/^wh_[0-9a-f]{24}$/),
      idempotency_key: `digest:${workspace.id}:1d:${windowStart}`,
      event: 'digest.ready',
    });
    expect(Object.keys(hook.body.data)).toEqual(['workspace_id', 'workspace_name', 'digest']);
    const digest = hook.body.data.digest;
    expect(hook.body.data).toMatchObject({ workspace_id: workspace.id, workspace_name: 'Digest market' });
    expect(digest).toMatchObject({ period: '1d', generated_at: expect.stringMatching(ISO_DATE), window_start: windowStart });
    expect(Date.parse(digest.window_end) - Date.parse(digest.window_start)).toBe(24 * HOUR);
    // Every unreviewed buffered change, whatever its severity.
    expect(digest.needs_review.count).toBe(2);
    expect(digest.needs_review.max_severity).toBe('high');
    expect(digest.needs_review.items.map((i: { change_id: number }) => i.change_id)).toEqual([changes[1].id, changes[0].id]);
    expect(digest.whos_moving.map((w: { count: number; sparkline: number[] }) => [w.count, w.sparkline])).toEqual([
      [2, [2]],
      [1, [1]],
    ]);

    // The same window again: nothing new.
    expect((await flusher().flushDue(afterBoundary)).filter((r) => r.workspace_id === workspace.id)).toEqual([]);
    expect(await flusher().flush(workspace.id, { now: afterBoundary, manual: false })).toMatchObject({ status: 'empty' });
    await t.settled(QUEUES.webhooks);
    expect(receiver.at(path)).toHaveLength(1);
    expect(await count(t.db, `webhook_deliveries WHERE workspace_id = $1`, [workspace.id])).toBe(1);
    const settings = await s.get(`/workspaces/${workspace.id}/notification_settings`).expect(200);
    expect(settings.body.notification_settings.last_flushed_at).toBe(digest.window_end);
  });

  it('flushes a closed window on the scheduler tick', async () => {
    const s = await createSession(t);
    const { workspace, monitors, path } = await digestWorkspace(s);
    const change = await insertChange(t.db, { monitor: monitors[0], severity: 'critical' });
    // Buffered two days ago: its window closed long since.
    await t.db.query(`INSERT INTO digest_buffer (workspace_id, change_id, buffered_at) VALUES ($1, $2, now() - interval '2 days')`, [
      workspace.id,
      change.id,
    ]);
    await t.app.get(SchedulerService).tickOnce();
    const [hook] = await receiver.waitFor(path, 1);
    expect(hook.body.event).toBe('digest.ready');
    expect(hook.body.data.digest.needs_review.items.map((i: { change_id: number }) => i.change_id)).toEqual([change.id]);
    expect(await count(t.db, `digest_buffer WHERE workspace_id = $1`, [workspace.id])).toBe(0);
  });

  it('creates one delivery when two flushes of a window race', async () => {
    const s = await createSession(t);
    const { workspace, monitors, path } = await digestWorkspace(s);
    for (let i = 0; i < 4; i++) await notify((await insertChange(t.db, { monitor: monitors[i % 2] })).id);
    const later = new Date(Date.now() + 3 * HOUR);
    const results = await Promise.all([
      flusher().flush(workspace.id, { now: later, manual: false }),
      flusher().flush(workspace.id, { now: later, manual: false }),
      flusher().flushDue(later),
    ]);
    const sent = results.flat().filter((r) => r.workspace_id === workspace.id && r.status === 'sent');
    expect(sent).toHaveLength(1);
    await receiver.waitFor(path, 1);
    await t.settled(QUEUES.webhooks);
    expect(receiver.at(path)).toHaveLength(1);
    expect(receiver.at(path)[0].body.data.digest.whos_moving.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(4);
  });

  it('keeps the buffer when its window was already sent under the same key', async () => {
    const s = await createSession(t);
    const { workspace, monitors } = await digestWorkspace(s);
    const change = await insertChange(t.db, { monitor: monitors[0] });
    await notify(change.id);
    const later = new Date(Date.now() + 3 * HOUR);
    const first = await flusher().flush(workspace.id, { now: later, manual: false });
    expect(first.status).toBe('sent');
    // As if the settings were recreated and the same change buffered again in the same window.
    await t.db.query(`UPDATE notification_settings SET last_flushed_at = NULL WHERE workspace_id = $1`, [workspace.id]);
    await notify(change.id);
    const again = await flusher().flush(workspace.id, { now: later, manual: false });
    expect(again).toEqual({
      status: 'already_flushed',
      workspace_id: workspace.id,
      idempotency_key: first.status === 'sent' ? first.idempotency_key : '',
    });
    expect(await count(t.db, `digest_buffer WHERE workspace_id = $1`, [workspace.id])).toBe(1);
    expect(await count(t.db, `webhook_deliveries WHERE workspace_id = $1`, [workspace.id])).toBe(1);
  });

  it('sends in digest.ready what GET digest shows for the same changes', async () => {
    const s = await createSession(t);
    const { workspace, monitors, path } = await digestWorkspace(s);
    await insertRun(t.db, { monitorId: monitors[1].id, status: 'failed', errorCode: 'timeout' });
    const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
    const changes = [
      await insertChange(t.db, { monitor: monitors[0], severity: 'critical', createdAt: hoursAgo(5), opportunityScore: 70 }),
      await insertChange(t.db, { monitor: monitors[0], severity: 'high', createdAt: hoursAgo(3), opportunityScore: 20 }),
      await insertChange(t.db, { monitor: monitors[1], severity: 'high', createdAt: hoursAgo(2), opportunityScore: 0 }),
      await insertChange(t.db, { monitor: monitors[1], severity: 'low', createdAt: hoursAgo(1), reviewStatus: 'dismissed', opportunityScore: 10 }),
    ];
    for (const c of changes) await notify(c.id);
    const api = (await s.get(`/workspaces/${workspace.id}/digest?period=1d`).expect(200)).body.digest;
    const flushed = await flusher().flush(workspace.id, { manual: true });
    expect(flushed.status).toBe('sent');
    const [hook] = await receiver.waitFor(path, 1);
    const sent = hook.body.data.digest;
    const sections = (d: Record<string, unknown>) => ({
      period: d.period,
      needs_review: d.needs_review,
      whos_moving: d.whos_moving,
      top_opportunities: d.top_opportunities,
      themes: d.themes,
      coverage: d.coverage,
      consumption: d.consumption,
    });
    expect(sections(sent)).toEqual(sections(api));
    // And the data is what was inserted (so the comparison is not of two empty digests).
    expect(api.needs_review.count).toBe(3);
    // The dismissed change (opportunity_score 10) is no opportunity.
    expect(api.top_opportunities.map((o: { change_id: number }) => o.change_id)).toEqual([changes[0].id, changes[1].id]);
    expect(api.coverage).toMatchObject({ monitors_total: 2, monitors_failing: 1, failing_monitor_ids: [monitors[1].id] });
    expect(api.consumption).toEqual({ pending: 3, reviewed_in_period: 1 });
    expect(hook.body.data).toMatchObject({ workspace_id: api.workspace_id, workspace_name: api.workspace_name });
  });

  it('differs from GET digest only as the spec says: buffered changes, and every unreviewed one', async () => {
    const s = await createSession(t);
    const { workspace, monitors, path } = await digestWorkspace(s);
    const notBuffered = await insertChange(t.db, { monitor: monitors[1], severity: 'critical' });
    const medium = await insertChange(t.db, { monitor: monitors[0], severity: 'medium' });
    const high = await insertChange(t.db, { monitor: monitors[0], severity: 'high' });
    await notify(medium.id);
    await notify(high.id);
    const api = (await s.get(`/workspaces/${workspace.id}/digest?period=1d`).expect(200)).body.digest;
    await flusher().flush(workspace.id, { manual: true });
    const [hook] = await receiver.waitFor(path, 1);
    const sent = hook.body.data.digest;
    const ids = (items: { change_id: number }[]) => items.map((i) => i.change_id);
    expect(ids(api.needs_review.items)).toEqual([notBuffered.id, high.id]);
    expect(ids(sent.needs_review.items)).toEqual([high.id, medium.id]);
    expect(api.whos_moving).toHaveLength(2);
    expect(sent.whos_moving.map((w: { competitor: string }) => w.competitor)).toEqual(['Acme']);
    expect(ids(sent.top_opportunities)).not.toContain(notBuffered.id);
    expect(ids(api.top_opportunities)).toContain(notBuffered.id);
  });

  it('uses weekly windows that close on Mondays', async () => {
    const s = await createSession(t);
    const { workspace, monitors, path } = await digestWorkspace(s, { period: '7d', hourUtc: 6 });
    await notify((await insertChange(t.db, { monitor: monitors[0] })).id);
    const nextWeek = new Date(Date.now() + 8 * 24 * HOUR);
    const [flushed] = (await flusher().flushDue(nextWeek)).filter((r) => r.workspace_id === workspace.id);
    expect(flushed.status).toBe('sent');
    const [hook] = await receiver.waitFor(path, 1);
    const digest = hook.body.data.digest;
    expect(digest.period).toBe('7d');
    expect(new Date(digest.window_end).getUTCDay()).toBe(1);
    expect(new Date(digest.window_end).getUTCHours()).toBe(6);
    expect(digest.whos_moving[0].sparkline).toHaveLength(7);
    expect(hook.body.idempotency_key).toBe(`digest:${workspace.id}:7d:${digest.window_start}`);
  });

  describe('npm run cli -- notifications:flush', () => {
    /** The real CLI as a child process on this file's database and Redis; in the embedded mode the command runs in process. */
    async function flushCli(workspaceId: number): Promise<{ code: number; stdout: string; stderr: string }> {
      if (testMode() !== 'server') {
        try {
          const out = await COMMANDS['notifications:flush'](t.app, { workspace: String(workspaceId) });
          return { code: 0, stdout: `${JSON.stringify(out)}\n`, stderr: '' };
        } catch (err) {
          return { code: 2, stdout: '', stderr: (err as Error).message };
        }
      }
      const root = join(__dirname, '..', '..');
      try {
        const { stdout, stderr } = await run(
          process.execPath,
          [CLI_JS, 'notifications:flush', '--workspace', String(workspaceId)],
          {
            cwd: root,
            env: {
              PATH: process.env.PATH,
              DATABASE_URL: t.config.databaseUrl!,
              REDIS_URL: t.config.redisUrl!,
              REDIS_PREFIX: t.config.redisPrefix,
              ALLOW_PRIVATE_NETWORK_TARGETS: 'true',
              LOG_LEVEL: 'error',
            },
            timeout: 90_000,
          },
        );
        return { code: 0, stdout, stderr };
      } catch (err) {
        const e = err as { code?: number; stdout?: string; stderr?: string };
        return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      }
    }

    it('flushes the buffer now, prints what was sent, and sends nothing on a repeat', async () => {
      const s = await createSession(t);
      const { workspace, monitors, path } = await digestWorkspace(s);
      const a = await insertChange(t.db, { monitor: monitors[0], severity: 'high' });
      const b = await insertChange(t.db, { monitor: monitors[1], severity: 'low' });
      await notify(a.id);
      await notify(b.id);
      const first = await flushCli(workspace.id);
      expect(first.code).toBe(0);
      expect(first.stderr).not.toMatch(/deprecat/i);
      const printed = JSON.parse(first.stdout);
      expect(printed).toEqual({
        workspace_id: workspace.id,
        outcome: 'sent',
        sent: true,
        event: 'digest.ready',
        idempotency_key: expect.stringMatching(new RegExp(`^digest:${workspace.id}:1d:`)),
        window_start: expect.stringMatching(ISO_DATE),
        window_end: expect.stringMatching(ISO_DATE),
        changes: 2,
        deliveries: [
          {
            id: expect.any(Number),
            channel: 'webhook',
            outcome: 'sent',
            sent: true,
            status: 'succeeded',
            attempt: expect.objectContaining({ attempt: 1, status_code: 200, id: expect.stringMatching(/^wh_/) }),
          },
        ],
      });
      expect(receiver.at(path)).toHaveLength(1);
      expect(receiver.at(path)[0].body.idempotency_key).toBe(printed.idempotency_key);
      expect(await count(t.db, `digest_buffer WHERE workspace_id = $1`, [workspace.id])).toBe(0);

      const second = await flushCli(workspace.id);
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout)).toEqual({ workspace_id: workspace.id, sent: false, reason: 'empty' });
      expect(receiver.at(path)).toHaveLength(1);
    }, 120_000);

    it('reports a delivery the receiver refused as queued for retry with the reason, never as sent', async () => {
      const s = await createSession(t);
      const { workspace, monitors, path } = await digestWorkspace(s);
      receiver.script(path, [503]);
      const a = await insertChange(t.db, { monitor: monitors[0], severity: 'high' });
      await notify(a.id);
      const res = await flushCli(workspace.id);
      expect(res.code).toBe(0);
      const printed = JSON.parse(res.stdout);
      expect(printed).toMatchObject({
        workspace_id: workspace.id,
        outcome: 'queued_for_retry',
        sent: false,
        reason: 'the receiver answered HTTP 503',
        deliveries: [
          expect.objectContaining({
            channel: 'webhook',
            outcome: 'queued_for_retry',
            status: 'pending',
            attempt: expect.objectContaining({ attempt: 1, status_code: 503 }),
          }),
        ],
      });
    }, 120_000);

    it('fails with a message for a workspace without settings', async () => {
      const s = await createSession(t);
      const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
      const res = await flushCli(workspace.id);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(`workspace ${workspace.id} does not exist or has no notification settings`);
    }, 120_000);
  });
});
