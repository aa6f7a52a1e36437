import { AppLinks } from '../messages/app-links';
import { contentOf, type DigestContent } from '../messages/notification-content';
import { DISCORD_LIMITS, discordMessage, embedLength } from './discord/discord.formatter';
import { emailMessage } from './email/email.formatter';
import { SLACK_LIMITS, slackMessage } from './slack/slack.formatter';
import { TEAMS_LIMITS, teamsMessage } from './teams/teams.formatter';

const links = new AppLinks('https://rw.example');
const long = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

function item(i: number, words = 5) {
  return {
    change_id: 100 + i,
    competitor_id: 1,
    competitor: `Competitor ${i}`,
    homepage_url: 'https://c.example',
    logo_url: null,
    monitor_type: 'pricing',
    source_url: 'https://c.example/pricing',
    summary: long(words),
    severity: 'high' as const,
    why_it_matters: long(words),
    category: 'pricing',
    direction: 'advanced',
    delta: { added: 1, removed: 0, modified: 0 },
    review_status: 'unreviewed',
    created_at: '2026-11-24T10:00:00.000Z',
  };
}

function digest(items: number, words: number): DigestContent {
  const all = Array.from({ length: items }, (_, i) => item(i, words));
  return contentOf(
    'digest.ready',
    {
      workspace_id: 7,
      workspace_name: 'Market <&> "quotes"',
      digest: {
        period: '7d',
        window_start: '2026-11-17T09:00:00.000Z',
        window_end: '2026-11-24T09:00:00.000Z',
        generated_at: '2026-11-24T09:00:01.000Z',
        needs_review: { count: items, max_severity: 'high', items: all },
        whos_moving: [{ competitor_id: 1, competitor: 'Acme', logo_url: null, count: items, max_severity: 'high', sparkline: [1] }],
        top_opportunities: all.map((o) => ({ ...o, opportunity_score: 80 })),
        coverage: { monitors_total: 4, monitors_healthy: 3, monitors_failing: 1, failing_monitor_ids: [9] },
        consumption: { pending: items, reviewed_in_period: 0 },
      },
    },
    7,
    links,
  ) as DigestContent;
}

describe('message formatters', () => {
  it('keeps a Slack digest of many long items within Block Kit limits', () => {
    const msg = slackMessage(digest(60, 2000));
    expect(msg.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
    expect(msg.blocks.filter((b) => (b as { type: string }).type === 'section')).toHaveLength(1 + SLACK_LIMITS.digestItems);
    for (const block of msg.blocks as { type: string; text?: { text: string } }[]) {
      if (block.type === 'header') expect(Array.from(block.text!.text).length).toBeLessThanOrEqual(SLACK_LIMITS.header);
      if (block.type === 'section') expect(block.text!.text.length).toBeLessThanOrEqual(SLACK_LIMITS.section);
    }
    // Escaped in plain_text too, so that no field can carry a mention.
    expect((msg.blocks[0] as { text: { text: string } }).text.text).toBe('Weekly digest for Market &lt;&amp;&gt; "quotes": 60 changes to review');
  });

  it('keeps a Discord digest embed within 6000 characters by dropping items from the end', () => {
    const msg = discordMessage(digest(30, 400));
    const [embed] = msg.embeds;
    expect(embedLength(embed)).toBeLessThanOrEqual(DISCORD_LIMITS.total);
    expect(embed.fields.length).toBeGreaterThan(0);
    expect(embed.fields.length).toBeLessThan(DISCORD_LIMITS.digestItems);
    for (const f of embed.fields) expect(Array.from(f.value).length).toBeLessThanOrEqual(DISCORD_LIMITS.fieldValue);
    expect(embed.fields[0].name).toBe('High · Competitor 0');
  });

  it('keeps a Teams digest card under 28 KB', () => {
    const msg = teamsMessage(digest(60, 2000));
    expect(Buffer.byteLength(JSON.stringify(msg))).toBeLessThanOrEqual(TEAMS_LIMITS.bytes);
    const body = msg.attachments[0].content.body as { type: string }[];
    expect(body.filter((b) => b.type === 'Container').length).toBeLessThanOrEqual(TEAMS_LIMITS.digestItems);
  });

  it('escapes HTML in email and keeps the plain-text part readable', () => {
    const mail = emailMessage(digest(3, 5), 'https://rw.example/app/unsubscribe/t.k');
    expect(mail.subject).toBe('Weekly digest for Market <&> "quotes": 3 changes to review');
    expect(mail.html).toContain('Market &lt;&amp;&gt; &quot;quotes&quot;');
    expect(mail.html).not.toContain('Market <&>');
    expect(mail.text).toContain('Market <&> "quotes"');
    expect(mail.text).toContain('2 failing'.replace('2', '1'));
    expect(mail.html).toContain('href="https://rw.example/app/workspaces/7/digest?period=7d"');
    expect(mail.text).toContain('Unsubscribe: https://rw.example/app/unsubscribe/t.k');
  });

  it('says a digest with more to review than it lists how many more there are', () => {
    const mail = emailMessage(digest(14, 3), 'https://rw.example/u');
    expect(mail.text).toContain('and 4 more in the application.');
  });
});

describe('message wording', () => {
  const alert = (summary: string) =>
    contentOf(
      'change.detected',
      { id: 5, workspace_name: 'Market', competitor: 'Flowdesk', monitor_type: 'pricing', severity: 'high', summary, why_it_matters: 'Why.', source_url: 'https://f.example/pricing', created_at: '2026-11-24T10:00:00.000Z' },
      7,
      links,
    );

  it('names the competitor once in a subject', () => {
    expect(emailMessage(alert('Flowdesk cut Starter from $29 to $19 a month (-34%).'), 'https://rw.example/u').subject).toBe('[High] Flowdesk cut Starter from $29 to $19 a month (-34%).');
    expect(emailMessage(alert('A new plan appeared.'), 'https://rw.example/u').subject).toBe('[High] Flowdesk: A new plan appeared.');
  });

  it('writes digest windows as dates, and leaves out of Top opportunities what needs review or is low', () => {
    const low = { ...item(9), severity: 'low' as const };
    const content = contentOf(
      'digest.ready',
      {
        workspace_id: 7,
        workspace_name: 'Market',
        digest: {
          period: '7d',
          window_start: '2026-11-17T09:00:00.000Z',
          window_end: '2026-11-24T09:00:00.000Z',
          needs_review: { count: 1, max_severity: 'high', items: [item(1)] },
          whos_moving: [],
          top_opportunities: [item(1), low, { ...item(2), severity: 'medium' as const }].map((o) => ({ ...o, opportunity_score: 51 })),
          coverage: { monitors_total: 1, monitors_healthy: 1, monitors_failing: 0, failing_monitor_ids: [] },
          consumption: { pending: 1, reviewed_in_period: 0 },
        },
      },
      7,
      links,
    ) as DigestContent;
    expect(content.topOpportunities.map((o) => o.changeId)).toEqual([102]);
    const email = emailMessage(content, 'https://rw.example/u');
    expect(email.text).toContain('17 Nov 2026, 09:00 UTC – 24 Nov 2026, 09:00 UTC');
    expect(email.html).not.toMatch(/score \d+|2026-11-17T/);
  });
});
