import type { ChangeType } from '../../diffing/diff.types';
import type { RuleContext } from './context';
import { entryFacts, isRetreat } from './entry-facts';
import { listingOf, priceMoveOf } from './price-facts';
import type { Reading } from './readings';
import { SALES_LED } from './signals';

/*
 * Opportunity model: how much room a change opens for YOU, 0–100 (docs/interpretation.md).
 *
 * A competitor that retreats — raises a price, drops a plan, a free tier, a feature, an
 * integration, shortens its trial, deprecates an API — leaves customers looking for an
 * alternative: high opportunity. A competitor that advances — cuts a price, launches, partners,
 * raises money — is a threat: low opportunity. New content adds a little, because the topics it
 * targets are search terms you can compete for (2 points per SEO keyword, at most 10).
 * The change's opportunity is its best diff plus that keyword bonus. Informational-only changes
 * score 0: nothing was alerted, so nothing is offered.
 */

const BASE: Partial<Record<ChangeType, number>> = {
  announcement_changed: 10,
  billing_period_added: 10,
  billing_period_removed: 40,
  cta_added: 10,
  cta_changed: 10,
  cta_removed: 10,
  entry_added: 10,
  entry_updated: 5,
  feature_added: 10,
  feature_removed: 50,
  free_trial_changed: 10,
  heading_added: 10,
  heading_removed: 10,
  headline_changed: 20,
  integration_added: 10,
  integration_removed: 45,
  logo_added: 5,
  logo_removed: 20,
  navigation_added: 10,
  navigation_removed: 10,
  opening_added: 10,
  opening_removed: 15,
  page_added: 10,
  page_removed: 25,
  plan_added: 10,
  plan_removed: 60,
  plan_renamed: 5,
  post_added: 5,
  price_added: 10,
  price_changed: 20,
  price_decreased: 5,
  price_increased: 40,
  price_removed: 30,
  section_added: 10,
  section_removed: 25,
  social_proof_changed: 5,
  subheadline_changed: 10,
  testimonial_added: 5,
  testimonial_removed: 20,
};

export function opportunityOf(readings: readonly Reading[], ctx: RuleContext, keywordCount: number): number {
  const alertable = readings.filter((reading) => reading.alertable);
  if (alertable.length === 0) return 0;
  const best = Math.max(...alertable.map((reading) => readingOpportunity(reading, ctx)));
  return Math.max(0, Math.min(100, Math.round(best + Math.min(10, 2 * keywordCount))));
}

function readingOpportunity(reading: Reading, ctx: RuleContext): number {
  const { diff } = reading;
  const base = BASE[diff.change_type] ?? 5;
  switch (diff.change_type) {
    case 'price_increased': {
      // 40 plus one point per percent (capped at +40): a 20% rise on a plan opens 60.
      const move = priceMoveOf(reading, ctx);
      const size = move?.pct != null ? Math.min(40, Math.abs(move.pct)) : 10;
      return move?.subjectKind === 'line_item' ? 30 + 0.8 * size : base + size;
    }
    case 'plan_removed': {
      const listing = listingOf(reading, ctx);
      const free = listing?.plan?.free || listing?.prices.some((price) => price.amount === 0);
      return free ? 80 : base;
    }
    case 'price_changed':
      // A free plan turning paid sends its users shopping.
      if (reading.path.rest.endsWith('free') && diff.new === false) return 75;
      return base;
    case 'free_trial_changed':
      if (diff.op === 'removed') return 50;
      return shorterTrial(String(diff.old ?? ''), String(diff.new ?? '')) ? 40 : 5;
    case 'entry_added': {
      const facts = entryFacts(diff.new as never, reading.path.key ?? '');
      return isRetreat(facts) ? 45 : base;
    }
    case 'cta_changed':
    case 'cta_added':
      // Buyers routed to sales who wanted to self-serve are yours to catch.
      return SALES_LED.test(String(diff.new ?? '')) ? 30 : base;
    case 'post_added':
      if (reading.signal === 'pricing') return 20;
      if (reading.signal === 'deprecation') return 40;
      return reading.signal ? 10 : base;
    default:
      return base;
  }
}

function shorterTrial(old: string, next: string): boolean {
  const days = (text: string) => Number(/(\d+)[\s-]*days?/i.exec(text)?.[1] ?? NaN);
  return days(next) < days(old);
}
