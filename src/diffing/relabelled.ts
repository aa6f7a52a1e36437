import type { KeyedSetDiff } from './keyed-set';
import { matchPairs, textKey } from './keyed-set';

/** At most this many characters edited, and at most this share of the label: a typo, not another item. */
const MAX_EDITS = 2;
const MAX_EDIT_SHARE = 0.1;

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

const numbers = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).join(' ');

/**
 * Whether two labels are one label with a typo fixed ("A2 (MacOS Silicone)" → "A2 (MacOS
 * Silicon)"): a few characters edited, the same numbers ("4 vCPU" → "8 vCPU" is another item).
 */
export function isSmallEdit(a: string, b: string): boolean {
  const [x, y] = [textKey(a), textKey(b)];
  if (x === y || numbers(x) !== numbers(y)) return x === y;
  const edits = editDistance(x, y);
  return edits <= MAX_EDITS && edits <= MAX_EDIT_SHARE * Math.max(x.length, y.length);
}

/**
 * Moves removed/added pairs that are one item relabelled by a small edit, with the same value,
 * into the matched pairs; a pair is made only when each side has exactly one candidate.
 */
export function pairRelabelled<T>(diff: KeyedSetDiff<T>, labelOf: (item: T) => string, sameValue: (a: T, b: T) => boolean): KeyedSetDiff<T> {
  const candidates = (old: T) => diff.added.filter((n) => sameValue(old, n.item) && isSmallEdit(labelOf(old), labelOf(n.item)));
  const pairs = diff.removed
    .map((old) => ({ old, news: candidates(old.item) }))
    .filter(({ news }) => news.length === 1)
    .map(({ old, news }) => ({ old, next: news[0] }))
    .filter(({ next }, _, all) => all.filter((p) => p.next === next).length === 1);
  return matchPairs(diff, pairs.map(({ old, next }) => [old, next] as const));
}

const words = (text: string) => new Set(textKey(text).match(/\p{L}{4,}/gu) ?? []);

/**
 * Moves the one removed and the one added line item that price the same unit at another amount ("per GB"), and
 * share a word and the numbers of their labels ("bandwidth usage" → "… monthly bandwidth limit"), into the matched
 * pairs: one fee reworded and repriced. A unit priced by several removed or added items pairs none.
 */
export function pairSameUnit<T>(
  diff: KeyedSetDiff<T>,
  labelOf: (item: T) => string,
  unitOf: (item: T) => string | null,
  sameValue: (a: T, b: T) => boolean,
): KeyedSetDiff<T> {
  const unitKey = (item: T) => textKey(unitOf(item));
  const pairs = diff.removed
    .filter((old) => unitKey(old.item) && diff.removed.filter((o) => unitKey(o.item) === unitKey(old.item)).length === 1)
    .map((old) => ({ old, news: diff.added.filter((n) => unitKey(n.item) === unitKey(old.item)) }))
    .filter(({ old, news }) => news.length === 1 && !sameValue(old.item, news[0].item) && numbers(textKey(labelOf(old.item))) === numbers(textKey(labelOf(news[0].item))))
    .filter(({ old, news }) => [...words(labelOf(old.item))].some((w) => words(labelOf(news[0].item)).has(w)))
    .map(({ old, news }) => [old, news[0]] as const);
  return matchPairs(diff, pairs);
}
