import type { CaptureFields, FieldsByType, MonitorType } from '../capture/capture.types';
import { stripDate } from '../capture/extract/dates';
import type { ExtractionGap, FieldDiff } from './diff.types';
import { fieldDiff } from './field-diff';
import { normalizeMarkdownForHash } from '../common/noise';
import { changedLines, mentionedBy, unexplainedLines, visibleText, wordList, type ChangedLines } from './unexplained-text';

/**
 * The silent-failure guard. Extractors have blind spots: a redesigned page, a layout never seen
 * before, a part of the page no extractor models. Whatever the typed diffs say, the changed lines
 * of the main content that none of them explains are measured; when that unexplained text is
 * substantial, it becomes one alertable diff quoting what was added and removed, and the gap is
 * reported so the check can log which extractor fell short. The criterion is the unexplained
 * text, not whether a typed diff exists: a diff that explains half of a change leaves the other
 * half reported.
 */

/** Unexplained changed text (words added or removed, in characters) that counts as substantial. */
const SUBSTANTIAL_CHARS = 60;
/** How much of the unexplained text a gap diff carries on each side for the interpreter. */
const EXCERPT_CHARS = 1500;
/** A markdown line that is a block of its own: a heading, a list item (or a line drawn as one with a check or bullet glyph), a table row. */
const STRUCTURAL_LINE = /^\s*(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|\||[✓✔✅☑•▪‣◦]\s*\p{L})/u;
const HEADING_LINE = /^\s*#{1,6}\s/;
/** Words a paragraph that appears or disappears whole needs to count as content, not a label. */
const WHOLE_PARAGRAPH_WORDS = 3;
/** A date or a year, masked when pairing a removed line with an added one. */
const YEAR = /\b(?:19|20)\d{2}\b/g;

/** Both versions of the page's main content, to tell a new block from a repeated label. */
export interface PageMarkdown {
  before: string;
  after: string;
}

/** The guard's finding: the gap to log and the diff that reports the unexplained text. */
export interface GapFinding {
  gap: ExtractionGap;
  diff: FieldDiff;
}

const count = (list: unknown[] | null | undefined) => list?.length ?? 0;
const present = (value: string | null | undefined) => (value ? 1 : 0);

const SIZE_OF: { [T in MonitorType]: (fields: FieldsByType[T]) => number } = {
  pricing: (f) => count(f.plans) + count(f.line_items),
  blog: (f) => count(f.posts),
  changelog: (f) => count(f.entries),
  docs: (f) => count(f.sections) + count(f.pages),
  homepage: (f) =>
    present(f.headline) + present(f.subheadline) + present(f.announcement) + count(f.ctas) + count(f.customer_logos) + count(f.social_proof_counts) + count(f.testimonials),
  careers: (f) => count(f.openings),
  integrations: (f) => count(f.integrations),
  custom: (f) => present(f.title) + count(f.headings) + count(f.text_blocks),
};

/** How many things the extractor found: plans, posts, entries, sections… */
export function extractedSize(type: MonitorType, fields: CaptureFields): number {
  return (SIZE_OF[type] as (f: CaptureFields) => number)(fields ?? ({} as CaptureFields));
}

/** A line as compared for noise: volatile text removed, dates and years masked. */
function masked(line: string): string {
  let text = normalizeMarkdownForHash(line);
  for (let i = 0; i < 3; i++) {
    const next = stripDate(text);
    if (next === text) break;
    text = next;
  }
  return text.replace(YEAR, '#').toLowerCase();
}

/**
 * Drops removed/added pairs that read the same once masked and spacing is ignored: a line that
 * moved, a footer's copyright year, an "as of" stamp, inline markup re-flowed ("endpointWe
 * provision" and "endpoint We provision").
 */
function withoutMoves(lines: ChangedLines): ChangedLines {
  const compact = (line: string) => masked(line).replace(/\s+/g, '');
  const added = lines.added.map((line) => ({ line, key: compact(line) }));
  const removed: string[] = [];
  for (const line of lines.removed) {
    const key = compact(line);
    const twin = added.findIndex((other) => other.key === key);
    if (twin >= 0) added.splice(twin, 1);
    else removed.push(line);
  }
  return { added: added.map((entry) => entry.line), removed };
}

/**
 * How much text really changed: the words added and not removed, and removed and not added, in
 * characters. Re-sorted cards, a "posted today" that became "posted yesterday" and a new commit
 * hash in a deploy stamp weigh a few characters; new paragraphs weigh their length.
 */
function netChangedChars(lines: ChangedLines): number {
  const balance = new Map<string, number>();
  const tally = (side: string[], sign: number) => {
    for (const line of side) for (const word of wordList(masked(line))) balance.set(word, (balance.get(word) ?? 0) + sign);
  };
  tally(lines.added, 1);
  tally(lines.removed, -1);
  let chars = 0;
  for (const [word, n] of balance) chars += word.length * Math.abs(n);
  return chars;
}

/**
 * Whether a block appeared or disappeared whole: a heading, list item or table row, or a paragraph
 * of a few words, most of whose words the other side does not have. Such a block is content however
 * short ("SSO" gone from a plan, a section retitled); a reworded line keeps most of its words and
 * is weighed by what it adds or removes. A heading the other version of the page also has
 * elsewhere (the "### Bug fixes" of every release) is a repeated label, not a new block.
 */
function hasWholeBlock(lines: ChangedLines, markdown: PageMarkdown, mentioned: (text: string) => boolean): boolean {
  const vocabulary = (side: string[]) => new Set(side.flatMap((line) => wordList(masked(line))));
  const headings = (text: string) => new Set(text.split('\n').filter((line) => HEADING_LINE.test(line)).map(lineKey));
  const whole = (line: string, other: Set<string>) => {
    const words = wordList(masked(line));
    const fresh = words.filter((word) => !other.has(word)).length;
    const enough = STRUCTURAL_LINE.test(line) ? words.length > 0 : words.length >= WHOLE_PARAGRAPH_WORDS;
    return enough && fresh * 2 > words.length;
  };
  const [added, removed] = [vocabulary(lines.added), vocabulary(lines.removed)];
  const addedWhole = lines.added.filter((line) => whole(line, removed));
  const removedWhole = lines.removed.filter((line) => whole(line, added));
  const fresh = (whole: string[], other: string) => {
    const repeated = whole.some((line) => HEADING_LINE.test(line)) ? headings(other) : new Set<string>();
    return whole.some((line) => !repeated.has(lineKey(line)));
  };
  return fresh(addedWhole, markdown.before) || fresh(removedWhole, markdown.after) || hasChangedCell(lines) || hasWholeLink(lines, added, removed, mentioned);
}

/**
 * Whether a link of its own (a card, a related post) appeared or disappeared inside a line: a row
 * of cards rendered on one line keeps most of its words when one card is added or taken out, but
 * the card's link is new, or gone, with words of its own — unless a typed diff already names it
 * (an integration's card removed).
 */
function hasWholeLink(lines: ChangedLines, added: Set<string>, removed: Set<string>, mentioned: (text: string) => boolean): boolean {
  const links = (side: string[]) =>
    side.flatMap((line) => [...line.replace(/!\[[^\]]*\]\([^)]*\)/g, '').matchAll(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g)].map((m) => ({ text: m[1], url: m[2] })));
  const [before, after] = [links(lines.removed), links(lines.added)];
  const whole = (link: { text: string; url: string }, others: { url: string }[], vocabulary: Set<string>) =>
    !others.some((other) => other.url === link.url) && !mentioned(link.text) && wordList(masked(link.text)).filter((word) => !vocabulary.has(word)).length >= CELL_BLOCK_WORDS;
  return after.some((link) => whole(link, before, removed)) || before.some((link) => whole(link, after, added));
}

/** Words a table cell must gain or lose for the change to be a block of its own. */
const CELL_BLOCK_WORDS = 3;

/**
 * Whether a table row kept its place but one of its cells gained or lost a phrase of its own: a
 * cell holding a list ("Free access…", "Bring your own infrastructure…") is rendered on the row's
 * one line, so an item added to it or taken out of it keeps most of the row's words.
 */
function hasChangedCell(lines: ChangedLines): boolean {
  const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => new Set(wordList(masked(cell))));
  const rows = (side: string[]) => side.filter((line) => line.trim().startsWith('|')).map(cells);
  const added = rows(lines.added);
  const gained = (a: Set<string>, b: Set<string>) => [...a].filter((word) => !b.has(word)).length >= CELL_BLOCK_WORDS;
  const sameRow = (a: Set<string>[], b: Set<string>[]) => a.length === b.length && a.length > 1 && [...a[0]].join(' ') === [...b[0]].join(' ');
  return rows(lines.removed).some((old) => {
    const next = added.find((row) => sameRow(old, row));
    return next !== undefined && old.some((cell, i) => gained(cell, next[i]) || gained(next[i], cell));
  });
}

const lineKey = (line: string) => line.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Changed text of the main content that no typed diff explains, when there is enough of it to
 * matter (a block that appeared or disappeared, or enough reworded text); null when the typed
 * diffs (or noise) account for the change.
 */
export function findExtractionGap(
  type: MonitorType,
  before: CaptureFields,
  after: CaptureFields,
  rawDiff: string,
  typed: FieldDiff[],
  markdown: PageMarkdown,
): GapFinding | null {
  if (!rawDiff) return null;
  const changed = changedLines(rawDiff);
  const unexplained = withoutMoves(unexplainedLines(changed, typed));
  if (netChangedChars(unexplained) < SUBSTANTIAL_CHARS && !hasWholeBlock(unexplained, markdown, mentionedBy(typed))) return null;
  const gap: ExtractionGap = {
    extractor: type,
    before_items: extractedSize(type, before),
    after_items: extractedSize(type, after),
    changed_lines: changed.added.length + changed.removed.length,
    unexplained_lines: unexplained.added.length + unexplained.removed.length,
  };
  return { gap, diff: gapDiff(unexplained) };
}

/** The unexplained text as one alertable diff, the removed lines as old and the added ones as new. */
function gapDiff(lines: ChangedLines): FieldDiff {
  const excerpt = (side: string[]) => (side.length ? side.map(visibleText).join('\n').slice(0, EXCERPT_CHARS) : null);
  return fieldDiff('modified', 'content_changed', 'markdown', 'alertable', excerpt(lines.removed), excerpt(lines.added));
}
