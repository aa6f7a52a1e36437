import type { DocsPage } from '../capture/capture.types';
import type { ChangeType, DiffTier, FieldDiff } from './diff.types';
import { at, fieldDiff } from './field-diff';
import { diffKeyedSets, replacedTitle, sameText } from './keyed-set';
import { normalizeUrl } from '../common/noise';

export interface OutlineDiffOptions {
  base: 'sections' | 'pages';
  added: ChangeType;
  removed: ChangeType;
  /** How a retitle is tiered; by default alertable only when the new title shares none of the old one's words. */
  retitled?: (old: string, next: string) => DiffTier;
}

const byWords = (old: string, next: string): DiffTier => (replacedTitle(old, next) ? 'alertable' : 'informational');

/**
 * An outline (sections or pages) as a keyed set: an entry that appears or disappears is alertable,
 * a retitled one (same key, or same URL or anchor) is tiered by `retitled`.
 */
export function diffOutline(before: DocsPage[], after: DocsPage[], options: OutlineDiffOptions): FieldDiff[] {
  const { base, retitled = byWords } = options;
  // Most compared pairs keep their outline as it was: equal entries in the same order need no
  // keyed comparison (which normalises every title, milliseconds on a page of many headings).
  if (sameOutline(before, after)) return [];
  const diffs: FieldDiff[] = [];
  const outline = diffKeyedSets(before, after, (page) => page.key || page.url || page.title, {
    // A retitled page keeps its URL (or anchor); that is what makes it the same page.
    fallbacks: [(page) => (page.url ? normalizeUrl(page.url) : null)],
  });
  for (const { key, item } of outline.added) {
    diffs.push(fieldDiff('added', options.added, at(base, key), 'alertable', null, item));
  }
  for (const { key, item } of outline.removed) {
    diffs.push(fieldDiff('removed', options.removed, at(base, key), 'alertable', item, null));
  }
  for (const { key, before: old, after: next } of outline.matched) {
    if (sameText(old.title, next.title)) continue;
    diffs.push(fieldDiff('modified', 'title_changed', `${at(base, key)}.title`, retitled(old.title, next.title), old.title, next.title));
  }
  return diffs;
}

/** Whether two outlines hold the same entries in the same order (so nothing in them changed). */
export function sameOutline(before: DocsPage[], after: DocsPage[]): boolean {
  return (
    before.length === after.length &&
    before.every((page, i) => page.key === after[i].key && page.title === after[i].title && page.url === after[i].url)
  );
}
