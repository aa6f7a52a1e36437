import { truncateAtWord } from '../truncate';
import {
  alertTitle,
  digestTitle,
  digestTopItems,
  SEVERITY_LABEL,
  type ChangeLine,
  type DigestContent,
  type NotificationContent,
} from '../notification-content';

/** Slack limits: header text 150, section and fallback text 3000, 50 blocks, button URLs 3000. */
export const SLACK_LIMITS = { header: 150, section: 3000, text: 3000, blocks: 50, digestItems: 8 } as const;

/** Slack mrkdwn treats &, < and > as control characters. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const header = (text: string) => ({ type: 'header', text: { type: 'plain_text', text: truncateAtWord(text, SLACK_LIMITS.header), emoji: true } });
const section = (mrkdwn: string) => ({ type: 'section', text: { type: 'mrkdwn', text: mrkdwn } });
const context = (mrkdwn: string) => ({ type: 'context', elements: [{ type: 'mrkdwn', text: truncateAtWord(mrkdwn, SLACK_LIMITS.section) }] });
const button = (text: string, url: string) => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text }, url, style: 'primary' }],
});

function itemSection(item: ChangeLine): object {
  const head = `*${SEVERITY_LABEL[item.severity]} · ${esc(item.competitor)}* · <${item.link}|Open>`;
  const room = SLACK_LIMITS.section - head.length - 4;
  return section(`${head}\n${esc(truncateAtWord(item.summary, Math.floor(room / 2)))}\n_${esc(truncateAtWord(item.whyItMatters, Math.floor(room / 2)))}_`);
}

function digestBlocks(c: DigestContent): object[] {
  const items = digestTopItems(c, SLACK_LIMITS.digestItems);
  const moving = c.whosMoving.slice(0, 5).map((w) => `${esc(w.competitor)} (${w.count})`).join(', ');
  return [
    header(digestTitle(c)),
    section(
      truncateAtWord(
        `*${c.needsReview.count}* to review` +
          (c.needsReview.maxSeverity ? `, highest *${SEVERITY_LABEL[c.needsReview.maxSeverity]}*` : '') +
          ` · ${c.topOpportunities.length} opportunit${c.topOpportunities.length === 1 ? 'y' : 'ies'}`,
        SLACK_LIMITS.section,
      ),
    ),
    { type: 'divider' },
    ...items.map(itemSection),
    ...(moving ? [context(`Who’s moving: ${moving}`)] : []),
    context(`Coverage: ${c.coverage.healthy} of ${c.coverage.total} monitors healthy${c.coverage.failing ? `, ${c.coverage.failing} failing` : ''}`),
    button('Open the digest', c.link),
  ];
}

/** A Block Kit message for a Slack incoming webhook, with a plain `text` fallback for notifications. */
export function slackMessage(c: NotificationContent): { text: string; blocks: object[] } {
  if (c.kind === 'alert') {
    const ch = c.change;
    const half = Math.floor((SLACK_LIMITS.section - 40) / 2);
    return {
      text: truncateAtWord(alertTitle(c), SLACK_LIMITS.text),
      blocks: [
        header(`${SEVERITY_LABEL[ch.severity]} · ${ch.competitor}`),
        section(`*${esc(truncateAtWord(ch.summary, half))}*\n*Why it matters:* ${esc(truncateAtWord(ch.whyItMatters, half))}`),
        context(`${esc(c.workspace)} · ${esc(ch.monitorType)} page · <${c.sourceUrl}|source>`),
        button('Open in Rivalwatch', ch.link),
      ],
    };
  }
  if (c.kind === 'digest') {
    return { text: truncateAtWord(digestTitle(c), SLACK_LIMITS.text), blocks: digestBlocks(c).slice(0, SLACK_LIMITS.blocks) };
  }
  return {
    text: truncateAtWord(c.message, SLACK_LIMITS.text),
    blocks: [section(esc(truncateAtWord(c.message, SLACK_LIMITS.section))), button('Notification settings', c.link)],
  };
}
