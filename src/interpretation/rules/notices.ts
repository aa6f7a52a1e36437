import { REMOVED_LINE_CHARS } from '../raw-diff-excerpt';
import type { RuleContext } from './context';
import { squash, truncate } from './text';

/**
 * Withdrawal notices: pricing pages often retire plans in prose ("X no longer offers plans to new
 * customers", "Discontinued plans") rather than by deleting a plan card, so no field diff says it.
 * The raw diff does: a new line in that language is read as a retreat as weighty as a removed
 * plan. Only pricing pages are read this way — on docs and changelogs "deprecated" is routine.
 */
export interface Notice {
  /** The sentence that says it, as the page wrote it. */
  text: string;
}

const WITHDRAWAL = [
  /\bno longer (?:offers?|offered|available|sold|sells?|accepts?)\b/i,
  /\bnot available (?:to|for) new (?:customers|sign-?ups|users|organi[sz]ations)\b/i,
  /\bdiscontinu(?:e|ed|es|ing)\b/i,
  /\bsunset(?:s|ted|ting)?\b/i,
  /\bend[- ]of[- ](?:life|sale)\b/i,
];

/** Score of a withdrawal notice: the same as a removed plan (severity.ts BASE.plan_removed). */
export const NOTICE_SCORE = 65;
/** Opportunity of a withdrawal notice: the same as a removed plan (opportunity.ts). */
export const NOTICE_OPPORTUNITY = 60;

export function withdrawalNotice(ctx: RuleContext): Notice | null {
  if (ctx.monitorType !== 'pricing' || !ctx.rawDiff) return null;
  const lines = ctx.rawDiff.split('\n');
  // A line that was only moved (removed and added with the same words) is not news.
  const removed = new Set(lines.filter((line) => /^-(?!--)/.test(line)).map((line) => key(line.slice(1))));
  const candidates = lines
    .filter((line) => /^\+(?!\+\+)/.test(line))
    .map((line) => squash(line.slice(1).replace(/^[#>*\-\s]+/, '')))
    .filter((line) => line !== '' && !removed.has(key(line)));
  // Sentences first: a heading such as "Discontinued Plans" says less than the sentence under it.
  const sentences = candidates.filter((line) => /[.!]/.test(line));
  for (const line of [...sentences, ...candidates]) {
    const sentence = sentenceWith(line);
    if (sentence) return { text: truncate(sentence, 140) };
  }
  return null;
}

function sentenceWith(line: string): string | null {
  for (const part of line.split(/(?<=[.!?])\s+/)) {
    if (WITHDRAWAL.some((pattern) => pattern.test(part))) return part.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  }
  return null;
}

/** Lines are compared by their opening words: an excerpt may have shortened the removed side. */
function key(line: string): string {
  return squash(line.replace(/^[#>*\-\s]+/, '').replace(/…$/, '')).toLowerCase().slice(0, REMOVED_LINE_CHARS - 4);
}

export function noticeAdvice(notice: Notice, competitor: string): { clause: string; why: string; action: string } {
  return {
    clause: `posted a withdrawal notice on its pricing page (${`“${notice.text}”`})`,
    why: `${competitor} is withdrawing part of its offer (“${notice.text}”): customers who relied on it must re-decide what to buy, and buyers who liked it now have one option fewer.`,
    action: `Find out exactly what ${competitor} withdrew and who it affects, then reach those customers with your equivalent offer and a migration path.`,
  };
}
