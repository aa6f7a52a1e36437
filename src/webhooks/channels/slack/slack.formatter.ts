import { truncateAtWord } from '../../messages/truncate';
import {
  alertTitle,
  digestTitle,
  digestTopItems,
  SEVERITY_LABEL,
  type ChangeLine,
  type DigestContent,
  type NotificationContent,
} from '../../messages/notification-content';
import { markupUrl } from '../chat/markup-url';
import { slackText as esc } from './slack-escape';

/** Slack limits: header text 150, section and fallback text 3000, 50 blocks, button URLs 3000. */
export const SLACK_LIMITS = { header: 150, section: 3000, text: 3000, blocks: 50, digestItems: 8 } as const;

/** truncateAtWord for escaped text: an entity cut at the end (or left without its `;`) is dropped. */
const truncate = (text: string, max: number) => truncateAtWord(text, max).replace(/&[a-z]*…$/, '…');

const header = (text: string) => ({ type: 'header', text: { type: 'plain_text', text: truncate(text, SLACK_LIMITS.header), emoji: true } });
const section = (mrkdwn: string) => ({ type: 'section', text: { type: 'mrkdwn', text: mrkdwn } });
const context = (mrkdwn: string) => ({ type: 'context', elements: [{ type: 'mrkdwn', text: truncate(mrkdwn, SLACK_LIMITS.section) }] });
const button = (text: string, url: string) => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text }, url, style: 'primary' }],
});

function itemSection(item: ChangeLine): object {
  // A page can name a competitor at any length: the name gets a share of the section, not all of it.
  const head = `*${SEVERITY_LABEL[item.severity]} · ${truncate(esc(item.competitor), SLACK_LIMITS.header)}* · <${markupUrl(item.link)}|Open>`;
  const room = SLACK_LIMITS.section - head.length - 4;
  return section(`${head}\n${truncate(esc(item.summary), Math.floor(room / 2))}\n_${truncate(esc(item.whyItMatters), Math.floor(room / 2))}_`);
}

function digestBlocks(c: DigestContent): object[] {
  const items = digestTopItems(c, SLACK_LIMITS.digestItems);
  const moving = c.whosMoving.slice(0, 5).map((w) => `${esc(w.competitor)} (${w.count})`).join(', ');
  return [
    header(digestTitle(c, esc)),
    section(
      truncate(
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

/**
 * A Block Kit message for a Slack incoming webhook, with a `text` fallback for notifications;
 * page text in every field, plain_text ones included, goes through `esc`.
 */
export function slackMessage(c: NotificationContent): { text: string; blocks: object[] } {
  if (c.kind === 'alert') {
    const ch = c.change;
    const half = Math.floor((SLACK_LIMITS.section - 40) / 2);
    return {
      text: truncate(alertTitle(c, esc), SLACK_LIMITS.text),
      blocks: [
        header(`${SEVERITY_LABEL[ch.severity]} · ${esc(ch.competitor)}`),
        section(`*${truncate(esc(ch.summary), half)}*\n*Why it matters:* ${truncate(esc(ch.whyItMatters), half)}`),
        context(`${esc(c.workspace)} · ${esc(ch.monitorType)} page · <${markupUrl(c.sourceUrl)}|source>`),
        button('Open in Rivalwatch', ch.link),
      ],
    };
  }
  if (c.kind === 'digest') {
    return { text: truncate(digestTitle(c, esc), SLACK_LIMITS.text), blocks: digestBlocks(c).slice(0, SLACK_LIMITS.blocks) };
  }
  return {
    text: truncate(esc(c.message), SLACK_LIMITS.text),
    blocks: [section(truncate(esc(c.message), SLACK_LIMITS.section)), button('Notification settings', c.link)],
  };
}
