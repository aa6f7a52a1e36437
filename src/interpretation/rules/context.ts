import { chargedEvery } from '../../capture/billing-cadence';
import type { CareersFields, ChangelogEntry, ChangelogFields, MonitorType, PlanPrice, PricingFields, PricingPlan } from '../../capture/capture.types';
import type { FieldDiff } from '../../diffing/diff.types';
import type { InterpretationInput } from '../interpretation.types';
import { parsePath } from './paths';
import { squash, titleCase } from './text';

/**
 * What the rules know besides the diffs themselves: who the competitor is, and — when the caller
 * passed the captures' fields — the plans and prices a diff path only refers to by key.
 */
export interface RuleContext {
  competitor: string;
  monitorType: MonitorType;
  /** Path of the monitored URL ("/security"), to name the page in sentences. */
  pagePath: string | null;
  rawDiff: string;
  diffs: readonly FieldDiff[];
  before: PricingFields | null;
  after: PricingFields | null;
  /** Openings listed before the change, to tell a new location from a known one; null when unknown. */
  beforeOpenings: CareersFields['openings'] | null;
  /** Changelog entries after the change, to name an edited entry by its title; null when unknown. */
  afterEntries: ChangelogEntry[] | null;
}

export function contextOf(input: InterpretationInput): RuleContext {
  const pricing = input.monitor.type === 'pricing';
  return {
    competitor: squash(input.competitor.name) || input.competitor.domain,
    monitorType: input.monitor.type,
    pagePath: pathOf(input.monitor.url),
    rawDiff: input.raw_diff_excerpt ?? '',
    diffs: input.field_diffs,
    before: pricing ? asPricing(input.before_fields) : null,
    after: pricing ? asPricing(input.after_fields) : null,
    beforeOpenings: input.monitor.type === 'careers' ? openingsOf(input.before_fields) : null,
    afterEntries: input.monitor.type === 'changelog' ? entriesOf(input.after_fields) : null,
  };
}

function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname.replace(/\/+$/, '') || '/';
  } catch {
    return null;
  }
}

function openingsOf(fields: unknown): CareersFields['openings'] | null {
  const openings = (fields as CareersFields | null | undefined)?.openings;
  return Array.isArray(openings) ? openings : null;
}

function entriesOf(fields: unknown): ChangelogEntry[] | null {
  const entries = (fields as ChangelogFields | null | undefined)?.entries;
  return Array.isArray(entries) ? entries : null;
}

function asPricing(fields: unknown): PricingFields | null {
  if (!fields || typeof fields !== 'object') return null;
  const pricing = fields as PricingFields;
  if (!Array.isArray(pricing.plans) || !pricing.plans.every(isPlan)) return null;
  return { ...pricing, line_items: Array.isArray(pricing.line_items) ? pricing.line_items.filter((item) => isPrice(item?.price)) : [] };
}

/** Keys are compared the way the differ builds them: trimmed, spaces collapsed, case folded. */
export function sameKey(a: string | null | undefined, b: string | null | undefined): boolean {
  return squash(a).toLowerCase() === squash(b).toLowerCase();
}

/** A plan as known on either side: from the captures, else from a plan_added/removed diff's value. */
export function findPlan(ctx: RuleContext, key: string, side: 'before' | 'after'): PricingPlan | null {
  const fields = side === 'before' ? ctx.before : ctx.after;
  const fromFields = fields?.plans.find((plan) => sameKey(plan.key || plan.name, key) || sameKey(plan.name, key));
  if (fromFields) return fromFields;
  for (const diff of ctx.diffs) {
    const path = parsePath(diff.path);
    if (path.base !== 'plans' || !sameKey(path.key, key) || path.rest !== '') continue;
    const value = side === 'before' ? diff.old : diff.new;
    if (isPlan(value)) return value;
  }
  return null;
}

export function planName(ctx: RuleContext, key: string): string {
  const plan = findPlan(ctx, key, 'after') ?? findPlan(ctx, key, 'before');
  const renamed = ctx.diffs.find((diff) => diff.change_type === 'plan_renamed' && sameKey(parsePath(diff.path).key, key));
  if (renamed && typeof renamed.new === 'string') return squash(renamed.new);
  return squash(plan?.name) || titleCase(key);
}

/** The price a `prices[...]` key points at: the key is the period, or `period:unit` when a plan has several. */
export function findPlanPrice(ctx: RuleContext, planKey: string, priceKey: string, side: 'before' | 'after'): PlanPrice | null {
  const plan = findPlan(ctx, planKey, side);
  if (!plan) return null;
  const [period, unit] = splitPriceKey(priceKey);
  const candidates = (plan.prices ?? []).filter((price) => chargedEvery(price) === period);
  if (candidates.length <= 1 || !unit) return candidates[0] ?? null;
  return candidates.find((price) => sameKey(price.unit, unit)) ?? candidates[0];
}

export function splitPriceKey(priceKey: string): [string, string | null] {
  const colon = priceKey.indexOf(':');
  return colon < 0 ? [priceKey, null] : [priceKey.slice(0, colon), priceKey.slice(colon + 1)];
}

export function findLineItem(
  ctx: RuleContext,
  key: string,
  side: 'before' | 'after',
): { key: string; label: string; price: PlanPrice } | null {
  const fields = side === 'before' ? ctx.before : ctx.after;
  return fields?.line_items.find((item) => sameKey(item.key || item.label, key) || sameKey(item.label, key)) ?? null;
}

/** Diff values are `unknown` on the wire: shapes are checked before they are read. */
export function isPlan(value: unknown): value is PricingPlan {
  if (!value || typeof value !== 'object') return false;
  const plan = value as PricingPlan;
  return typeof plan.name === 'string' && Array.isArray(plan.prices) && plan.prices.every(isPrice);
}

export function isPrice(value: unknown): value is PlanPrice {
  if (!value || typeof value !== 'object') return false;
  const price = value as PlanPrice;
  return (price.amount === null || typeof price.amount === 'number') && typeof price.period === 'string';
}

const SYMBOL_CURRENCY: Array<[RegExp, string]> = [
  [/CA\$/, 'CAD'],
  [/A\$/, 'AUD'],
  [/R\$/, 'BRL'],
  [/\$/, 'USD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹/, 'INR'],
  [/¥/, 'JPY'],
  [/\bCHF\b/, 'CHF'],
];

/**
 * Without the captures, the currency of an amount is read from the raw diff: the symbol written
 * next to that number on a changed line. Returns the currency and a sample text for symbol placement.
 */
export function sniffCurrency(rawDiff: string, amount: number): { currency: string; text: string } | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  const number = amount.toString().replace('.', '\\.');
  const near = new RegExp(`(CA\\$|A\\$|R\\$|[$€£₹¥]|CHF)\\s?${number}0*(?!\\d)|${number}0*(?!\\d)\\s?([€$£]|CHF)`);
  for (const line of rawDiff.split('\n')) {
    if (!/^[-+]/.test(line)) continue;
    const match = near.exec(line.replace(/(\d),(\d{3})/g, '$1$2'));
    if (!match) continue;
    const symbol = match[1] ?? match[2];
    const currency = SYMBOL_CURRENCY.find(([pattern]) => pattern.test(symbol))?.[1];
    if (currency) return { currency, text: match[0] };
  }
  return null;
}
