import { truncateAtWord } from '../../messages/truncate';
import {
  digestTitle,
  digestTopItems,
  SEVERITY_LABEL,
  type ChangeLine,
  type NotificationContent,
} from '../../messages/notification-content';
import type { Severity } from '../../../common/severity';
import { markupUrl } from '../chat/markup-url';
import { teamsText as esc } from './teams-escape';

/** Teams rejects messages over about 28 KB; texts are kept short so a card stays well under it. */
export const TEAMS_LIMITS = { bytes: 28_000, text: 2000, digestItems: 8 } as const;

const COLOUR: Record<Severity, string> = { info: 'Default', low: 'Accent', medium: 'Warning', high: 'Attention', critical: 'Attention' };

const text = (value: string, extra: Record<string, unknown> = {}) => ({ type: 'TextBlock', text: truncateAtWord(value, TEAMS_LIMITS.text), wrap: true, ...extra });
const open = (title: string, url: string) => ({ type: 'Action.OpenUrl', title, url });

function itemContainer(item: ChangeLine): object {
  return {
    type: 'Container',
    separator: true,
    items: [
      text(`${SEVERITY_LABEL[item.severity]} · ${esc(item.competitor)}`, { weight: 'Bolder', color: COLOUR[item.severity] }),
      text(truncateAtWord(esc(item.summary), 500)),
      text(`[Open in Rivalwatch](${markupUrl(item.link)})`, { isSubtle: true, spacing: 'Small' }),
    ],
  };
}

function card(body: object[], actions: object[]) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body, actions },
      },
    ],
  };
}

const size = (value: object) => Buffer.byteLength(JSON.stringify(value));

/** An Adaptive Card message for a Teams Workflows webhook ("Post to a channel when a webhook request is received"). */
export function teamsMessage(c: NotificationContent): ReturnType<typeof card> {
  if (c.kind === 'alert') {
    const ch = c.change;
    return card(
      [
        text(`${SEVERITY_LABEL[ch.severity]} · ${esc(ch.competitor)}`, { weight: 'Bolder', size: 'Medium', color: COLOUR[ch.severity] }),
        text(esc(ch.summary)),
        text(`**Why it matters:** ${esc(ch.whyItMatters)}`),
        { type: 'FactSet', facts: [{ title: 'Workspace', value: esc(c.workspace) }, { title: 'Page', value: esc(ch.monitorType) }, { title: 'Source', value: markupUrl(c.sourceUrl) }] },
      ],
      [open('Open in Rivalwatch', ch.link)],
    );
  }
  if (c.kind === 'digest') {
    const moving = c.whosMoving.slice(0, 5).map((w) => `${esc(w.competitor)} (${w.count})`).join(', ');
    const head = [
      text(digestTitle(c, esc), { weight: 'Bolder', size: 'Medium' }),
      {
        type: 'FactSet',
        facts: [
          { title: 'To review', value: String(c.needsReview.count) },
          ...(moving ? [{ title: 'Who’s moving', value: truncateAtWord(moving, 500) }] : []),
          { title: 'Coverage', value: `${c.coverage.healthy} of ${c.coverage.total} monitors healthy` },
        ],
      },
    ];
    const items = digestTopItems(c, TEAMS_LIMITS.digestItems).map(itemContainer);
    let message = card([...head, ...items], [open('Open the digest', c.link)]);
    while (size(message) > TEAMS_LIMITS.bytes && items.length > 0) {
      items.pop();
      message = card([...head, ...items], [open('Open the digest', c.link)]);
    }
    return message;
  }
  return card([text('Rivalwatch test message', { weight: 'Bolder' }), text(esc(c.message))], [open('Notification settings', c.link)]);
}
