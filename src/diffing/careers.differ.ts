import type { CareersFields } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { at, fieldDiff } from './field-diff';
import { diffKeyedSets, replacedTitle, sameText, shownText } from './keyed-set';
import { normalizeUrl } from '../common/noise';

/**
 * Careers: an opening that appears or closes is alertable (hiring shows where a competitor is
 * investing); a changed title, location or team of the same opening is informational.
 */
export function diffCareers(before: CareersFields, after: CareersFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const openings = diffKeyedSets(before.openings, after.openings, (job) => job.key || job.title, {
    fallbacks: [(job) => (job.url ? normalizeUrl(job.url) : null)],
  });
  for (const { key, item } of openings.added) {
    diffs.push(fieldDiff('added', 'opening_added', at('openings', key), 'alertable', null, item));
  }
  for (const { key, item } of openings.removed) {
    diffs.push(fieldDiff('removed', 'opening_removed', at('openings', key), 'alertable', item, null));
  }
  for (const { key, before: old, after: next } of openings.matched) {
    for (const field of ['title', 'location', 'team'] as const) {
      if (sameText(old[field], next[field])) continue;
      const path = `${at('openings', key)}.${field}`;
      // An opening retitled to another job at the same URL is a new role, not an edit.
      const tier = field === 'title' && replacedTitle(old.title, next.title) ? 'alertable' : 'informational';
      diffs.push(fieldDiff('modified', 'opening_updated', path, tier, shownText(old[field]), shownText(next[field])));
    }
  }
  return diffs;
}
