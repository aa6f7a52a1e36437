import request from 'supertest';
import { AppConfig } from '../../src/config/config';
import { EmailChannel } from '../../src/webhooks/channels/email/email.channel';
import { EmailOutboxRepository } from '../../src/webhooks/channels/email/email-outbox.repository';
import { EmailOutboxService } from '../../src/webhooks/channels/email/email-outbox.service';
import { Mailer } from '../../src/webhooks/channels/email/mailer.service';
import { UnsubscribeTokens } from '../../src/webhooks/channels/email/unsubscribe-tokens.service';
import { QUEUES } from '../../src/queue/queue.constants';
import { DeliveryAttempts } from '../../src/webhooks/delivery-attempts.service';
import { DigestFlushService } from '../../src/webhooks/digest-flush.service';
import { WebhookProcessor } from '../../src/webhooks/jobs/webhook.processor';
import { NotificationsService } from '../../src/webhooks/notifications.service';
import { count, expectError, insertChange, insertCompetitor, insertMonitor, insertWorkspace, ISO_DATE } from '../support/factories';
import { SmtpSink } from '../support/smtp-sink';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

let seq = 0;
const uniq = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

function consumeDeliveries(app: TestApp): void {
  const processor = new WebhookProcessor(app.app.get(DeliveryAttempts));
  app.consume(QUEUES.webhooks, (job) => processor.process(job), 20);
}

describe('notification channels: email, Slack, Teams, Discord', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let smtp: SmtpSink;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    smtp = await new SmtpSink().start();
    t = await createTestApp({
      ROLE: 'api',
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'Rivalwatch <alerts@rivalwatch.test>',
      PUBLIC_BASE_URL: 'https://rivalwatch.test/v1',
    });
    consumeDeliveries(t);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
    await smtp?.stop();
  });

  const notify = (changeId: number) => t.app.get(NotificationsService).changeDetected(changeId);
  const settingsPath = (id: number) => `/workspaces/${id}/notification_settings`;

  async function seeded(s: Session) {
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId, name: 'Channels market' });
    const competitor = await insertCompetitor(t.db, { workspace, name: 'Acme' });
    const monitor = await insertMonitor(t.db, { competitor, monitorType: 'pricing' });
    return { workspace, competitor, monitor };
  }

  /** A workspace sending to every channel; each chat channel and recipient has its own path or address. */
  async function everyChannel(s: Session, extra: Record<string, unknown> = {}) {
    const seed = await seeded(s);
    const paths = { webhook: uniq('webhook'), slack: uniq('slack'), teams: uniq('teams'), discord: uniq('discord') };
    const recipients = [`${uniq('pm')}@example.com`, `${uniq('founder')}@example.com`];
    const res = await s
      .put(settingsPath(seed.workspace.id), {
        webhook_url: receiver.url(paths.webhook),
        email_recipients: recipients,
        slack_webhook_url: receiver.url(paths.slack),
        teams_webhook_url: receiver.url(paths.teams),
        discord_webhook_url: receiver.url(paths.discord),
        ...extra,
      })
      .expect(200);
    return { ...seed, paths, recipients, settings: res.body.notification_settings };
  }

  const deliveries = async (s: Session, workspaceId: number) =>
    (await s.get(`/workspaces/${workspaceId}/webhook_deliveries?limit=100`).expect(200)).body.webhook_deliveries;

  // First: the counters are the process's, and later tests leave retries that fall due at any time.
  it('counts deliveries by channel and outcome in /metrics', async () => {
    const metric = async (channel: string, outcome: string) => {
      const res = await request(t.app.getHttpServer()).get('/metrics').expect(200);
      const m = new RegExp(`rivalwatch_deliveries_total\\{channel="${channel}",outcome="${outcome}"\\} (\\d+)`).exec(res.text);
      return m ? Number(m[1]) : 0;
    };
    const s = await createSession(t);
    const { workspace, paths } = await everyChannel(s, { webhook_url: null, discord_webhook_url: null });
    receiver.script(paths.teams, [404]);
    const before = { email: await metric('email', 'succeeded'), slack: await metric('slack', 'succeeded'), teams: await metric('teams', 'gone') };
    for (const channel of ['email', 'slack', 'teams']) await s.post(`${settingsPath(workspace.id)}/test`, { channel }).expect(202);
    await waitFor(async () => {
      const rows = await deliveries(s, workspace.id);
      return rows.length === 3 && rows.every((d: { status: string }) => d.status !== 'pending' && d.status !== 'delivering');
    }, 'the three tests to finish');
    expect(await metric('email', 'succeeded')).toBe(before.email + 1);
    expect(await metric('slack', 'succeeded')).toBe(before.slack + 1);
    expect(await metric('teams', 'gone')).toBe(before.teams + 1);
  });

  describe('settings', () => {
    it('stores every channel, shows them with their state, and keeps the secret write-only', async () => {
      const s = await createSession(t);
      const { workspace, paths, recipients, settings } = await everyChannel(s, { signing_secret: 'whsec_channels_0123456789' });
      const working = { configured: true, broken: false, broken_since: null, broken_reason: null };
      expect(settings).toMatchObject({
        webhook_url: receiver.url(paths.webhook),
        signing_secret_set: true,
        email_recipients: recipients,
        slack_webhook_url: receiver.url(paths.slack),
        teams_webhook_url: receiver.url(paths.teams),
        discord_webhook_url: receiver.url(paths.discord),
        channels: { webhook: working, email: working, slack: working, teams: working, discord: working },
      });
      const read = await s.get(settingsPath(workspace.id)).expect(200);
      expect(read.body.notification_settings).toEqual(settings);
      expect(JSON.stringify(read.body)).not.toContain('whsec_channels');
    });

    it('takes email or a chat channel alone, and null clears a channel', async () => {
      const s = await createSession(t);
      const { workspace } = await seeded(s);
      const mailOnly = await s.put(settingsPath(workspace.id), { email_recipients: ['PM@Example.com', 'pm@example.com', 'cto@example.com'] }).expect(200);
      // Repeats are dropped, compared without case; the first spelling stays.
      expect(mailOnly.body.notification_settings).toMatchObject({ webhook_url: null, email_recipients: ['PM@Example.com', 'cto@example.com'] });
      expect(mailOnly.body.notification_settings.channels.webhook.configured).toBe(false);
      const slackOnly = await s.put(settingsPath(workspace.id), { slack_webhook_url: receiver.url('s'), email_recipients: null }).expect(200);
      expect(slackOnly.body.notification_settings).toMatchObject({ email_recipients: [], slack_webhook_url: receiver.url('s') });
    });

    it.each([
      ['no destination at all', {}, 'webhook_url'],
      ['only cleared destinations', { webhook_url: null, email_recipients: [], slack_webhook_url: null }, 'webhook_url'],
      ['21 recipients', { email_recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) }, 'email_recipients'],
      ['an address that is no email', { email_recipients: ['pm@example.com', 'not-an-address'] }, 'email_recipients'],
      ['recipients that are no list', { email_recipients: 'pm@example.com' }, 'email_recipients'],
      ['a Slack URL that is no URL', { slack_webhook_url: 'hooks.slack.com/x' }, 'slack_webhook_url'],
      ['an ftp Teams URL', { teams_webhook_url: 'ftp://teams.example.com/x' }, 'teams_webhook_url'],
      ['a Discord URL with credentials', { discord_webhook_url: 'https://user:pw@discord.example.com/x' }, 'discord_webhook_url'],
      ['an empty Slack URL', { slack_webhook_url: '' }, 'slack_webhook_url'],
    ])('refuses %s with 422 validation_failed', async (_label, body, field) => {
      const s = await createSession(t);
      const { workspace } = await seeded(s);
      const res = await s.put(settingsPath(workspace.id), body);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([{ field, message: expect.any(String) }]));
      expect(await count(t.db, `notification_settings WHERE workspace_id = $1`, [workspace.id])).toBe(0);
    });
  });

  describe('realtime', () => {
    it('sends one change to every channel, each in its own shape, once', async () => {
      const s = await createSession(t);
      const { workspace, paths, recipients, monitor } = await everyChannel(s);
      const change = await insertChange(t.db, { monitor, severity: 'high', summary: 'Acme raised Pro from $49 to $59 a month' });
      const route = await notify(change.id);
      expect(route).toEqual({
        route: 'realtime',
        deliveries: ['webhook', 'email', 'slack', 'teams', 'discord'].map((channel) => ({ channel, deliveryId: expect.any(Number), created: true })),
      });
      const link = `https://rivalwatch.test/app/changes/${change.id}`;

      const [hook] = await receiver.waitFor(paths.webhook, 1);
      expect(hook.body).toMatchObject({ event: 'change.detected', idempotency_key: `change:${change.id}` });

      const [slack] = await receiver.waitFor(paths.slack, 1);
      expect(slack.headers['content-type']).toBe('application/json');
      expect(slack.body.text).toBe('[High] Acme raised Pro from $49 to $59 a month');
      expect(slack.body.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'section', 'context', 'actions']);
      expect(slack.body.blocks[0].text).toEqual({ type: 'plain_text', text: 'High · Acme', emoji: true });
      expect(slack.body.blocks[1].text.text).toContain('*Why it matters:* Why change');
      expect(slack.body.blocks[3].elements[0]).toMatchObject({ type: 'button', url: link });

      const [teams] = await receiver.waitFor(paths.teams, 1);
      expect(teams.body.type).toBe('message');
      expect(teams.body.attachments).toHaveLength(1);
      const card = teams.body.attachments[0];
      expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json' });
      expect(card.content.body[0]).toMatchObject({ type: 'TextBlock', text: 'High · Acme', color: 'Attention' });
      expect(card.content.body[1].text).toBe('Acme raised Pro from $49 to $59 a month');
      expect(card.content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open in Rivalwatch', url: link }]);

      const [discord] = await receiver.waitFor(paths.discord, 1);
      expect(discord.body.embeds).toHaveLength(1);
      const embed = discord.body.embeds[0];
      expect(embed).toMatchObject({ title: 'Acme raised Pro from $49 to $59 a month', url: link, color: 0xea580c });
      expect(embed.fields.slice(0, 2)).toEqual([
        { name: 'Severity', value: 'High', inline: true },
        { name: 'Competitor', value: 'Acme', inline: true },
      ]);
      expect(embed.description).toMatch(/^\*\*Why it matters:\*\* Why change/);

      for (const address of recipients) {
        const [mail] = await smtp.waitFor(address, 1);
        expect(mail.to).toEqual([address]);
        expect(mail.from).toBe('alerts@rivalwatch.test');
        expect(mail.headers.subject).toBe('[High] Acme raised Pro from $49 to $59 a month');
        expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
        expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/rivalwatch\.test\/app\/unsubscribe\/[\w-]+\.[\w-]+>$/);
        expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        const text = mail.parts['text/plain'];
        const html = mail.parts['text/html'];
        expect(text).toContain('High · Acme (pricing page)');
        expect(text).toContain(`Open in Rivalwatch: ${link}`);
        expect(text).toContain(`Unsubscribe: ${mail.headers['list-unsubscribe'].slice(1, -1)}`);
        expect(html).toContain('<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">Acme raised Pro from $49 to $59 a month</h1>');
        expect(html).toContain(`href="${link}"`);
        expect(html).toContain(`href="${mail.headers['list-unsubscribe'].slice(1, -1)}"`);
      }
      // Every recipient has a link of their own.
      const links = recipients.map((r) => smtp.to(r)[0].headers['list-unsubscribe']);
      expect(new Set(links).size).toBe(2);

      const log = await waitFor(async () => {
        const rows = await deliveries(s, workspace.id);
        return rows.length === 5 && rows.every((d: { status: string }) => d.status === 'succeeded') && rows;
      }, 'every channel to succeed');
      expect(log.map((d: { channel: string }) => d.channel).sort()).toEqual(['discord', 'email', 'slack', 'teams', 'webhook']);
      const email = log.find((d: { channel: string }) => d.channel === 'email');
      expect(email).toMatchObject({ url: `mailto:${recipients.join(',')}`, idempotency_key: `change:${change.id}` });
      expect(email.attempts).toEqual([
        expect.objectContaining({ attempt: 1, status_code: 250, error: null, delivered_to: recipients, rejected: [] }),
      ]);
      const slackOnly = await s.get(`/workspaces/${workspace.id}/webhook_deliveries?channel=slack`).expect(200);
      expect(slackOnly.body.webhook_deliveries.map((d: { channel: string }) => d.channel)).toEqual(['slack']);

      // Reported again: the same deliveries, nothing sent twice.
      const again = await notify(change.id);
      expect(again.route === 'realtime' && again.deliveries.every((d) => !d.created)).toBe(true);
      await t.settled(QUEUES.webhooks);
      for (const path of Object.values(paths)) expect(receiver.at(path)).toHaveLength(1);
      for (const address of recipients) expect(smtp.to(address)).toHaveLength(1);
    });

    it('keeps long texts within each platform’s limits, cut at word boundaries', async () => {
      const s = await createSession(t);
      const { paths, monitor } = await everyChannel(s, { email_recipients: null, webhook_url: null });
      const summary = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
      const change = await insertChange(t.db, { monitor, severity: 'critical', summary });
      await notify(change.id);
      const [slack] = await receiver.waitFor(paths.slack, 1);
      expect(Array.from(slack.body.text as string).length).toBeLessThanOrEqual(3000);
      expect(slack.body.blocks[1].text.text.length).toBeLessThanOrEqual(3000);
      expect(slack.body.blocks[1].text.text).toMatch(/word\d+…\*/);
      const [discord] = await receiver.waitFor(paths.discord, 1);
      expect(Array.from(discord.body.embeds[0].title as string).length).toBeLessThanOrEqual(256);
      expect(discord.body.embeds[0].title).toMatch(/^word0 word1 .* word\d+…$/);
      const [teams] = await receiver.waitFor(paths.teams, 1);
      expect(Buffer.byteLength(teams.rawBody)).toBeLessThan(28_000);
      expect(teams.body.attachments[0].content.body[1].text).toMatch(/word\d+…$/);
    });

    it('sends below the severity floor to no channel', async () => {
      const s = await createSession(t);
      const { paths, monitor } = await everyChannel(s, { realtime_min_severity: 'high' });
      const change = await insertChange(t.db, { monitor, severity: 'medium' });
      expect(await notify(change.id)).toEqual({ route: 'skipped', reason: 'below_min_severity' });
      await t.settled(QUEUES.webhooks);
      expect(receiver.at(paths.slack)).toHaveLength(0);
    });
  });

  describe('digest', () => {
    it('sends one digest message per channel with the top items, and links to the digest', async () => {
      const s = await createSession(t);
      const { workspace, paths, recipients, monitor, competitor } = await everyChannel(s, { mode: 'digest' });
      const globex = await insertMonitor(t.db, { competitor: await insertCompetitor(t.db, { workspace, name: 'Globex' }), monitorType: 'blog' });
      const changes = [
        await insertChange(t.db, { monitor, severity: 'critical', summary: 'Acme launched an Enterprise plan' }),
        await insertChange(t.db, { monitor, severity: 'low', summary: 'Acme fixed a typo' }),
        await insertChange(t.db, { monitor: globex, severity: 'high', summary: 'Globex wrote about SSO' }),
      ];
      for (const c of changes) expect(await notify(c.id)).toEqual({ route: 'buffered' });
      expect(competitor.name).toBe('Acme');
      const flushed = await t.app.get(DigestFlushService).flush(workspace.id, { manual: true });
      if (flushed.status !== 'sent') throw new Error(`expected a flush, got ${JSON.stringify(flushed)}`);
      expect(flushed.deliveries.map((d) => d.channel)).toEqual(['webhook', 'email', 'slack', 'teams', 'discord']);
      const digestLink = `https://rivalwatch.test/app/workspaces/${workspace.id}/digest?period=1d`;

      const [hook] = await receiver.waitFor(paths.webhook, 1);
      expect(hook.body.event).toBe('digest.ready');

      const [slack] = await receiver.waitFor(paths.slack, 1);
      expect(slack.body.text).toBe('Daily digest for Channels market: 3 changes to review');
      const sections = slack.body.blocks.filter((b: { type: string }) => b.type === 'section').map((b: { text: { text: string } }) => b.text.text);
      expect(sections[0]).toContain('*3* to review, highest *Critical*');
      expect(sections.slice(1).map((t: string) => t.split('\n')[1])).toEqual([
        'Acme launched an Enterprise plan',
        'Globex wrote about SSO',
        'Acme fixed a typo',
      ]);
      expect(slack.body.blocks.at(-1).elements[0].url).toBe(digestLink);

      const [teams] = await receiver.waitFor(paths.teams, 1);
      const body = teams.body.attachments[0].content.body;
      expect(body[0].text).toBe('Daily digest for Channels market: 3 changes to review');
      expect(body.filter((b: { type: string }) => b.type === 'Container')).toHaveLength(3);
      expect(teams.body.attachments[0].content.actions[0].url).toBe(digestLink);

      const [discord] = await receiver.waitFor(paths.discord, 1);
      const embed = discord.body.embeds[0];
      expect(embed.url).toBe(digestLink);
      expect(embed.fields.map((f: { name: string }) => f.name)).toEqual(['Critical · Acme', 'High · Globex', 'Low · Acme']);
      expect(embed.fields[0].value).toContain(`[Open in Rivalwatch](https://rivalwatch.test/app/changes/${changes[0].id})`);

      const [mail] = await smtp.waitFor(recipients[0], 1);
      expect(mail.headers.subject).toBe('Daily digest for Channels market: 3 changes to review');
      expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/rivalwatch\.test\/app\/unsubscribe\//);
      const text = mail.parts['text/plain'];
      for (const heading of ['NEEDS REVIEW (3)', 'WHO’S MOVING', 'COVERAGE', `Open the digest: ${digestLink}`]) expect(text).toContain(heading);
      expect(text).toContain('- Acme: 2 (highest Critical)');
      expect(text).toContain(`- [Critical] Acme launched an Enterprise plan\n  https://rivalwatch.test/app/changes/${changes[0].id}`);
      const html = mail.parts['text/html'];
      for (const heading of ['Needs review (3)', 'Who’s moving', 'Coverage']) expect(html).toContain(`>${heading}</h2>`);
      expect(html).toContain(`href="${digestLink}"`);

      await waitFor(async () => {
        const rows = await deliveries(s, workspace.id);
        return rows.length === 5 && rows.every((d: { status: string; event: string }) => d.status === 'succeeded' && d.event === 'digest.ready');
      }, 'every digest delivery to succeed');
      // The same window again: nothing more.
      expect(await t.app.get(DigestFlushService).flush(workspace.id, { manual: true })).toMatchObject({ status: 'empty' });
    });
  });

  describe('chat delivery', () => {
    it('waits for Retry-After on a 429 from Slack and Discord', async () => {
      const s = await createSession(t);
      const { paths, monitor } = await everyChannel(s, { webhook_url: null, email_recipients: null, teams_webhook_url: null });
      receiver.script(paths.slack, [{ status: 429, headers: { 'retry-after': '3' } }]);
      receiver.script(paths.discord, [{ status: 429, headers: { 'retry-after': '3' } }]);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(change.id);
      for (const path of [paths.slack, paths.discord]) {
        const [first, second] = await receiver.waitFor(path, 2, 15_000);
        // The back-off alone would retry after 1 s.
        expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(2900);
        expect(second.rawBody).toBe(first.rawBody);
      }
    });

    it('retries a 500 with the back-off until the platform accepts', async () => {
      const s = await createSession(t);
      const { workspace, paths, monitor } = await everyChannel(s, { webhook_url: null, email_recipients: null, slack_webhook_url: null, teams_webhook_url: null });
      receiver.script(paths.discord, [500]);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(change.id);
      await receiver.waitFor(paths.discord, 2, 10_000);
      const [row] = await waitFor(async () => {
        const rows = await deliveries(s, workspace.id);
        return rows[0]?.status === 'succeeded' && rows;
      }, 'the retry to succeed');
      expect(row.attempts.map((a: { status_code: number; id: null }) => [a.status_code, a.id])).toEqual([
        [500, null],
        [200, null],
      ]);
    });

    it('marks a channel broken at 404, stops retrying, logs it as not sent, and a new URL clears it', async () => {
      const s = await createSession(t);
      const { workspace, paths, monitor } = await everyChannel(s, { webhook_url: null, email_recipients: null, discord_webhook_url: null });
      receiver.script(paths.teams, [404]);
      receiver.script(paths.slack, [410]);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(change.id);
      await receiver.waitFor(paths.teams, 1);
      await receiver.waitFor(paths.slack, 1);
      const settings = await waitFor(async () => {
        const r = await s.get(settingsPath(workspace.id)).expect(200);
        const ch = r.body.notification_settings.channels;
        return ch.teams.broken && ch.slack.broken && r.body.notification_settings;
      }, 'both channels to be marked broken');
      expect(settings.channels.teams).toEqual({
        configured: true,
        broken: true,
        broken_since: expect.stringMatching(ISO_DATE),
        broken_reason: expect.stringContaining('answered 404'),
      });
      expect(settings.channels.slack.broken_reason).toContain('answered 410');
      await t.settled(QUEUES.webhooks); // a retry would be a delayed job
      expect(receiver.at(paths.teams)).toHaveLength(1);
      const rows = await deliveries(s, workspace.id);
      for (const row of rows) expect(row).toMatchObject({ status: 'gone', attempt_count: 1, next_attempt_at: null });

      // A broken channel is not sent to, and the log says so instead of leaving no row.
      const next = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(next.id);
      const skipped = await waitFor(async () => {
        const all = await deliveries(s, workspace.id);
        const mine = all.filter((d: { idempotency_key: string; status: string }) => d.idempotency_key === `change:${next.id}` && d.status === 'failed');
        return mine.length === 2 && mine;
      }, 'the broken channels to be logged as not sent');
      for (const row of skipped) {
        expect(row.attempts).toEqual([expect.objectContaining({ status_code: null, error: expect.stringMatching(/^not sent: the (Slack|Microsoft Teams) channel is broken \(the receiver answered (404|410)\); save a new URL/) })]);
      }
      expect(receiver.at(paths.teams)).toHaveLength(1);

      // Saving the same Slack URL keeps it broken; a new Teams URL is tried again.
      const moved = uniq('teams-moved');
      const saved = await s
        .put(settingsPath(workspace.id), { slack_webhook_url: receiver.url(paths.slack), teams_webhook_url: receiver.url(moved) })
        .expect(200);
      expect(saved.body.notification_settings.channels.teams.broken).toBe(false);
      expect(saved.body.notification_settings.channels.slack.broken).toBe(true);
      const third = await insertChange(t.db, { monitor, severity: 'high' });
      const route = await notify(third.id);
      // Slack still broken: its delivery is logged as not sent; Teams goes to the new URL.
      expect(route.route === 'realtime' && route.deliveries.map((d) => d.channel)).toEqual(['slack', 'teams']);
      await receiver.waitFor(moved, 1);
    });
  });

  describe('email delivery', () => {
    it('delivers to the accepted recipients and records a refused one without retrying it', async () => {
      const s = await createSession(t);
      const { workspace, monitor } = await seeded(s);
      const ok = `${uniq('ok')}@example.com`;
      const refused = `${uniq('reject')}@example.com`;
      await s.put(settingsPath(workspace.id), { email_recipients: [ok, refused] }).expect(200);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(change.id);
      await smtp.waitFor(ok, 1);
      const [row] = await waitFor(async () => {
        const rows = await deliveries(s, workspace.id);
        return rows[0]?.status === 'succeeded' && rows;
      }, 'the delivery to finish');
      expect(row.attempts).toEqual([
        expect.objectContaining({
          attempt: 1,
          status_code: 550,
          error: expect.stringMatching(new RegExp(`^rejected recipient: ${refused}: 550`)),
          delivered_to: [ok],
          rejected: [refused],
        }),
      ]);
      expect(smtp.to(refused)).toHaveLength(0);
    });

    it('fails without retrying when every recipient is refused, and retries one deferred with a 4xx', async () => {
      const s = await createSession(t);
      const { workspace, monitor } = await seeded(s);
      const refused = `${uniq('reject')}@example.com`;
      await s.put(settingsPath(workspace.id), { email_recipients: [refused] }).expect(200);
      const change = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(change.id);
      const [row] = await waitFor(async () => {
        const rows = await deliveries(s, workspace.id);
        return rows[0]?.status === 'failed' && rows;
      }, 'the delivery to fail');
      expect(row.attempt_count).toBe(1);

      const deferred = `${uniq('defer')}@example.com`;
      await s.put(settingsPath(workspace.id), { email_recipients: [deferred] }).expect(200);
      const later = await insertChange(t.db, { monitor, severity: 'high' });
      await notify(later.id);
      const retried = await waitFor(async () => {
        const rows = await deliveries(s, workspace.id);
        const d = rows.find((r: { idempotency_key: string }) => r.idempotency_key === `change:${later.id}`);
        return d?.attempt_count >= 2 && d;
      }, 'a second attempt', 10_000);
      expect(retried.attempts[0]).toMatchObject({ status_code: 451, error: expect.stringMatching(/^temporarily refused: /) });
    });

    it('classifies SMTP authentication and connection failures', async () => {
      const outbox = t.app.get(EmailOutboxRepository);
      const tokens = t.app.get(UnsubscribeTokens);
      const channelWith = (smtpUrl: string) => {
        const config: AppConfig = { ...t.config, smtpUrl };
        return new EmailChannel(new Mailer(config, outbox), tokens, config);
      };
      const attempt = {
        workspaceId: 1,
        deliveryId: 1,
        attempt: 1,
        event: 'test.ping' as const,
        idempotencyKey: 'wh_test_1',
        data: { message: 'hello' },
        content: { kind: 'test' as const, message: 'hello', link: 'https://rw.example/app' },
        now: new Date(),
        destination: ['pm@example.com'],
        signingSecret: null,
        earlier: { deliveredTo: [], rejected: [] },
      };
      const wrongPassword = channelWith(smtp.url(undefined, 'wrong-password'));
      const auth = await wrongPassword.send(attempt);
      expect(auth).toMatchObject({ statusCode: 535, retryable: true, deliveredTo: [], rejected: [], error: expect.stringMatching(/^authentication: pm@example.com: /) });
      expect(wrongPassword.classify(auth)).toBe('retry');
      const nowhere = channelWith('smtp://127.0.0.1:1');
      // The first refused connection ends the attempt: the second recipient waits for the next one.
      const connection = await nowhere.send({ ...attempt, destination: ['pm@example.com', 'cto@example.com'] });
      expect(connection).toMatchObject({ statusCode: null, retryable: true, deliveredTo: [], error: expect.stringMatching(/^connection: pm@example.com: .*ECONNREFUSED/) });
      expect(connection.error).not.toContain('cto@example.com');
      expect(nowhere.classify(connection)).toBe('retry');
    });
  });

  describe('test messages', () => {
    it('sends a test on the channel asked for, and refuses an unconfigured or unknown one', async () => {
      const s = await createSession(t);
      const { workspace, paths, recipients } = await everyChannel(s, { teams_webhook_url: null });
      const slack = await s.post(`${settingsPath(workspace.id)}/test`, { channel: 'slack' }).expect(202);
      expect(slack.body).toEqual({ delivery_id: expect.any(Number), event_id: expect.stringMatching(/^wh_test_/) });
      const [msg] = await receiver.waitFor(paths.slack, 1);
      expect(msg.body.text).toContain('Test delivery from Rivalwatch for workspace "Channels market"');
      const email = await s.post(`${settingsPath(workspace.id)}/test`, { channel: 'email' }).expect(202);
      const [mail] = await smtp.waitFor(recipients[0], 1);
      expect(mail.headers.subject).toBe('Rivalwatch test email');
      await s.post(`${settingsPath(workspace.id)}/test`).expect(202);
      await receiver.waitFor(paths.webhook, 1);
      expectError(await s.post(`${settingsPath(workspace.id)}/test`, { channel: 'teams' }), 422, 'validation_failed');
      expectError(await s.post(`${settingsPath(workspace.id)}/test`, { channel: 'pager' }), 422, 'validation_failed');
      const log = await deliveries(s, workspace.id);
      expect(log.find((d: { id: number }) => d.id === email.body.delivery_id)).toMatchObject({ channel: 'email', event: 'test.ping', max_attempts: 1 });
    });
  });

  describe('unsubscribe', () => {
    it('works from the email’s link without signing in, and removes only that recipient', async () => {
      const s = await createSession(t);
      const { workspace, recipients, paths } = await everyChannel(s);
      await s.post(`${settingsPath(workspace.id)}/test`, { channel: 'email' }).expect(202);
      const [mail] = await smtp.waitFor(recipients[0], 1);
      const url = new URL(mail.headers['list-unsubscribe'].slice(1, -1));
      expect(mail.parts['text/plain']).toContain(url.href);
      const server = t.app.getHttpServer();

      const page = await request(server).get(url.pathname).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain(recipients[0]);
      expect(page.text).toContain('Channels market');
      expect(page.text).toMatch(/<button type="submit">Unsubscribe<\/button>/);
      // Following the link unsubscribes nobody (link scanners follow links).
      expect((await s.get(settingsPath(workspace.id)).expect(200)).body.notification_settings.email_recipients).toEqual(recipients);

      // A mail client's one-click POST (RFC 8058): no session, no form token.
      const done = await request(server).post(url.pathname).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(done.text).toContain('You are unsubscribed');
      const after = await s.get(settingsPath(workspace.id)).expect(200);
      expect(after.body.notification_settings.email_recipients).toEqual([recipients[1]]);
      expect(after.body.notification_settings.slack_webhook_url).toBe(receiver.url(paths.slack));
      const again = await request(server).get(url.pathname).expect(200);
      expect(again.text).toContain('Already unsubscribed');

      // A token changed by one character, or pointed at another address, is refused.
      const [body, mac] = url.pathname.split('/').pop()!.split('.');
      const forgedBody = Buffer.from(JSON.stringify({ w: workspace.id, e: recipients[1] })).toString('base64url');
      await request(server).get(`/app/unsubscribe/${forgedBody}.${mac}`).expect(404);
      await request(server).post(`/app/unsubscribe/${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`).type('form').send('').expect(404);
      expect((await s.get(settingsPath(workspace.id)).expect(200)).body.notification_settings.email_recipients).toEqual([recipients[1]]);
    });
  });

  describe('without SMTP_URL', () => {
    let outboxApp: TestApp;
    beforeAll(async () => {
      outboxApp = await createTestApp({ ROLE: 'api', PUBLIC_BASE_URL: 'https://rivalwatch.test/v1' });
      consumeDeliveries(outboxApp);
    });
    afterAll(() => outboxApp?.close());

    it('keeps mail in the outbox, which the workspace’s account can list', async () => {
      const s = await createSession(outboxApp);
      const workspace = await insertWorkspace(outboxApp.db, { accountId: s.accountId, name: 'Outbox market' });
      await s.put(settingsPath(workspace.id), { email_recipients: ['pm@example.com'] }).expect(200);
      const sent = await s.post(`${settingsPath(workspace.id)}/test`, { channel: 'email' }).expect(202);
      const outbox = outboxApp.app.get(EmailOutboxService);
      expect(outbox.active).toBe(true);
      const [message] = await waitFor(async () => {
        const list = await outbox.list({ accountId: s.accountId } as never, workspace.id);
        return list.length > 0 && list;
      }, 'the outbox message');
      expect(message).toEqual({
        id: expect.any(Number),
        delivery_id: sent.body.delivery_id,
        recipient: 'pm@example.com',
        subject: 'Rivalwatch test email',
        html: expect.stringContaining('Test delivery from Rivalwatch for workspace'),
        text: expect.stringContaining('Unsubscribe: https://rivalwatch.test/app/unsubscribe/'),
        headers: expect.objectContaining({ 'List-Unsubscribe': expect.stringMatching(/^<https:\/\/rivalwatch\.test\/app\/unsubscribe\//) }),
        created_at: expect.stringMatching(ISO_DATE),
      });
      const [row] = await waitFor(async () => {
        const rows = (await s.get(`/workspaces/${workspace.id}/webhook_deliveries`).expect(200)).body.webhook_deliveries;
        return rows[0]?.status === 'succeeded' && rows;
      }, 'the delivery to be recorded');
      expect(row.attempts[0]).toMatchObject({ status_code: null, error: null, delivered_to: ['pm@example.com'], kept_in_outbox: true });
      const other = await createSession(outboxApp);
      await expect(outbox.list({ accountId: other.accountId } as never, workspace.id)).rejects.toMatchObject({ code: 'not_found' });
    });
  });
});
