import type { ChangelogEntry, ChangelogFields } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { droppedOff } from './drop-off';
import { at, fieldDiff } from './field-diff';
import { diffKeyedSets, diffTextSets, sameText, shownText } from './keyed-set';

/** A version number inside a heading: "v2.4.8 (Pre-release)" → "2.4.8". */
const VERSION = /\bv?(\d+(?:\.\d+)+(?:-[0-9a-z.]+)?)\b/i;

/**
 * Changelogs: a new entry is the news and is alertable. Most of what happens to an entry that was
 * already there is bookkeeping (a heading relabelled "(Pre-release)", a date fixed, a line
 * reworded, an old entry dropping off the end of the page) and is informational — with three
 * exceptions: an item added to or removed from an entry, because a release's notes growing or
 * losing a line is how projects announce (or withdraw) a feature, in any release; an entry retitled
 * beyond its labels ("Launched SSO" → "SSO for every plan", "0.1.0-beta" → a name), which reframes
 * it; and an entry taken down from among entries that stayed. An entry whose notes all went while
 * every older entry already had none was collapsed by the page (older releases shown as headings
 * only), not edited: informational, as an entry dropping off is.
 */
export function diffChangelog(before: ChangelogFields, after: ChangelogFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const entries = diffKeyedSets(before.entries, after.entries, (entry) => entry.key || entry.version || entry.title, {
    // Keys taken from a heading change when the heading is relabelled or retitled; the version
    // number does not, nor do the date and items of an entry whose title alone changed.
    fallbacks: [versionOf, sameDayAndItems],
  });
  for (const { key, item } of entries.added) {
    diffs.push(fieldDiff('added', 'entry_added', at('entries', key), 'alertable', null, item));
  }
  const dropped = droppedOff(before.entries ?? [], new Set(entries.removed.map((entry) => entry.item)), (entry) => entry.date);
  for (const { key, item } of entries.removed) {
    diffs.push(fieldDiff('removed', 'entry_removed', at('entries', key), dropped(item) ? 'informational' : 'alertable', item, null));
  }
  const collapsed = collapsedEntries(entries.matched.map(({ after: next }) => next), after.entries ?? []);
  for (const { key, before: old, after: next } of entries.matched) {
    diffs.push(...diffEntry(at('entries', key), old, next, collapsed.has(next)));
  }
  return diffs;
}

function diffEntry(path: string, old: ChangelogEntry, next: ChangelogEntry, collapsed: boolean): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const field of ['title', 'date'] as const) {
    if (sameText(old[field], next[field])) continue;
    const tier = field === 'title' && retitled(old.title, next.title) ? 'alertable' : 'informational';
    diffs.push(fieldDiff('modified', 'entry_updated', `${path}.${field}`, tier, shownText(old[field]), shownText(next[field])));
  }
  const items = diffTextSets(old.items, next.items);
  // A line reworded (most of its words kept, code re-spaced) is an edit, not a line added or taken out.
  const reworded = (item: string, others: { item: string }[]) => others.some((other) => mostWordsShared(item, other.item));
  const tierOf = (item: string, others: { item: string }[]) => (!collapsed && !reworded(item, others) ? 'alertable' : 'informational');
  for (const { key, item } of items.added) {
    diffs.push(fieldDiff('added', 'entry_updated', at(`${path}.items`, key), tierOf(item, items.removed), null, shownText(item)));
  }
  for (const { key, item } of items.removed) {
    diffs.push(fieldDiff('removed', 'entry_updated', at(`${path}.items`, key), tierOf(item, items.added), shownText(item), null));
  }
  return diffs;
}

/**
 * Entries left without items on a page where every entry after them has none either: the page
 * shows older releases as headings only, and this one has just joined them.
 */
function collapsedEntries(matched: ChangelogEntry[], after: ChangelogEntry[]): Set<ChangelogEntry> {
  const empty = (entry: ChangelogEntry) => (entry.items ?? []).length === 0;
  const collapsed = new Set<ChangelogEntry>();
  const present = new Set(matched);
  for (let i = after.length - 1; i >= 0 && empty(after[i]); i--) if (present.has(after[i])) collapsed.add(after[i]);
  return collapsed;
}

/**
 * Titles that differ beyond a version number and bracketed labels such as "(Pre-release)"; a
 * heading that was only a version and now has a name ("0.1.0-beta" → "Offline mode") is retitled.
 */
function retitled(old: string | null, next: string | null): boolean {
  const core = (title: string | null) => (shownText(title) ?? '').replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').replace(VERSION, ' ');
  const [a, b] = [core(old), core(next)];
  if (a.trim() === '') return (b.match(/\p{L}{2,}/gu) ?? []).length >= 2;
  return b.trim() !== '' && !sameText(a, b);
}

const words = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));

function mostWordsShared(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)];
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= 0.8 * Math.max(x.size, y.size);
}

function sameDayAndItems(entry: ChangelogEntry): string | null {
  const items = (entry.items ?? []).map((item) => shownText(item) ?? '').filter(Boolean);
  return entry.date && items.length > 0 ? `${entry.date}|${items.join('|')}` : null;
}

function versionOf(entry: ChangelogEntry): string | null {
  const match = VERSION.exec(entry.version ?? '') ?? VERSION.exec(entry.title ?? '');
  return match ? match[1] : null;
}
