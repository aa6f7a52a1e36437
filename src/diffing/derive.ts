import type { MonitorType } from '../capture/capture.types';
import type { ChangeCategory, ChangeDelta, ChangeDirection, ChangeType, FieldDiff } from './diff.types';
import { countIn, durationDays } from './quantities';

/*
 * How a change's category, direction and delta follow from its field diffs.
 *
 * The diffs considered are the alertable ones; when there are none (a change below the alert
 * line), the informational ones stand in, so the label still describes what moved.
 *
 * Category — the first that applies, in this order:
 *   pricing       any price, plan, billing-period or free-trial diff
 *   partnership   an integration added, or a new post / changelog entry whose text mentions a
 *                 partner, a partnership, an "integration with", or an acquisition
 *   feature       features added/removed, changelog entries, integrations removed
 *   positioning   headline, subheadline, CTAs, navigation, announcement
 *   social_proof  customer logos, testimonials, social-proof counts
 *   content       posts, docs sections/pages, titles, custom headings and text
 *   other         anything else (careers openings); with no diffs at all, the monitor type's
 *                 usual category
 * Pricing comes first because money is what readers act on; partnership before feature because
 * a partner announcement is rarer and more telling than one more feature.
 *
 * Direction — "things added or increased" against "removed or decreased", alertable diffs only:
 *   +1 for op `added` and for an increase, −1 for op `removed` and for a decrease. Increases and
 *   decreases are `price_increased` / `price_decreased`, and the ranked updates (op `updated`) of
 *   a free trial's length and of a social-proof claim ("10,000+ teams" → "25,000+ teams").
 *   A positive sum is `advanced`, a negative one `retreated`, zero `neutral`. So a price rise
 *   advances and a price cut, a dropped plan or a removed feature retreat.
 *
 * Delta — counts of alertable diffs by their op exactly: `added` (op added), `removed` (op
 * removed), `modified` (ops updated and modified: a price raised or cut, a headline rewritten, a
 * plan renamed). So a price rise is one `modified` and advances; a withdrawn plan is one `removed`.
 *
 * A direction never contradicts the counts: with only additions it is not `retreated`, with only
 * removals not `advanced` (see `directionWithin`).
 */

const CATEGORY_OF: Record<ChangeType, ChangeCategory> = {
  announcement_changed: 'positioning',
  billing_period_added: 'pricing',
  billing_period_removed: 'pricing',
  content_added: 'content',
  content_changed: 'content',
  content_removed: 'content',
  cta_added: 'positioning',
  cta_changed: 'positioning',
  cta_removed: 'positioning',
  entry_added: 'feature',
  entry_removed: 'feature',
  entry_updated: 'feature',
  feature_added: 'feature',
  feature_removed: 'feature',
  free_trial_changed: 'pricing',
  heading_added: 'content',
  heading_removed: 'content',
  headline_changed: 'positioning',
  integration_added: 'partnership',
  integration_removed: 'feature',
  limit_changed: 'pricing',
  logo_added: 'social_proof',
  logo_removed: 'social_proof',
  navigation_added: 'positioning',
  navigation_removed: 'positioning',
  opening_added: 'other',
  opening_removed: 'other',
  opening_updated: 'other',
  page_added: 'content',
  page_removed: 'content',
  plan_added: 'pricing',
  plan_removed: 'pricing',
  plan_renamed: 'pricing',
  post_added: 'content',
  post_removed: 'content',
  post_updated: 'content',
  price_added: 'pricing',
  price_changed: 'pricing',
  price_decreased: 'pricing',
  price_increased: 'pricing',
  price_removed: 'pricing',
  section_added: 'content',
  section_removed: 'content',
  social_proof_changed: 'social_proof',
  subheadline_changed: 'positioning',
  testimonial_added: 'social_proof',
  testimonial_removed: 'social_proof',
  title_changed: 'content',
};

const PRIORITY: ChangeCategory[] = ['pricing', 'partnership', 'feature', 'positioning', 'social_proof', 'content', 'other'];

/** What a monitor of each type usually reports, for a change with no diffs to go by. */
const TYPE_CATEGORY: Record<MonitorType, ChangeCategory> = {
  blog: 'content',
  careers: 'other',
  changelog: 'feature',
  custom: 'content',
  docs: 'content',
  homepage: 'positioning',
  integrations: 'feature',
  pricing: 'pricing',
};

/** Words that make a new post or entry a partnership story rather than a feature or an article. */
const PARTNERSHIP = /\bpartner(?:s|ship|ships|ed|ing)?\b|\bintegrations? with\b|\bacquir(?:es|ed|ing)\b|\bacquisition\b/i;

export function deriveCategory(type: MonitorType, diffs: readonly FieldDiff[]): ChangeCategory {
  const considered = consideredDiffs(diffs);
  if (considered.length === 0) return TYPE_CATEGORY[type];
  const found = new Set(considered.map((diff) => categoryOf(type, diff)));
  return PRIORITY.find((category) => found.has(category)) ?? 'other';
}

export function deriveDirection(diffs: readonly FieldDiff[]): ChangeDirection {
  let balance = 0;
  for (const diff of diffs) {
    if (diff.tier === 'alertable') balance += weight(diff);
  }
  if (balance > 0) return 'advanced';
  if (balance < 0) return 'retreated';
  return 'neutral';
}

export function deriveDelta(diffs: readonly FieldDiff[]): ChangeDelta {
  const delta: ChangeDelta = { added: 0, removed: 0, modified: 0 };
  for (const diff of diffs) {
    if (diff.tier !== 'alertable') continue;
    if (diff.op === 'added') delta.added += 1;
    else if (diff.op === 'removed') delta.removed += 1;
    else delta.modified += 1;
  }
  return delta;
}

/**
 * A direction read more finely (an interpreter's: a release that deprecates, a withdrawal notice)
 * is kept where the counts leave room for it. Where it would contradict them (only additions yet
 * `retreated`, only removals yet `advanced`), the diffs and their meaning pull apart: `neutral`.
 */
export function directionWithin(direction: ChangeDirection, delta: ChangeDelta): ChangeDirection {
  const onlyAdded = delta.added > 0 && delta.removed === 0 && delta.modified === 0;
  const onlyRemoved = delta.removed > 0 && delta.added === 0 && delta.modified === 0;
  if ((onlyAdded && direction === 'retreated') || (onlyRemoved && direction === 'advanced')) return 'neutral';
  return direction;
}

function weight(diff: FieldDiff): number {
  if (diff.op === 'added') return 1;
  if (diff.op === 'removed') return -1;
  return trend(diff);
}

/** Texts whose `updated` diffs can be ranked, and how to read the quantity out of them. */
const RANKED_BY: Partial<Record<ChangeType, (text: string) => number | null>> = {
  free_trial_changed: durationDays,
  limit_changed: countIn,
  social_proof_changed: countIn,
};

/** +1 for a value that went up, −1 for one that went down, 0 when there is nothing to rank. */
function trend(diff: FieldDiff): number {
  if (diff.change_type === 'price_increased') return 1;
  if (diff.change_type === 'price_decreased') return -1;
  if (diff.op !== 'updated') return 0;
  const measure = RANKED_BY[diff.change_type];
  if (!measure || typeof diff.old !== 'string' || typeof diff.new !== 'string') return 0;
  const old = measure(diff.old);
  const next = measure(diff.new);
  return old === null || next === null ? 0 : Math.sign(next - old);
}

function consideredDiffs(diffs: readonly FieldDiff[]): readonly FieldDiff[] {
  const alertable = diffs.filter((diff) => diff.tier === 'alertable');
  if (alertable.length > 0) return alertable;
  return diffs.filter((diff) => diff.tier === 'informational');
}

function categoryOf(type: MonitorType, diff: FieldDiff): ChangeCategory {
  // A section of a pricing page is a way of pricing ("Usage-based plans"), not an article.
  if (type === 'pricing' && diff.path.startsWith('sections[')) return 'pricing';
  const announced = diff.change_type === 'post_added' || diff.change_type === 'entry_added';
  if (announced && PARTNERSHIP.test(textOf(diff.new))) return 'partnership';
  return CATEGORY_OF[diff.change_type] ?? 'other';
}

/** All strings inside a diff value (a post's title and excerpt, an entry's items), joined. */
function textOf(value: unknown, depth = 0): string {
  if (typeof value === 'string') return value;
  if (depth > 3 || value === null || typeof value !== 'object') return '';
  const parts = Array.isArray(value) ? value : Object.values(value);
  return parts.map((part) => textOf(part, depth + 1)).join('\n');
}
