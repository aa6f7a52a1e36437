import type { BillingPeriod, PlanPrice, PricingPlan } from '../../capture/capture.types';
import { findLineItem, findPlan, findPlanPrice, isPlan, isPrice, planName, sniffCurrency, splitPriceKey, type RuleContext } from './context';
import { formatMoney, monthlyEquivalent, percentChange, styleOf, unitAndPeriod, yearlyFigures, type MoneyStyle } from './money';
import { parseSub } from './paths';
import type { Reading } from './readings';
import { quote, squash, titleCase } from './text';

/** A price seen before and after, with everything a sentence needs to state it. */
export interface PriceMove {
  subject: string;
  subjectKind: 'plan' | 'line_item';
  oldAmount: number | null;
  newAmount: number | null;
  /** Signed percentage; null when either side has no amount or the old one is zero. */
  pct: number | null;
  style: MoneyStyle;
  period: BillingPeriod | null;
  unit: string | null;
  /**
   * For a yearly price the page quotes per month ("$32/mo billed yearly"): the monthly figures, so
   * the sentence uses the numbers a visitor sees rather than the annual totals.
   */
  monthly: { old: number; new: number } | null;
}

const PERIODS: BillingPeriod[] = ['month', 'year', 'week', 'day', 'hour', 'one_time', 'unknown'];

/** Price moves come from `plans[k].prices[p](.amount)` and `line_items[k].price(.amount)`. */
export function priceMoveOf(reading: Reading, ctx: RuleContext): PriceMove | null {
  const { diff, path } = reading;
  if (!['price_increased', 'price_decreased', 'price_changed'].includes(diff.change_type)) return null;
  const key = path.key ?? '';
  let before: PlanPrice | null = null;
  let after: PlanPrice | null = null;
  let subject: string;
  let subjectKind: PriceMove['subjectKind'];
  let period: BillingPeriod | null = null;

  if (path.base === 'plans') {
    const sub = parseSub(path.rest);
    if (sub.sub !== 'prices') return null;
    subject = planName(ctx, key);
    subjectKind = 'plan';
    const [periodKey] = splitPriceKey(sub.key ?? '');
    period = asPeriod(periodKey);
    before = isPrice(diff.old) ? diff.old : findPlanPrice(ctx, key, sub.key ?? '', 'before');
    after = isPrice(diff.new) ? diff.new : findPlanPrice(ctx, key, sub.key ?? '', 'after');
  } else if (path.base === 'line_items') {
    const beforeItem = findLineItem(ctx, key, 'before');
    const afterItem = findLineItem(ctx, key, 'after');
    subject = squash(afterItem?.label ?? beforeItem?.label) || itemName(key);
    subjectKind = 'line_item';
    before = isPrice(diff.old) ? diff.old : (beforeItem?.price ?? null);
    after = isPrice(diff.new) ? diff.new : (afterItem?.price ?? null);
    period = after?.period ?? before?.period ?? null;
  } else {
    return null;
  }

  const oldAmount = typeof diff.old === 'number' ? diff.old : (before?.amount ?? null);
  const newAmount = typeof diff.new === 'number' ? diff.new : (after?.amount ?? null);
  const reference = after ?? before;
  const style = styleFor(reference, ctx, oldAmount ?? newAmount);
  const known = (value: BillingPeriod | null | undefined) => (value && value !== 'unknown' ? value : null);
  // An extractor that missed "/month" in a sibling element leaves the period unknown; the raw diff line usually has it.
  const effectivePeriod = known(period) ?? known(reference?.period) ?? sniffPeriod(ctx.rawDiff, oldAmount ?? newAmount);
  const oldYearly = before && oldAmount !== null ? yearlyFigures({ ...before, amount: oldAmount }) : null;
  const newYearly = after && newAmount !== null ? yearlyFigures({ ...after, amount: newAmount }) : null;
  return {
    subject,
    subjectKind,
    oldAmount,
    newAmount,
    pct: oldAmount !== null && newAmount !== null ? percentChange(oldAmount, newAmount) : null,
    style,
    period: effectivePeriod,
    unit: reference?.unit ?? null,
    monthly: oldYearly?.quoted && newYearly?.quoted ? { old: oldYearly.perMonth, new: newYearly.perMonth } : null,
  };
}

/** A line item's key as a name: a slug title-cased, a phrase read from running text ("a one-time grant of $5 for usage") quoted. */
const itemName = (key: string) => (/\s/.test(key) ? quote(key, 70) : titleCase(key));

/** A plan or line item that appeared or disappeared, or a price added to / removed from a plan. */
export interface PriceListing {
  subject: string;
  subjectKind: 'plan' | 'line_item';
  prices: PlanPrice[];
  plan: PricingPlan | null;
}

export function listingOf(reading: Reading, ctx: RuleContext): PriceListing | null {
  const { diff, path } = reading;
  const value = diff.new ?? diff.old;
  const key = path.key ?? '';
  if (path.base === 'plans') {
    const plan = isPlan(value) ? value : (findPlan(ctx, key, diff.op === 'removed' ? 'before' : 'after') ?? null);
    const prices = isPrice(value) ? [value] : (plan?.prices ?? []);
    return { subject: squash(plan?.name) || planName(ctx, key), subjectKind: 'plan', prices, plan: isPlan(value) ? value : plan };
  }
  if (path.base === 'line_items') {
    const item = value as { label?: string; price?: PlanPrice } | null;
    const price = isPrice(item?.price) ? item.price : isPrice(value) ? value : null;
    return { subject: squash(item?.label) || titleCase(key), subjectKind: 'line_item', prices: price ? [price] : [], plan: null };
  }
  return null;
}

/** "$49 a month", "1.49 € a month billed yearly", "Custom (contact sales)". */
export function describePrice(price: PlanPrice, ctx: RuleContext): string {
  if (typeof price.amount !== 'number') return squash(price.text) || 'custom pricing';
  const style = styleFor(price, ctx, price.amount);
  const yearly = yearlyFigures(price);
  if (yearly?.quoted) return `${formatMoney(yearly.perMonth, style)} a month billed yearly`;
  const money = formatMoney(price.amount, style);
  const tail = unitAndPeriod(price.unit, price.period);
  return tail ? `${money} ${tail}` : money;
}

/** The yearly discount against the plan's monthly price, when both are known (1.49 a month billed yearly vs 1.99 → 25%). */
export function yearlyDiscount(plan: PricingPlan | null, yearly: PlanPrice): number | null {
  const pct = yearlyDifference(plan, yearly);
  return pct !== null && pct < 0 ? -pct : null;
}

/** How a yearly price compares with the plan's monthly one, per month, in percent: negative when cheaper. */
export function yearlyDifference(plan: PricingPlan | null, yearly: PlanPrice): number | null {
  const monthly = plan?.prices.find((price) => price.period === 'month' && price.amount !== null);
  const perMonth = monthlyEquivalent(yearly);
  if (!monthly?.amount || perMonth === null) return null;
  return percentChange(monthly.amount, perMonth);
}

export function styleFor(price: PlanPrice | null, ctx: RuleContext, amount: number | null): MoneyStyle {
  if (price?.currency) return styleOf(price);
  const sniffed = amount !== null ? sniffCurrency(ctx.rawDiff, amount) : null;
  return sniffed ? styleOf(sniffed) : styleOf(price);
}

function asPeriod(value: string): BillingPeriod | null {
  return (PERIODS as string[]).includes(value) ? (value as BillingPeriod) : null;
}

/**
 * "$2.50/hr" or "$29 per agent / month" on a changed line → hour, month. Used only when no capture
 * says what the period is.
 */
function sniffPeriod(rawDiff: string, amount: number | null): BillingPeriod | null {
  if (amount === null) return null;
  const number = amount.toString().replace('.', '\\.');
  // Up to a few words ("per agent", "**") may sit between the amount and its period.
  const pattern = new RegExp(`${number}0*(?![\\d.,])[^\\n\\d]{0,30}?(?:/|\\bper\\b|\\ba\\b)\\s*(hr|hour|mo|month|yr|year|day|week)\\b`, 'i');
  for (const line of rawDiff.split('\n')) {
    if (!/^[-+]/.test(line)) continue;
    const match = pattern.exec(line.replace(/(\d),(\d{3})/g, '$1$2'));
    if (!match) continue;
    const unit = match[1].toLowerCase();
    if (unit.startsWith('h')) return 'hour';
    if (unit.startsWith('mo')) return 'month';
    if (unit.startsWith('y')) return 'year';
    if (unit === 'day') return 'day';
    return 'week';
  }
  return null;
}
