import { diffArrays, formatPatch, type StructuredPatchHunk } from 'diff';
import { splitLines } from '../common/lines';
import { normalizeMarkdownForHash } from '../common/noise';

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
  // Most lines of a page stand on both sides: each distinct line is normalized once.
  const keys = new Map<string, string>();
  const old = meaningfulLines(before, keys);
  const next = meaningfulLines(after, keys);
  if (old.keys.length === next.keys.length && old.keys.every((key, i) => key === next.keys[i])) return '';

  const changes = diffArrays(old.keys, next.keys, { timeout: DIFF_BUDGET_MS, maxEditLength: MAX_EDITS });
  if (!changes) return wholeReplacement(old.lines, next.lines);

  // Noise-equal lines read exactly like before, so they never show as changed.
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      for (let k = 0; k < count; k++) ops.push({ sign: '-', line: old.lines[i + k], at: [i + k, j] });
      i += count;
    } else if (change.added) {
      for (let k = 0; k < count; k++) ops.push({ sign: '+', line: next.lines[j + k], at: [i, j + k] });
      j += count;
    } else {
      for (let k = 0; k < count; k++) ops.push({ sign: ' ', line: old.lines[i + k], at: [i + k, j + k] });
      i += count;
      j += count;
    }
  }
  return formatPatch({ oldFileName: 'before', newFileName: 'after', oldHeader: undefined, newHeader: undefined, hunks: hunksOf(ops) });
}

/** A line of the aligned diff, with its 0-based position on each side. */
interface Op {
  sign: ' ' | '-' | '+';
  line: string;
  at: [old: number, next: number];
}

/**
 * Unified-diff hunks from the aligned lines: each change with CONTEXT_LINES lines around it, and
 * changes closer than twice that in one hunk. Built from the alignment already computed, rather
 * than diffing the two texts a second time.
 */
function hunksOf(ops: Op[]): StructuredPatchHunk[] {
  const changed = ops.flatMap((op, index) => (op.sign === ' ' ? [] : [index]));
  const hunks: StructuredPatchHunk[] = [];
  for (let g = 0; g < changed.length; ) {
    let last = g;
    while (last + 1 < changed.length && changed[last + 1] - changed[last] - 1 <= 2 * CONTEXT_LINES) last++;
    const from = Math.max(0, changed[g] - CONTEXT_LINES);
    const to = Math.min(ops.length, changed[last] + CONTEXT_LINES + 1);
    const slice = ops.slice(from, to);
    const oldLines = slice.filter((op) => op.sign !== '+').length;
    const newLines = slice.filter((op) => op.sign !== '-').length;
    hunks.push({
      // 1-based; formatPatch itself writes an empty side as the line before the hunk.
      oldStart: ops[from].at[0] + 1,
      oldLines,
      newStart: ops[from].at[1] + 1,
      newLines,
      lines: slice.map((op) => `${op.sign}${op.line}`),
    });
    g = last + 1;
  }
  return hunks;
}

function meaningfulLines(markdown: string, keys: Map<string, string>): { lines: string[]; keys: string[] } {
  const lines: string[] = [];
  const lineKeys: string[] = [];
  for (const raw of splitLines(markdown ?? '')) {
    const line = raw.trimEnd();
    let key = keys.get(line);
    if (key === undefined) {
      key = normalizeMarkdownForHash(line).toLowerCase();
      keys.set(line, key);
    }
    if (key === '') continue;
    lines.push(line);
    lineKeys.push(key);
  }
  return { lines, keys: lineKeys };
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
