import { parseDate } from '../capture/extract/dates';
import type { FieldDiff } from './diff.types';

/**
 * Which changed lines of the markdown diff no typed field diff accounts for. A line is explained
 * when one text the typed diffs carry (a title, an item, a price as written, a feature) covers
 * most of its words, or is itself contained in the line: the extractor saw that part of the
 * change. What is left is text the extractors did not read.
 */

/** Share of a line's words one explaining text must hold for the line to count as explained. */
const LINE_COVERED = 0.6;
/** Share of an explaining text's words found in a line for the line to count as explained. */
const TEXT_CONTAINED = 0.8;
/** Strings nested deeper than this in a diff value are not read (values are plans, posts, entries). */
const MAX_DEPTH = 4;

export interface ChangedLines {
  added: string[];
  removed: string[];
}

/** The added and removed lines of a unified diff, without headers, hunk markers or context. */
export function changedLines(rawDiff: string): ChangedLines {
  const added: string[] = [];
  const removed: string[] = [];
  for (const line of rawDiff.split('\n')) {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) continue;
    if (line.startsWith('+')) added.push(line.slice(1));
    else if (line.startsWith('-')) removed.push(line.slice(1));
  }
  return { added, removed };
}

/** A markdown line as read on the page: link targets and images dropped, the link text kept. */
export function visibleText(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '');
}

/** Visible words of a markdown line, lower-cased, in order. */
export function wordList(text: string): string[] {
  return visibleText(text).toLowerCase().match(/\d+(?:[.,]\d+)*|[\p{L}][\p{L}\d'’]*/gu) ?? [];
}

/** Visible words of a markdown line as a set, with a written date also in its ISO form. */
export function wordsOf(text: string): Set<string> {
  const words = new Set(wordList(text));
  const date = parseDate(text);
  if (date) words.add(date);
  return words;
}

/** Every string (and number) a diff's old and new values hold, as word sets. */
function explainingTexts(diffs: FieldDiff[]): Set<string>[] {
  const texts: Set<string>[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (value === null || value === undefined || depth > MAX_DEPTH) return;
    if (typeof value === 'string' || typeof value === 'number') {
      const words = wordsOf(String(value));
      if (words.size) texts.push(words);
      return;
    }
    if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (typeof value === 'object') Object.values(value).forEach((item) => visit(item, depth + 1));
  };
  for (const diff of diffs) {
    visit(diff.old, 0);
    visit(diff.new, 0);
  }
  return texts;
}

function explains(text: Set<string>, line: Set<string>): boolean {
  let shared = 0;
  for (const word of text) if (line.has(word)) shared++;
  if (shared / line.size >= LINE_COVERED) return true;
  // A one-word text ("Pro") inside a long line says nothing about the rest of the line.
  return text.size >= 2 && shared / text.size >= TEXT_CONTAINED;
}

const HEADING_LINE = /^\s*#{1,6}\s/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}/;

/**
 * The lines of one side still unexplained once a section's labels go with it: a heading (and its
 * table's header row) added or removed together with its section is explained when the typed
 * diffs explain every other changed line of that section ("## Pay as you go" and its price rows).
 * A heading a typed diff already explains (a pricing section removed) takes its labels along too.
 */
function withoutSectionLabels(side: string[], unexplained: boolean[]): string[] {
  const open = [...unexplained];
  for (let i = 0; i < side.length; i++) {
    if (!HEADING_LINE.test(side[i])) continue;
    const labels = [i];
    let explainedContent = 0;
    let rest = true;
    for (let j = i + 1; j < side.length && !HEADING_LINE.test(side[j]); j++) {
      const tableHeader = side[j].trim().startsWith('|') && TABLE_SEPARATOR.test(side[j + 1] ?? '');
      if (TABLE_SEPARATOR.test(side[j]) || tableHeader) labels.push(j);
      else if (unexplained[j]) rest = false;
      else if (wordsOf(side[j]).size > 0) explainedContent++;
    }
    if (rest && explainedContent > 0) for (const k of labels) open[k] = false;
  }
  return side.filter((_, i) => open[i]);
}

/** The changed lines that no typed diff explains; lines without words are dropped. */
/** Whether a short text (a card's link) names something a typed diff carries, whole ("Zapier" in "Zapier Connect to 5,000+ apps"). */
export function mentionedBy(diffs: FieldDiff[]): (text: string) => boolean {
  const texts = explainingTexts(diffs);
  return (text) => {
    const words = wordsOf(text);
    return texts.some((known) => [...known].every((word) => words.has(word)));
  };
}

export function unexplainedLines(lines: ChangedLines, diffs: FieldDiff[]): ChangedLines {
  const texts = explainingTexts(diffs);
  const unexplained = (line: string): boolean => {
    const words = wordsOf(line);
    return words.size > 0 && !texts.some((text) => explains(text, words));
  };
  const side = (changed: string[]) => withoutSectionLabels(changed, changed.map(unexplained));
  return { added: side(lines.added), removed: side(lines.removed) };
}
