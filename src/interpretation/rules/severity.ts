import type { ChangelogEntry, MonitorType } from '../../capture/capture.types';
import type { Severity } from '../../common/severity';
import type { ChangeType } from '../../diffing/diff.types';
import type { RuleContext } from './context';
import { announcesCapability, entryFacts, isRetreat } from './entry-facts';
import { listingOf, priceMoveOf, yearlyDiscount } from './price-facts';
import { titleOf, type Reading } from './readings';
import { MAJOR_PLATFORMS, SALES_LED, signalOf, STRATEGIC, type Signal } from './signals';
import { similarity } from './text';
import { upmarketFeatures } from './upmarket';

/*
 * Severity model (docs/interpretation.md has the same table for API users).
 *
 * Every alertable field diff gets a score from its change type (BASE), then a magnitude rule moves
 * it: the size of a price move, the kind of plan, what a post announces, how many items a release
 * has, how much a headline really changed. A change's score is its highest diff score plus 2 for
 * each further alertable diff (at most +10), so breadth counts but never outweighs the main move.
 * Informational diffs count at half weight and never above the `info` band: they are recorded,
 * not alerted on. Bands: info 0–19, low 20–39, medium 40–59, high 60–79, critical 80–100.
 */

export const BANDS: Array<[Severity, number]> = [
  ['critical', 80],
  ['high', 60],
  ['medium', 40],
  ['low', 20],
  ['info', 0],
];

export function severityOf(score: number): Severity {
  return BANDS.find(([, floor]) => score >= floor)?.[0] ?? 'info';
}

export const BASE: Record<ChangeType, number> = {
  announcement_changed: 35,
  billing_period_added: 40,
  billing_period_removed: 55,
  content_added: 15,
  content_changed: 10,
  content_removed: 15,
  cta_added: 25,
  cta_changed: 30,
  cta_removed: 25,
  entry_added: 25,
  entry_removed: 10,
  entry_updated: 20,
  feature_added: 30,
  feature_removed: 40,
  free_trial_changed: 40,
  heading_added: 25,
  heading_removed: 25,
  headline_changed: 55,
  integration_added: 30,
  integration_removed: 35,
  limit_changed: 35,
  logo_added: 20,
  logo_removed: 25,
  navigation_added: 20,
  navigation_removed: 20,
  opening_added: 15,
  opening_removed: 10,
  opening_updated: 5,
  page_added: 25,
  page_removed: 25,
  plan_added: 40,
  plan_removed: 65,
  plan_renamed: 20,
  post_added: 15,
  post_removed: 10,
  post_updated: 5,
  price_added: 35,
  price_changed: 45,
  price_decreased: 45,
  price_increased: 45,
  price_removed: 45,
  section_added: 25,
  section_removed: 25,
  social_proof_changed: 20,
  subheadline_changed: 30,
  testimonial_added: 15,
  testimonial_removed: 20,
  title_changed: 10,
};

/** What a post (or announcement) scores for what it announces; unannounced articles keep the base. */
export const SIGNAL_SCORE: Record<Signal, number> = {
  acquisition: 65,
  compliance: 30,
  customer_story: 25,
  deprecation: 45,
  funding: 50,
  launch: 50,
  partnership: 50,
  pricing: 55,
};

/** Score of one field diff, informational damping included. */
export function scoreReading(reading: Reading, ctx: RuleContext, all: readonly Reading[]): number {
  const raw = clamp(magnitude(reading, ctx, all));
  return reading.alertable ? raw : Math.min(19, Math.round(raw / 2));
}

/** Change score: the main move, plus a little for breadth. */
export function changeScore(scores: Array<{ score: number; alertable: boolean }>): number {
  if (scores.length === 0) return 0;
  const alertable = scores.filter((entry) => entry.alertable);
  const considered = alertable.length > 0 ? alertable : scores;
  const top = Math.max(...considered.map((entry) => entry.score));
  const breadth = alertable.length > 0 ? Math.min(10, 2 * (alertable.length - 1)) : 0;
  return clamp(Math.round(top + breadth));
}

function magnitude(reading: Reading, ctx: RuleContext, all: readonly Reading[]): number {
  const { diff } = reading;
  const base = BASE[diff.change_type] ?? 15;
  switch (diff.change_type) {
    case 'price_increased':
    case 'price_decreased':
      return priceMoveScore(reading, ctx, base);
    case 'price_changed':
      return priceChangedScore(reading, ctx, base);
    case 'plan_added': {
      const listing = listingOf(reading, ctx);
      // A new free plan is a direct threat to anyone selling to the same small customers.
      if (listing?.plan?.free || listing?.prices.some((price) => price.amount === 0)) return 65;
      // Each security or procurement feature (SSO, SCIM, audit logs, SLAs…) is a step upmarket.
      return base + Math.min(24, 8 * upmarketFeatures(listing?.plan?.features ?? []).length);
    }
    case 'plan_removed': {
      const listing = listingOf(reading, ctx);
      if (listing?.plan?.free || listing?.prices.some((price) => price.amount === 0)) return 85;
      return base;
    }
    case 'billing_period_added': {
      // A deep annual discount is a price cut for committed buyers.
      const listing = listingOf(reading, ctx);
      const discount = listing?.prices[0] ? yearlyDiscount(listing.plan, listing.prices[0]) : null;
      return discount !== null && discount >= 15 ? base + 10 : base;
    }
    case 'content_changed':
      return diff.path === 'markdown' ? unexplainedTextScore(reading, ctx, base) : base;
    case 'feature_added':
    case 'feature_removed':
      return STRATEGIC.test(String(diff.new ?? diff.old ?? '')) ? base + 10 : base;
    case 'cta_changed':
      return SALES_LED.test(String(diff.new ?? '')) !== SALES_LED.test(String(diff.old ?? '')) ? 45 : base;
    case 'cta_added':
    case 'cta_removed':
      return ctaSwitch(all) ? 45 : base;
    case 'free_trial_changed':
      if (diff.op === 'removed') return 60;
      if (diff.op === 'added') return 45;
      return base;
    case 'post_added':
    case 'announcement_changed':
      return reading.signal ? Math.max(base, SIGNAL_SCORE[reading.signal] + (diff.change_type === 'announcement_changed' ? 5 : 0)) : base;
    case 'entry_added':
      return entryScore(reading, base);
    case 'post_updated':
    case 'entry_updated':
      // A post or entry retitled under the same URL reframes a published story: low, not info.
      return reading.alertable && reading.path.rest.endsWith('title') ? 22 : base;
    case 'section_added':
    case 'page_added':
    case 'section_removed':
    case 'page_removed':
    case 'heading_added':
    case 'heading_removed': {
      const title = titleOf(diff.new ?? diff.old);
      // A pricing page's section frames its prices: it ranks below the prices that changed under it.
      if (ctx.monitorType === 'pricing' && reading.path.base === 'sections') return base - 5;
      if (reading.signal === 'compliance') return base + 10;
      return STRATEGIC.test(title) || /\b(?:legacy|deprecated|v\d)\b/i.test(title) ? base + 10 : base;
    }
    case 'headline_changed':
    case 'subheadline_changed':
      // A reworded line (mostly the same words) is copy editing, not repositioning.
      if (diff.op === 'modified' && similarity(String(diff.old ?? ''), String(diff.new ?? '')) >= 0.6) return 15;
      return base;
    case 'integration_added':
    case 'integration_removed':
      return MAJOR_PLATFORMS.test(String(diff.new ?? diff.old ?? '')) ? base + 10 : base;
    case 'logo_added':
    case 'logo_removed':
    case 'testimonial_added':
    case 'testimonial_removed':
      return base;
    case 'opening_added':
      return openingsScore(reading, ctx, all, base);
    case 'opening_removed': {
      const closed = all.filter((other) => other.diff.change_type === 'opening_removed' && other.alertable).length;
      return Math.min(30, base + 3 * (closed - 1));
    }
    default:
      return base;
  }
}

/**
 * Price moves scale with their size: a plan price moves the score 1 point per percent from 45
 * (10% → 55 medium, 20% → 65 high, 35%+ → 80 critical, capped at 90). Usage line items weigh
 * less — one SKU among many — at 30 + 0.8 per percent, capped at 78. A free plan turning paid is
 * critical whatever the amount.
 */
function priceMoveScore(reading: Reading, ctx: RuleContext, base: number): number {
  const move = priceMoveOf(reading, ctx);
  if (!move || move.pct === null) {
    if (move?.oldAmount === 0 && (move.newAmount ?? 0) > 0 && move.subjectKind === 'plan') return 85;
    return base;
  }
  const size = Math.abs(move.pct);
  if (move.subjectKind === 'line_item') return Math.min(78, 30 + 0.8 * Math.min(size, 60));
  return Math.min(90, base + Math.min(size, 45));
}

function priceChangedScore(reading: Reading, ctx: RuleContext, base: number): number {
  const { diff, path } = reading;
  if (path.rest === 'free' || path.rest.endsWith('.free')) return diff.new === false ? 85 : 60;
  if (path.rest === 'contact_sales' || path.rest.endsWith('.contact_sales')) return 50;
  const move = priceMoveOf(reading, ctx);
  if (move?.oldAmount === 0 && (move.newAmount ?? 0) > 0) return 85;
  return base;
}

/**
 * Releases: 25, plus 3 per new feature, 1 per improvement, ½ per fix or unlabelled item and 10 per
 * removal or deprecation (capped at +30), so a patch release stays low and a release that retires
 * an API reaches medium.
 */
function entryScore(reading: Reading, base: number): number {
  const facts = entryFacts(reading.diff.new as Partial<ChangelogEntry> | null, reading.path.key ?? '');
  const { feature, improvement, fix, removal, other } = facts.counts;
  const bonus = Math.min(30, 3 * feature + improvement + 0.5 * (fix + other) + 10 * removal);
  const score = base + bonus;
  if (reading.signal && reading.signal !== 'launch') return Math.max(score, SIGNAL_SCORE[reading.signal]);
  if (isRetreat(facts)) return Math.max(score, 45);
  // A launch or a new integration is capability prospects ask about, however few its items.
  return announcesCapability(reading.diff.new as Partial<ChangelogEntry> | null, reading.signal) ? Math.max(score, 40) : score;
}

/**
 * Hiring: 15 for one opening, +5 per further opening (up to 40), +10 when the new roles share a
 * team or open a location the page did not list before — a competitor building a new function or
 * entering a market.
 */
function openingsScore(reading: Reading, ctx: RuleContext, all: readonly Reading[], base: number): number {
  const added = all.filter((other) => other.diff.change_type === 'opening_added' && other.alertable);
  let score = Math.min(40, base + 5 * (added.length - 1));
  const teams = new Map<string, number>();
  for (const other of added) {
    const team = String((other.diff.new as { team?: string } | null)?.team ?? '').toLowerCase();
    if (team) teams.set(team, (teams.get(team) ?? 0) + 1);
  }
  const sharedTeam = [...teams.values()].some((count) => count >= 2);
  const leadership = added.some((other) => LEADERSHIP.test(titleOf(other.diff.new)));
  const location = String((reading.diff.new as { location?: string } | null)?.location ?? '').toLowerCase();
  const knownLocations = new Set((ctx.beforeOpenings ?? []).map((job) => String(job.location ?? '').toLowerCase()));
  const newLocation = ctx.beforeOpenings !== null && location !== '' && !knownLocations.has(location);
  if (sharedTeam || leadership || newLocation) score += 10;
  return score;
}

const LEADERSHIP = /\b(?:head of|vp|vice president|director|country manager|general manager|chief)\b/i;

/** A CTA removed and another added on the same page, one of them routing to sales: a go-to-market switch. */
function ctaSwitch(all: readonly Reading[]): boolean {
  const added = all.filter((reading) => reading.diff.change_type === 'cta_added').map((reading) => String(reading.diff.new));
  const removed = all.filter((reading) => reading.diff.change_type === 'cta_removed').map((reading) => String(reading.diff.old));
  if (added.length === 0 || removed.length === 0) return false;
  return added.some((text) => SALES_LED.test(text)) !== removed.some((text) => SALES_LED.test(text));
}

function clamp(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** What unexplained text on a surface scores before its words are read: a pricing page's text is about money. */
const UNEXPLAINED_TEXT_BASE: Record<MonitorType, number> = {
  blog: 15,
  careers: 10,
  changelog: 25,
  custom: 15,
  docs: 15,
  homepage: 25,
  integrations: 20,
  pricing: 40,
};
const MONEY = /[$€£¥₹]\s?\d|\d\s?(?:€|usd|eur|gbp)\b|\bper\s+(?:month|year|user|seat|gb|minute|hour)\b/i;

/**
 * Changed text no extractor explained (the silent-failure guard's diff): scored from the surface
 * it is on and the words it holds: money on any page reads as pricing, an added announcement
 * (launch, deprecation, partnership…) scores what such a post would.
 */
function unexplainedTextScore(reading: Reading, ctx: RuleContext, base: number): number {
  // Money anywhere in the text counts; an announcement only in what was added.
  const text = `${String(reading.diff.old ?? '')}\n${String(reading.diff.new ?? '')}`;
  let score = Math.max(base, UNEXPLAINED_TEXT_BASE[ctx.monitorType] ?? base);
  if (MONEY.test(text)) score = Math.max(score, BASE.price_changed);
  const signal = signalOf(reading.diff.new);
  if (signal) score = Math.max(score, SIGNAL_SCORE[signal]);
  return score;
}

