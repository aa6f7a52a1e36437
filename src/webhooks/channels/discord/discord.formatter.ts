import { truncateAtWord } from '../../messages/truncate';
import {
  digestTitle,
  digestTopItems,
  SEVERITY_COLOUR,
  SEVERITY_LABEL,
  type ChangeLine,
  type NotificationContent,
} from '../../messages/notification-content';
import { markupUrl } from '../chat/markup-url';
import { discordText as esc } from './discord-escape';

/** Discord embed limits (title 256, description 4096, 25 fields of 256/1024, footer 2048, 6000 in all). */
export const DISCORD_LIMITS = { title: 256, description: 4096, fieldName: 256, fieldValue: 1024, fields: 25, footer: 2048, total: 6000, digestItems: 8 } as const;

interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}
interface Embed {
  title: string;
  url: string;
  description: string;
  color: number;
  fields: EmbedField[];
  footer: { text: string };
  timestamp?: string;
}

const colour = (hex: string) => parseInt(hex, 16);
const field = (name: string, value: string, inline = false): EmbedField => ({
  name: truncateAtWord(name, DISCORD_LIMITS.fieldName),
  value: truncateAtWord(value || '—', DISCORD_LIMITS.fieldValue),
  inline,
});

/** Characters Discord counts toward the 6000 limit of a message's embeds. */
export function embedLength(e: Embed): number {
  return [e.title, e.description, e.footer.text, ...e.fields.flatMap((f) => [f.name, f.value])].reduce((n, s) => n + Array.from(s).length, 0);
}

function itemField(item: ChangeLine): EmbedField {
  return field(`${SEVERITY_LABEL[item.severity]} · ${esc(item.competitor)}`, `${truncateAtWord(esc(item.summary), 700)}\n[Open in Rivalwatch](${markupUrl(item.link)})`);
}

/** Drops digest items from the end until the embed fits Discord's 6000-character total. */
function fit(e: Embed): Embed {
  while (embedLength(e) > DISCORD_LIMITS.total && e.fields.length > 0) e.fields.pop();
  if (embedLength(e) > DISCORD_LIMITS.total) e.description = truncateAtWord(e.description, Math.max(0, DISCORD_LIMITS.total - embedLength({ ...e, description: '' })));
  return e;
}

/** A Discord webhook message with one embed; it may mention no one, whatever its text says. */
export function discordMessage(c: NotificationContent): { username: string; embeds: Embed[]; allowed_mentions: { parse: never[] } } {
  let embed: Embed;
  if (c.kind === 'alert') {
    const ch = c.change;
    embed = {
      title: truncateAtWord(esc(ch.summary), DISCORD_LIMITS.title),
      url: ch.link,
      description: truncateAtWord(`**Why it matters:** ${esc(ch.whyItMatters)}`, DISCORD_LIMITS.description),
      color: colour(SEVERITY_COLOUR[ch.severity]),
      fields: [field('Severity', SEVERITY_LABEL[ch.severity], true), field('Competitor', esc(ch.competitor), true), field('Page', esc(ch.monitorType), true)],
      footer: { text: truncateAtWord(`Rivalwatch · ${esc(c.workspace)}`, DISCORD_LIMITS.footer) },
      timestamp: c.createdAt,
    };
  } else if (c.kind === 'digest') {
    const moving = c.whosMoving.slice(0, 5).map((w) => `${esc(w.competitor)} (${w.count})`).join(', ');
    embed = {
      title: truncateAtWord(digestTitle(c, esc), DISCORD_LIMITS.title),
      url: c.link,
      description: truncateAtWord(
        [
          `**${c.needsReview.count}** to review${c.needsReview.maxSeverity ? `, highest **${SEVERITY_LABEL[c.needsReview.maxSeverity]}**` : ''}`,
          moving ? `Who’s moving: ${moving}` : '',
          `Coverage: ${c.coverage.healthy} of ${c.coverage.total} monitors healthy`,
        ]
          .filter(Boolean)
          .join('\n'),
        DISCORD_LIMITS.description,
      ),
      color: colour(SEVERITY_COLOUR[c.needsReview.maxSeverity ?? 'info']),
      fields: digestTopItems(c, DISCORD_LIMITS.digestItems).map(itemField),
      footer: { text: truncateAtWord(`Rivalwatch · ${esc(c.workspace)}`, DISCORD_LIMITS.footer) },
      timestamp: c.windowEnd,
    };
  } else {
    embed = {
      title: 'Rivalwatch test message',
      url: c.link,
      description: truncateAtWord(esc(c.message), DISCORD_LIMITS.description),
      color: colour(SEVERITY_COLOUR.info),
      fields: [],
      footer: { text: 'Rivalwatch' },
    };
  }
  return { username: 'Rivalwatch', embeds: [fit(embed)], allowed_mentions: { parse: [] } };
}
