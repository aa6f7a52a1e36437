import type { DocsFields } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { fieldDiff, presenceOp } from './field-diff';
import { sameText, shownText } from './keyed-set';
import { diffOutline } from './outline.differ';

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
  diffs.push(...diffOutline(before.sections, after.sections, { base: 'sections', added: 'section_added', removed: 'section_removed' }));
  diffs.push(...diffOutline(before.pages, after.pages, { base: 'pages', added: 'page_added', removed: 'page_removed' }));
  return diffs;
}
