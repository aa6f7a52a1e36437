import { normalizeText } from '../common/noise';

/**
 * Identity of a text across two captures: noise-normalised and case-folded, because a change of
 * capitalisation alone ("Static IPs for machines" → "Machines") is cosmetic, never news.
 */
export function textKey(value: string | null | undefined): string {
  return value == null ? '' : normalizeText(value).toLowerCase();
}

/** True when two optional texts differ only by noise (null and blank count as the same absence). */
export function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  return textKey(a) === textKey(b);
}

const titleWords = (text: string | null | undefined) => textKey(text).match(/[\p{L}\p{N}]{3,}/gu) ?? [];
const related = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));

/**
 * A title replaced by one that shares none of its words ("Featured documentation" → "Analytics
 * export"): the same place now holds something else. "Intro" → "Introduction" is an edit.
 */
export function replacedTitle(a: string | null | undefined, b: string | null | undefined): boolean {
  const [x, y] = [titleWords(a), titleWords(b)];
  return x.length > 0 && y.length > 0 && !x.some((w) => y.some((v) => related(w, v)));
}

/** The text to show for a value: noise-normalised, blank → null. */
export function shownText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = normalizeText(value);
  return text === '' ? null : text;
}

export interface Keyed<T> {
  /** Readable key for paths (the item's own key, noise-normalised). */
  key: string;
  item: T;
}

export interface Matched<T> {
  key: string;
  before: T;
  after: T;
}

export interface KeyedSetDiff<T> {
  added: Keyed<T>[];
  removed: Keyed<T>[];
  matched: Matched<T>[];
}

export interface KeyedSetOptions<T> {
  /**
   * Second chances for items whose key changed between captures (an extractor keyed a post by a
   * slug that was edited, a changelog heading that gained a label). Tried in order on the items
   * left unmatched; a pair is made only when the fallback identity is unique on both sides, so a
   * guess never merges two different items.
   */
  fallbacks?: Array<(item: T) => string | null | undefined>;
}

/**
 * Compares two lists as sets keyed by `keyOf`: order never matters, only membership and the
 * matched pairs. Items with a blank key carry nothing comparable and are skipped. Repeated keys
 * are numbered in order (`key#2`) so duplicates are still counted.
 */
export function diffKeyedSets<T>(
  before: readonly T[] | null | undefined,
  after: readonly T[] | null | undefined,
  keyOf: (item: T) => string | null | undefined,
  options: KeyedSetOptions<T> = {},
): KeyedSetDiff<T> {
  const beforeMap = index(before ?? [], keyOf);
  const afterMap = index(after ?? [], keyOf);

  const matched: Matched<T>[] = [];
  const added: Keyed<T>[] = [];
  for (const [identity, entry] of afterMap) {
    const old = beforeMap.get(identity);
    if (old) matched.push({ key: entry.key, before: old.item, after: entry.item });
    else added.push(entry);
  }
  const removed = [...beforeMap].filter(([identity]) => !afterMap.has(identity)).map(([, entry]) => entry);

  let diff: KeyedSetDiff<T> = { added, removed, matched };
  for (const fallback of options.fallbacks ?? []) {
    if (diff.added.length === 0 || diff.removed.length === 0) break;
    diff = matchPairs(diff, pairUnique(diff.removed, diff.added, fallback));
  }
  return diff;
}

/**
 * The diff with these (removed, added) pairs taken out of its removed and added entries and
 * appended to its matched pairs, keyed by the added side: one item whose key changed.
 */
export function matchPairs<T>(diff: KeyedSetDiff<T>, pairs: ReadonlyArray<readonly [Keyed<T>, Keyed<T>]>): KeyedSetDiff<T> {
  if (pairs.length === 0) return diff;
  const pairedOld = new Set(pairs.map(([old]) => old));
  const pairedNew = new Set(pairs.map(([, next]) => next));
  return {
    added: diff.added.filter((entry) => !pairedNew.has(entry)),
    removed: diff.removed.filter((entry) => !pairedOld.has(entry)),
    matched: [...diff.matched, ...pairs.map(([old, next]) => ({ key: next.key, before: old.item, after: next.item }))],
  };
}

/** Compares lists of plain strings (features, logos, CTAs…) by their noise-normalised text. */
export function diffTextSets(
  before: readonly string[] | null | undefined,
  after: readonly string[] | null | undefined,
): KeyedSetDiff<string> {
  return diffKeyedSets(before, after, (text) => text);
}

function index<T>(items: readonly T[], keyOf: (item: T) => string | null | undefined): Map<string, Keyed<T>> {
  return new Map(identified(items, keyOf).map(({ identity, key, item }) => [identity, { key, item }]));
}

/**
 * The keys a keyed-set diff gives these items in its paths (`plans[pro]`): the item's own key,
 * noise-normalised, numbered when repeated (`key#2`); items with a blank key are left out.
 */
export function keyedItems<T>(items: readonly T[], keyOf: (item: T) => string | null | undefined): Keyed<T>[] {
  return identified(items, keyOf).map(({ key, item }) => ({ key, item }));
}

function identified<T>(items: readonly T[], keyOf: (item: T) => string | null | undefined): Array<Keyed<T> & { identity: string }> {
  const entries: Array<Keyed<T> & { identity: string }> = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const raw = keyOf(item);
    const identity = textKey(raw);
    if (identity === '') continue;
    const count = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, count);
    const suffix = count === 1 ? '' : `#${count}`;
    entries.push({ identity: identity + suffix, key: normalizeText(raw ?? '') + suffix, item });
  }
  return entries;
}

function pairUnique<T>(
  removed: Keyed<T>[],
  added: Keyed<T>[],
  identityOf: (item: T) => string | null | undefined,
): Array<[Keyed<T>, Keyed<T>]> {
  const group = (entries: Keyed<T>[]) => {
    const groups = new Map<string, Keyed<T>[]>();
    for (const entry of entries) {
      const identity = textKey(identityOf(entry.item));
      if (identity === '') continue;
      groups.set(identity, [...(groups.get(identity) ?? []), entry]);
    }
    return groups;
  };
  const olds = group(removed);
  const news = group(added);
  const pairs: Array<[Keyed<T>, Keyed<T>]> = [];
  for (const [identity, oldEntries] of olds) {
    const newEntries = news.get(identity);
    if (oldEntries.length === 1 && newEntries?.length === 1) pairs.push([oldEntries[0], newEntries[0]]);
  }
  return pairs;
}
