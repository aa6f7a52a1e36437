import type { HomepageFields } from '../capture/capture.types';
import type { ChangeType, FieldDiff } from './diff.types';
import { at, fieldDiff, presenceOp } from './field-diff';
import { diffKeyedSets, diffTextSets, sameText, shownText, textKey, type Keyed, type KeyedSetDiff } from './keyed-set';
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
    if (field === 'ctas') {
      for (const [old, next] of replacedCtas(before.ctas ?? [], after.ctas ?? [], set)) {
        diffs.push(fieldDiff('modified', 'cta_changed', at(field, next.key), 'alertable', shownText(old.item), shownText(next.item)));
        set.removed.splice(set.removed.indexOf(old), 1);
        set.added.splice(set.added.indexOf(next), 1);
      }
    }
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

/**
 * A call to action reworded in place ("Request invite" → "Get early access"): a removed button and
 * an added one standing at the same place, the page's closing button (the last) and then the hero's
 * buttons from the first on. Anything else stays added or removed.
 */
function replacedCtas(before: readonly string[], after: readonly string[], set: KeyedSetDiff<string>): Array<[Keyed<string>, Keyed<string>]> {
  const removed = (text: string | undefined) => set.removed.find((r) => r.item === text);
  const added = (text: string | undefined) => set.added.find((a) => a.item === text);
  const pairs: Array<[Keyed<string>, Keyed<string>]> = [];
  const pair = (old: string | undefined, next: string | undefined): boolean => {
    const r = removed(old);
    const a = added(next);
    if (!r || !a || pairs.some(([o, n]) => o === r || n === a)) return false;
    pairs.push([r, a]);
    return true;
  };
  pair(before.at(-1), after.at(-1));
  const leading = Math.min(before.length, after.length) - 1;
  for (let i = 0; i < leading; i++) if (!pair(before[i], after[i])) break;
  return pairs;
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
