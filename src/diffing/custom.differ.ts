import type { CustomFields } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { at, fieldDiff, presenceOp } from './field-diff';
import { diffTextSets, sameText, shownText } from './keyed-set';

/**
 * Custom pages have no known structure. A heading that appears or disappears means a section did,
 * which is worth an alert; the title and the body text are informational because generic text
 * churns (dates, rotating copy) far more often than it means anything.
 */
export function diffCustom(before: CustomFields, after: CustomFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  if (!sameText(before.title, after.title)) {
    const old = shownText(before.title);
    const next = shownText(after.title);
    diffs.push(fieldDiff(presenceOp(old, next), 'title_changed', 'title', 'informational', old, next));
  }
  const headings = diffTextSets(before.headings, after.headings);
  for (const { key, item } of headings.added) {
    diffs.push(fieldDiff('added', 'heading_added', at('headings', key), 'alertable', null, shownText(item)));
  }
  for (const { key, item } of headings.removed) {
    diffs.push(fieldDiff('removed', 'heading_removed', at('headings', key), 'alertable', shownText(item), null));
  }
  // Blocks are keyed by their own text, so an edited block is one removed and one added block.
  const blocks = diffTextSets(before.text_blocks, after.text_blocks);
  for (const { key, item } of blocks.added) {
    diffs.push(fieldDiff('added', 'content_added', at('text_blocks', blockLabel(key)), 'informational', null, shownText(item)));
  }
  for (const { key, item } of blocks.removed) {
    diffs.push(fieldDiff('removed', 'content_removed', at('text_blocks', blockLabel(key)), 'informational', shownText(item), null));
  }
  return diffs;
}

/** Paths name a block by its opening words; the whole text is in old/new. */
function blockLabel(key: string): string {
  return key.length <= 60 ? key : `${key.slice(0, 57)}...`;
}
