import { AppLinks } from '../messages/app-links';
import { contentOf, type NotificationContent, type NotificationEvent } from '../messages/notification-content';
import { discordMessage } from './discord/discord.formatter';
import { slackMessage } from './slack/slack.formatter';
import { teamsMessage } from './teams/teams.formatter';

const CHAT_FORMATTERS: [string, (c: NotificationContent) => object][] = [
  ['slack', slackMessage],
  ['teams', teamsMessage],
  ['discord', discordMessage],
];

/** Text a competitor's page (or a workspace owner) could put in front of a chat channel. */
const HOSTILE = '<!channel> <!here> <@U999> @everyone @here <@123> [Reset password](http://127.0.0.1:9/phish) & <script>';
const MENTIONS = ['<!channel>', '<!here>', '<@U999>', '<@123>', '<script>'];
const BASE = 'https://rw.example';
const links = new AppLinks(BASE);

function hostileItem(i: number) {
  return {
    change_id: 100 + i,
    competitor_id: 1,
    competitor: `Acme ${HOSTILE}`,
    homepage_url: 'https://c.example',
    logo_url: null,
    monitor_type: 'pricing',
    source_url: 'https://c.example/pricing',
    summary: `Acme added ${HOSTILE} to the Pro plan`,
    severity: 'high' as const,
    why_it_matters: `Customers see ${HOSTILE}`,
    category: 'pricing',
    direction: 'advanced',
    delta: { added: 1, removed: 0, modified: 0 },
    review_status: 'unreviewed',
    created_at: '2026-11-24T10:00:00.000Z',
  };
}

const PAYLOADS: Record<NotificationEvent, unknown> = {
  'change.detected': {
    id: 42,
    workspace_name: `Market ${HOSTILE}`,
    competitor: `Acme ${HOSTILE}`,
    monitor_type: 'pricing',
    severity: 'critical',
    summary: `Acme added ${HOSTILE} to the Pro plan`,
    why_it_matters: `Customers see ${HOSTILE}`,
    source_url: 'https://c.example/pricing?ref=](http://127.0.0.1:9/phish)|x>',
    created_at: '2026-11-24T10:00:00.000Z',
  },
  'digest.ready': {
    workspace_id: 7,
    workspace_name: `Market ${HOSTILE}`,
    digest: {
      period: '1d',
      window_start: '2026-11-23T09:00:00.000Z',
      window_end: '2026-11-24T09:00:00.000Z',
      generated_at: '2026-11-24T09:00:01.000Z',
      needs_review: { count: 2, max_severity: 'high', items: [hostileItem(0), hostileItem(1)] },
      whos_moving: [{ competitor_id: 1, competitor: `Acme ${HOSTILE}`, logo_url: null, count: 2, max_severity: 'high', sparkline: [2] }],
      top_opportunities: [{ ...hostileItem(2), opportunity_score: 80 }],
      coverage: { monitors_total: 2, monitors_healthy: 2, monitors_failing: 0, failing_monitor_ids: [] },
      consumption: { pending: 2, reviewed_in_period: 0 },
    },
  },
  'test.ping': { message: `Test delivery from Rivalwatch for workspace "Market ${HOSTILE}"` },
};

const contents = (Object.keys(PAYLOADS) as NotificationEvent[]).map((event): [NotificationEvent, NotificationContent] => [
  event,
  contentOf(event, PAYLOADS[event], 7, links),
]);

/** Every `](http` in a body: only the service's own `[label](url)` links may remain. */
const maskedLinkTargets = (json: string) => [...json.matchAll(/\]\((https?:[^)\s"]*)/g)].map((m) => m[1]);

describe('chat messages built from hostile page text', () => {
  describe.each(CHAT_FORMATTERS)('%s', (_channel, format) => {
    it.each(contents)('lets no mention, markup or masked link through in a %s message', (_event, content) => {
      const json = JSON.stringify(format(content));
      for (const raw of MENTIONS) expect(json).not.toContain(raw);
      expect(json).not.toContain('](http://127.0.0.1');
      for (const target of maskedLinkTargets(json)) expect(target.startsWith(`${BASE}/app/`)).toBe(true);
      expect(json).toContain('Reset password');
    });
  });

  it('escapes &, < and > in every Slack field and keeps the service’s links', () => {
    const [, alert] = contents[0];
    const msg = slackMessage(alert);
    const json = JSON.stringify(msg);
    expect(json).not.toMatch(/&(?!amp;|lt;|gt;)/);
    expect(msg.text).toContain('&lt;!channel&gt; &lt;!here&gt; &lt;@U999&gt;');
    expect(msg.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text', text: expect.stringContaining('&lt;@U999&gt;') } });
    expect(msg.blocks[3]).toMatchObject({ elements: [{ type: 'button', url: `${BASE}/app/changes/42` }] });
    // The monitored page's URL stays a link, encoded so that it cannot close `<url|source>`.
    expect(JSON.stringify(msg.blocks[2])).toContain('<https://c.example/pricing?ref=%5D%28http://127.0.0.1:9/phish%29%7Cx%3E|source>');
    const digest = JSON.stringify(slackMessage(contents[1][1]));
    expect(digest).toContain(`<${BASE}/app/changes/100|Open>`);
  });

  it('sends Discord messages that may mention no one, with Markdown escaped and the service’s links intact', () => {
    for (const [, content] of contents) expect(discordMessage(content).allowed_mentions).toEqual({ parse: [] });
    const alert = discordMessage(contents[0][1]).embeds[0];
    expect(alert.url).toBe(`${BASE}/app/changes/42`);
    expect(alert.title).toContain('\\[Reset password\\]\\(http://127.0.0.1:9/phish\\)');
    expect(alert.title).toContain('\\<@123\\>');
    const digest = discordMessage(contents[1][1]).embeds[0];
    expect(digest.fields[0].value).toContain(`[Open in Rivalwatch](${BASE}/app/changes/100)`);
  });

  it('escapes link characters in Teams cards and keeps the service’s links', () => {
    const alert = teamsMessage(contents[0][1]).attachments[0].content;
    expect(alert.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open in Rivalwatch', url: `${BASE}/app/changes/42` }]);
    expect(JSON.stringify(alert.body)).toContain('\\\\[Reset password\\\\]\\\\(http://127.0.0.1:9/phish\\\\)');
    const digest = JSON.stringify(teamsMessage(contents[1][1]));
    expect(digest).toContain(`[Open in Rivalwatch](${BASE}/app/changes/100)`);
  });
});
