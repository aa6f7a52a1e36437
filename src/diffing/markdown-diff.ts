import { createTwoFilesPatch, diffArrays, formatPatch } from 'diff';
import { normalizeMarkdownForHash } from './noise';

/** Lines of context around each hunk: enough to locate a change, short enough for an excerpt. */
const CONTEXT_LINES = 3;
/**
 * jsdiff's line diff is O(N·D): instant for real page updates, slow only when two large pages have
 * almost nothing in common. A page with more changed lines than MAX_EDITS has been rewritten, and
 * is shown as a whole-page replacement rather than aligned line by line; the time budget is a
 * backstop for the same case.
 */
const MAX_EDITS = 2000;
const DIFF_BUDGET_MS = 1000;

/**
 * Unified diff of two markdown captures that shows only meaningful differences.
 *
 * Lines are compared in the form the content hash uses (normalizeMarkdownForHash: list markers
 * unified, URLs canonical, volatile text removed), case-folded, and blank lines are left out, so
 * re-flowed whitespace, quote styles, rotating tokens and timestamps give no hunk and a page that
 * changed only by noise yields ''. Lines that are noise-equal are shown with the before text
 * on both sides; hunk line numbers count the non-blank lines shown.
 */
export function markdownDiff(before: string, after: string): string {
  const beforeLines = splitLines(before);
  const afterLines = splitLines(after);
  const inBefore = new Set(beforeLines);
  const common = new Set(afterLines.filter((line) => inBefore.has(line)));
  const old = meaningfulLines(beforeLines, common);
  const next = meaningfulLines(afterLines, common);
  if (old.keys.length === next.keys.length && old.keys.every((key, i) => key === next.keys[i])) return '';

  const changes = diffArrays(old.keys, next.keys, { timeout: DIFF_BUDGET_MS, maxEditLength: MAX_EDITS });
  if (!changes) return wholeReplacement(old.lines, next.lines);

  // Rebuild the after side so noise-equal lines read exactly like before and drop out of the patch.
  const shownAfter: string[] = [];
  let i = 0;
  let j = 0;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.added) {
      shownAfter.push(...next.lines.slice(j, j + count));
      j += count;
    } else if (change.removed) {
      i += count;
    } else {
      shownAfter.push(...old.lines.slice(i, i + count));
      i += count;
      j += count;
    }
  }
  const patch = createTwoFilesPatch('before', 'after', asText(old.lines), asText(shownAfter), undefined, undefined, {
    context: CONTEXT_LINES,
    timeout: DIFF_BUDGET_MS,
  });
  return patch ?? wholeReplacement(old.lines, next.lines);
}

function splitLines(markdown: string): string[] {
  return (markdown ?? '').split(/\r?\n/).map((line) => line.trimEnd());
}

/**
 * The comparison keys of a side's lines. A line found as it is on both sides compares by its
 * text; only the lines of one side are normalized (the costly part, and most lines of a page are
 * common), so that two lines differing by noise alone get equal keys. The prefixes keep the two
 * kinds apart.
 */
function meaningfulLines(all: string[], common: Set<string>): { lines: string[]; keys: string[] } {
  const lines: string[] = [];
  const keys: string[] = [];
  for (const line of all) {
    const key = common.has(line) ? (line.trim() === '' ? '' : `=${line.trim()}`) : normalizedKey(line);
    if (key === '') continue;
    lines.push(line);
    keys.push(key);
  }
  return { lines, keys };
}

function normalizedKey(line: string): string {
  const key = normalizeMarkdownForHash(line).toLowerCase();
  return key === '' ? '' : `~${key}`;
}

function asText(lines: string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function wholeReplacement(oldLines: string[], newLines: string[]): string {
  return formatPatch({
    oldFileName: 'before',
    newFileName: 'after',
    oldHeader: undefined,
    newHeader: undefined,
    hunks: [
      {
        oldStart: 1,
        oldLines: oldLines.length,
        newStart: 1,
        newLines: newLines.length,
        lines: [...oldLines.map((line) => `-${line}`), ...newLines.map((line) => `+${line}`)],
      },
    ],
  });
}
