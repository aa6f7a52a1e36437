import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { SchedulerService } from '../../src/scheduler/scheduler.service';
import { DigestFlushService } from '../../src/webhooks/digest-flush.service';
import { verifyWebhookSignature } from '../../src/webhooks/channels/webhook/verify-signature';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec_pipeline_0123456789ab';

/**
 * Notifications from a real check: the worker role records a change from a fixture competitor
 * and its own webhooks consumer delivers it (no test-registered processor here), to chat channels too.
 */
describe('webhooks from the check pipeline', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let receiver: WebhookReceiver;
  let state: AcmeState;
  let workspaceId: number;
  let pricingMonitor: number;

  const publish = (edit: (st: AcmeState) => void) => {
    edit(state);
    site.setPages(acmePages(state));
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    site = await new SiteServer().start();
    state = acmeInitialState();
    site.setPages(acmePages(state));
    t = await createTestApp({ ROLE: 'all', CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'PM tools' }).expect(201)).body.workspace.id;
    await s
      .put(`/workspaces/${workspaceId}/notification_settings`, {
        webhook_url: receiver.url('realtime'),
        signing_secret: SECRET,
        realtime_min_severity: 'low',
      })
      .expect(200);
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/'), monitor_types: ['pricing'] }).expect(202);
    expect(await waitForDiscovery(s, added.body.competitor.id)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${added.body.competitor.id}`).expect(200);
    pricingMonitor = detail.body.competitor.monitors.find((m: { monitor_type: string }) => m.monitor_type === 'pricing').id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
    await receiver?.stop();
  });

  it('sends nothing for baselines', () => {
    expect(receiver.at('realtime')).toHaveLength(0);
  });

  it('delivers change.detected for a price rise found by a check', async () => {
    publish((st) => {
      st.plans[1].price = '$59';
    });
    const run = await checkNow(s, t.db, pricingMonitor);
    expect(run.status).toBe('changed');
    const feed = await s.get(`/changes?workspace_id=${workspaceId}`).expect(200);
    const change = feed.body.changes[0];
    const [hook] = await receiver.waitFor('realtime', 1);
    expect(
      verifyWebhookSignature({
        secret: SECRET,
        timestamp: String(hook.headers['x-service-timestamp']),
        signature: String(hook.headers['x-service-signature']),
        rawBody: hook.rawBody,
      }),
    ).toBe(true);
    expect(hook.body).toMatchObject({ event: 'change.detected', idempotency_key: `change:${change.id}` });
    expect(hook.body.data).toMatchObject({
      id: change.id,
      workspace_id: workspaceId,
      workspace_name: 'PM tools',
      competitor: 'Acme',
      monitor_id: pricingMonitor,
      monitor_type: 'pricing',
      severity: change.severity,
      summary: change.summary,
      source_url: site.url('/pricing'),
      raw_diff_available: true,
    });
    expect(hook.body.data.field_diffs.length).toBeGreaterThan(0);
    expect(JSON.stringify(hook.body.data.field_diffs)).toContain('59');
    expect(hook.body.data.evidence.diffs.every((d: Record<string, unknown>) => !('old' in d) && !('new' in d))).toBe(true);
  });

  it('buffers the next change in digest mode and sends it in digest.ready', async () => {
    await s
      .put(`/workspaces/${workspaceId}/notification_settings`, { webhook_url: receiver.url('digest'), mode: 'digest' })
      .expect(200);
    publish((st) => {
      st.plans[0].price = '$25';
    });
    const run = await checkNow(s, t.db, pricingMonitor);
    expect(run.status).toBe('changed');
    // The run is `changed` at commit; the change is routed just after.
    await waitFor(async () => {
      const [buffered] = await t.db.query(`SELECT count(*)::int AS n FROM digest_buffer WHERE workspace_id = $1`, [workspaceId]);
      return buffered.n === 1;
    }, 'the change to be buffered');
    const result = await t.app.get(DigestFlushService).flush(workspaceId, { manual: true });
    expect(result).toMatchObject({ status: 'sent', changes: 1 });
    const [hook] = await receiver.waitFor('digest', 1);
    expect(hook.body.event).toBe('digest.ready');
    expect(hook.body.data.digest.whos_moving).toEqual([expect.objectContaining({ competitor: 'Acme', count: 1 })]);
    expect(receiver.at('realtime')).toHaveLength(1);
  });

  it('announces a change whose worker died after recording it, once', async () => {
    const [{ n: pending }] = await t.db.query(`SELECT count(*)::int AS n FROM changes WHERE notify_pending`);
    expect(pending).toBe(0);
    await s.put(`/workspaces/${workspaceId}/notification_settings`, { webhook_url: receiver.url('outbox') }).expect(200);
    // As a dead worker leaves it: the change committed with its notification pending, never routed.
    const [orphan] = await t.db.query(
      `INSERT INTO changes (account_id, workspace_id, competitor_id, monitor_id, monitor_type, severity, severity_rank,
                            severity_score, summary, why_it_matters, category, direction, delta, field_diffs, evidence,
                            interpreted_by, interpreted_at, source_url, notify_pending, created_at)
       SELECT account_id, workspace_id, competitor_id, monitor_id, monitor_type, 'high', 3, 70, 'Acme removed the Team plan.',
              why_it_matters, category, direction, delta, field_diffs, evidence, interpreted_by, now(), source_url, true,
              now() - interval '2 minutes'
         FROM changes WHERE workspace_id = $1 ORDER BY id LIMIT 1
       RETURNING id`,
      [workspaceId],
    );
    const scheduler = t.app.get(SchedulerService);
    await scheduler.tickOnce();
    await scheduler.tickOnce();
    const [hook] = await receiver.waitFor('outbox', 1);
    expect(hook.body).toMatchObject({ event: 'change.detected', idempotency_key: `change:${orphan.id}` });
    const [row] = await t.db.query(`SELECT notify_pending FROM changes WHERE id = $1`, [orphan.id]);
    expect(row.notify_pending).toBe(false);
    const [{ n: deliveries }] = await t.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE idempotency_key = $1`, [
      `change:${orphan.id}`,
    ]);
    expect(deliveries).toBe(1);
  });

  it('delivers a change found on a hostile page to Slack, Teams and Discord with no mention or masked link left in', async () => {
    const paths = { slack: 'hostile-slack', teams: 'hostile-teams', discord: 'hostile-discord' };
    await s
      .put(`/workspaces/${workspaceId}/notification_settings`, {
        slack_webhook_url: receiver.url(paths.slack),
        teams_webhook_url: receiver.url(paths.teams),
        discord_webhook_url: receiver.url(paths.discord),
        realtime_min_severity: 'info',
      })
      .expect(200);
    // The page's HTML escapes them; its text reads `<!channel> …` and `[Reset password](…)`.
    publish((st) => {
      st.plans[1].features.push('&lt;!channel&gt; &lt;!here&gt; &lt;@U999&gt; @everyone', '[Reset password](http://127.0.0.1:9/phish)');
    });
    expect((await checkNow(s, t.db, pricingMonitor)).status).toBe('changed');
    const [change] = (await s.get(`/changes?workspace_id=${workspaceId}`).expect(200)).body.changes;
    expect(change.summary).toContain('<!channel>');
    expect(change.summary).toContain('[Reset password](http://127.0.0.1:9/phish)');
    const link = `${t.config.appBaseUrl}/app/changes/${change.id}`;

    const [slack] = await receiver.waitFor(paths.slack, 1);
    const [teams] = await receiver.waitFor(paths.teams, 1);
    const [discord] = await receiver.waitFor(paths.discord, 1);
    for (const { rawBody } of [slack, teams, discord]) {
      for (const raw of ['<!channel>', '<!here>', '<@U999>', '](http://127.0.0.1']) expect(rawBody).not.toContain(raw);
      expect(rawBody).toContain('Reset password');
    }
    expect(slack.body.text).toContain('&lt;!channel&gt;');
    expect(slack.body.blocks.at(-1).elements[0].url).toBe(link);
    expect(teams.body.attachments[0].content.actions[0].url).toBe(link);
    expect(discord.body.allowed_mentions).toEqual({ parse: [] });
    expect(discord.body.embeds[0].url).toBe(link);
  });
});
