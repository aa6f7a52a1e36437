import type { DocsFields, DocsPage } from '../capture/capture.types';
import type { ChangeType, FieldDiff } from './diff.types';
import { at, fieldDiff, presenceOp } from './field-diff';
import { diffKeyedSets, replacedTitle, sameText, shownText } from './keyed-set';
import { normalizeUrl } from '../common/noise';

/**
 * Docs: a section or page that appears or disappears is alertable (new docs usually mean a new
 * capability, vanished docs a retired one); a page or section retitled is informational, unless
 * the new title shares none of the old one's words (the same anchor or URL now holds other docs).
 */
export function diffDocs(before: DocsFields, after: DocsFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  if (!sameText(before.title, after.title)) {
    const old = shownText(before.title);
    const next = shownText(after.title);
    diffs.push(fieldDiff(presenceOp(old, next), 'title_changed', 'title', 'informational', old, next));
  }
  diffs.push(...diffOutline('sections', before.sections, after.sections, 'section_added', 'section_removed'));
  diffs.push(...diffOutline('pages', before.pages, after.pages, 'page_added', 'page_removed'));
  return diffs;
}

function diffOutline(
  base: 'sections' | 'pages',
  before: DocsPage[],
  after: DocsPage[],
  addedType: ChangeType,
  removedType: ChangeType,
): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const outline = diffKeyedSets(before, after, (page) => page.key || page.url || page.title, {
    // A retitled page keeps its URL (or anchor); that is what makes it the same page.
    fallbacks: [(page) => (page.url ? normalizeUrl(page.url) : null)],
  });
  for (const { key, item } of outline.added) {
    diffs.push(fieldDiff('added', addedType, at(base, key), 'alertable', null, item));
  }
  for (const { key, item } of outline.removed) {
    diffs.push(fieldDiff('removed', removedType, at(base, key), 'alertable', item, null));
  }
  for (const { key, before: old, after: next } of outline.matched) {
    if (sameText(old.title, next.title)) continue;
    const tier = replacedTitle(old.title, next.title) ? 'alertable' : 'informational';
    diffs.push(fieldDiff('modified', 'title_changed', `${at(base, key)}.title`, tier, old.title, next.title));
  }
  return diffs;
}
