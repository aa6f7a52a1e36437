import type { HomepageFields } from '../capture/capture.types';
import type { ChangeType, FieldDiff } from './diff.types';
import { at, fieldDiff, presenceOp } from './field-diff';
import { diffKeyedSets, diffTextSets, sameText, shownText, textKey } from './keyed-set';
import { countIn, isRoundedClaim } from './quantities';

type SingleText = 'headline' | 'subheadline' | 'announcement';
type TextList = 'ctas' | 'navigation' | 'customer_logos' | 'testimonials';

const SINGLE: Array<[SingleText, ChangeType]> = [
  ['headline', 'headline_changed'],
  ['subheadline', 'subheadline_changed'],
  ['announcement', 'announcement_changed'],
];

const LISTS: Array<[TextList, ChangeType, ChangeType]> = [
  ['ctas', 'cta_added', 'cta_removed'],
  ['navigation', 'navigation_added', 'navigation_removed'],
  ['customer_logos', 'logo_added', 'logo_removed'],
  ['testimonials', 'testimonial_added', 'testimonial_removed'],
];

/**
 * Homepages: positioning (headline, subheadline, announcement, CTAs, navigation) and social proof
 * (logos, testimonials, counts) are all alertable, except a live counter that ticks over
 * ("1,204,332 notes synced" → "1,204,870"), which is informational: it would alert on every visit.
 * A rounded claim that moves ("10,000+ teams" → "25,000+ teams") is a message and alerts.
 */
export function diffHomepage(before: HomepageFields, after: HomepageFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const [field, type] of SINGLE) {
    if (sameText(before[field], after[field])) continue;
    const old = shownText(before[field]);
    const next = shownText(after[field]);
    diffs.push(fieldDiff(presenceOp(old, next), type, field, 'alertable', old, next));
  }
  for (const [field, addedType, removedType] of LISTS) {
    const set = diffTextSets(before[field], after[field]);
    for (const { key, item } of set.added) {
      diffs.push(fieldDiff('added', addedType, at(field, key), 'alertable', null, shownText(item)));
    }
    for (const { key, item } of set.removed) {
      diffs.push(fieldDiff('removed', removedType, at(field, key), 'alertable', shownText(item), null));
    }
  }
  diffs.push(...diffCounts(before.social_proof_counts, after.social_proof_counts));
  return diffs;
}

/** Counts are matched by their wording with the numbers masked, so a changed number is an update. */
function diffCounts(before: string[], after: string[]): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const counts = diffKeyedSets(before, after, (text) => text, { fallbacks: [maskNumbers] });
  for (const { key, item } of counts.added) {
    diffs.push(fieldDiff('added', 'social_proof_changed', at('social_proof_counts', key), 'alertable', null, shownText(item)));
  }
  for (const { key, item } of counts.removed) {
    diffs.push(fieldDiff('removed', 'social_proof_changed', at('social_proof_counts', key), 'alertable', shownText(item), null));
  }
  for (const { key, before: old, after: next } of counts.matched) {
    if (sameText(old, next)) continue;
    const path = at('social_proof_counts', key);
    const tier = isRoundedClaim(old) && isRoundedClaim(next) ? 'alertable' : 'informational';
    const ranked = countIn(old) !== null && countIn(next) !== null;
    diffs.push(fieldDiff(ranked ? 'updated' : 'modified', 'social_proof_changed', path, tier, shownText(old), shownText(next)));
  }
  return diffs;
}

function maskNumbers(text: string): string {
  return textKey(text).replace(/\d[\d,.\s]*/g, '#');
}
