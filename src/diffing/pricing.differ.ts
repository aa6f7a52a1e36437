import { chargedAmount, chargedEvery } from '../capture/billing-cadence';
import type { BillingPeriod, PlanPrice, PricingFields, PricingPlan } from '../capture/capture.types';
import { CURRENCY_CODES } from '../capture/extract/price-parser';
import type { DiffOp, FieldDiff } from './diff.types';
import { at, fieldDiff, presenceOp } from './field-diff';
import { diffKeyedSets, diffTextSets, sameText, shownText, textKey, type KeyedSetDiff } from './keyed-set';
import { diffOutline, sameOutline } from './outline.differ';
import { limitShape } from './plan-limits';
import { durationDays } from './quantities';
import { pairRelabelled, pairSameUnit } from './relabelled';

/** Amounts are parsed decimals; anything closer than this is the same price written differently. */
const SAME_AMOUNT = 1e-6;

/** A plan's identity across captures, and the key of its field diff paths (`plans[<key>]…`). */
export const planKeyOf = (plan: PricingPlan): string => plan.key || plan.name;

/**
 * Pricing pages: plans keyed by plan key, prices within a plan keyed by the period they are charged
 * at (a yearly price is never compared with a monthly one; "$3/month billed annually" is charged
 * yearly, so a monthly billing option added beside it is a billing period added), features and line
 * items as keyed sets.
 */
export function diffPricing(before: PricingFields, after: PricingFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  // Periods already reported through a plan or line item, so the page-level list does not repeat them.
  const explained = new Set<BillingPeriod>();

  const plans = diffKeyedSets(before.plans, after.plans, planKeyOf, {
    // A plan whose key moved keeps its identity when its name or its exact prices are unchanged, or
    // when it is the one plan named for its billing both times (renamed and repriced at once).
    fallbacks: [(plan) => plan.name, priceSignature, billingSlot],
  });
  for (const { key, item } of plans.added) {
    (item.prices ?? []).forEach((price) => explained.add(chargedEvery(price)));
    diffs.push(fieldDiff('added', 'plan_added', at('plans', key), 'alertable', null, item));
  }
  for (const { key, item } of plans.removed) {
    (item.prices ?? []).forEach((price) => explained.add(chargedEvery(price)));
    diffs.push(fieldDiff('removed', 'plan_removed', at('plans', key), 'alertable', item, null));
  }
  for (const { key, before: old, after: next } of plans.matched) {
    diffs.push(...diffPlan(at('plans', key), old, next, explained));
  }

  diffs.push(...diffLineItems(before, after, explained));

  if (!sameText(before.free_trial, after.free_trial)) {
    const old = shownText(before.free_trial);
    const next = shownText(after.free_trial);
    diffs.push(fieldDiff(trialOp(old, next), 'free_trial_changed', 'free_trial', 'alertable', old, next));
  }

  const periods = diffTextSets(knownPeriods(before.billing_periods), knownPeriods(after.billing_periods));
  for (const { item } of periods.added) {
    if (explained.has(item as BillingPeriod)) continue;
    diffs.push(fieldDiff('added', 'billing_period_added', at('billing_periods', item), 'alertable', null, item));
  }
  for (const { item } of periods.removed) {
    if (explained.has(item as BillingPeriod)) continue;
    diffs.push(fieldDiff('removed', 'billing_period_removed', at('billing_periods', item), 'alertable', item, null));
  }
  diffs.push(...diffSections(before, after));
  return diffs;
}

/**
 * The page's sections ("Usage-based plans" removed is a pricing model retired). A capture taken
 * before sections were read has none recorded: unknown, so nothing is compared. A section titled
 * with a plan's name is that plan's heading, which the plan diff reports; a retitled section is
 * informational (the plans under it say what changed), unless the page prices no plan: then it is
 * tiered as a docs page's section is.
 */
function diffSections(before: PricingFields, after: PricingFields): FieldDiff[] {
  if (!before.sections || !after.sections || sameOutline(before.sections, after.sections)) return [];
  const planNames = new Set([...before.plans, ...after.plans].map((plan) => textKey(plan.name)));
  const ownSections = (fields: PricingFields) => (fields.sections ?? []).filter((section) => !planNames.has(textKey(section.title)));
  return diffOutline(ownSections(before), ownSections(after), {
    base: 'sections',
    added: 'section_added',
    removed: 'section_removed',
    retitled: before.plans.length || after.plans.length ? () => 'informational' : undefined,
  });
}

function diffPlan(path: string, old: PricingPlan, next: PricingPlan, explained: Set<BillingPeriod>): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  if (!sameText(old.name, next.name)) {
    diffs.push(fieldDiff('updated', 'plan_renamed', `${path}.name`, 'alertable', old.name, next.name));
  }

  const priceDiffs = diffPrices(path, old.prices ?? [], next.prices ?? [], explained);
  diffs.push(...priceDiffs);
  const ctaChanged = !sameText(old.cta, next.cta);
  // The free and contact-sales flags are read from the prices and the call to action; they are
  // reported only when those did not change, so "Start free trial" → "Book a demo" stays one CTA
  // change and is not also counted as a pricing change.
  if (priceDiffs.length === 0 && Boolean(old.free) !== Boolean(next.free)) {
    diffs.push(fieldDiff('updated', 'price_changed', `${path}.free`, 'alertable', old.free, next.free));
  }
  if (priceDiffs.length === 0 && !ctaChanged && Boolean(old.contact_sales) !== Boolean(next.contact_sales)) {
    diffs.push(fieldDiff('updated', 'price_changed', `${path}.contact_sales`, 'alertable', old.contact_sales, next.contact_sales));
  }

  // A feature is matched by its text, then by its shape with quantities masked: a limit that moved.
  const features = diffKeyedSets(old.features, next.features, (text) => text, { fallbacks: [limitShape] });
  for (const { before: was, after: now } of features.matched) {
    if (sameText(was, now)) continue;
    diffs.push(fieldDiff('updated', 'limit_changed', at(`${path}.limits`, limitShape(now) ?? now), 'alertable', shownText(was), shownText(now)));
  }
  for (const { key, item } of features.added) {
    diffs.push(fieldDiff('added', 'feature_added', at(`${path}.features`, key), 'alertable', null, shownText(item)));
  }
  for (const { key, item } of features.removed) {
    diffs.push(fieldDiff('removed', 'feature_removed', at(`${path}.features`, key), 'alertable', shownText(item), null));
  }

  if (ctaChanged) {
    const oldCta = shownText(old.cta);
    const newCta = shownText(next.cta);
    diffs.push(fieldDiff(presenceOp(oldCta, newCta), 'cta_changed', `${path}.cta`, 'alertable', oldCta, newCta));
  }
  return diffs;
}

/**
 * Prices of one plan. A price under a period the plan did not have before is a new billing period
 * (Joplin adding yearly prices beside unchanged monthly ones), never a cut of the monthly price.
 * A plan that had no price at all and now has one (or the reverse) gains or loses a price.
 */
function diffPrices(
  path: string,
  before: PlanPrice[],
  after: PlanPrice[],
  explained: Set<BillingPeriod>,
): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const prices = pairOnlyPrice(diffKeyedSets(withPriceKeys(before), withPriceKeys(after), (entry) => entry.key));
  const beforePeriods = new Set(before.map(chargedEvery));
  const afterPeriods = new Set(after.map(chargedEvery));
  if (repriced(prices)) {
    // "$115/mo" → "$4 / resource + $4 / GB, billed annually": a new way of pricing the plan, not periods gained and lost.
    [...before, ...after].forEach((price) => explained.add(chargedEvery(price)));
    return [fieldDiff('modified', 'price_changed', `${path}.prices`, 'alertable', before, after)];
  }

  for (const { key, item } of prices.added) {
    const newPeriod = before.length > 0 && !beforePeriods.has(chargedEvery(item.price));
    explained.add(chargedEvery(item.price));
    const type = newPeriod ? 'billing_period_added' : 'price_added';
    diffs.push(fieldDiff('added', type, at(`${path}.prices`, key), 'alertable', null, item.price));
  }
  for (const { key, item } of prices.removed) {
    const lostPeriod = after.length > 0 && !afterPeriods.has(chargedEvery(item.price));
    explained.add(chargedEvery(item.price));
    const type = lostPeriod ? 'billing_period_removed' : 'price_removed';
    diffs.push(fieldDiff('removed', type, at(`${path}.prices`, key), 'alertable', item.price, null));
  }
  for (const { key, before: old, after: next } of prices.matched) {
    if (chargedEvery(old.price) !== chargedEvery(next.price)) [old.price, next.price].forEach((price) => explained.add(chargedEvery(price)));
    const diff = comparePrice(at(`${path}.prices`, key), old.price, next.price);
    if (diff) diffs.push(diff);
  }
  return diffs;
}

/**
 * Every price of the plan replaced by prices per some unit it did not charge by before (a flat fee
 * becoming usage rates): nothing is left to compare amount by amount.
 */
function repriced<T extends { price: PlanPrice }>(prices: KeyedSetDiff<T>): boolean {
  if (prices.matched.length || !prices.removed.length || prices.added.length < 2) return false;
  const units = new Set(prices.removed.map(({ item }) => textKey(item.price.unit)));
  return prices.added.every(({ item }) => item.price.unit && !units.has(textKey(item.price.unit)));
}

/**
 * A plan's only price and its only price now are one price seen twice, a change of price rather
 * than a billing period gained and one lost, when one is read without a period and the other with
 * one ("$15" → "$30 monthly value"), or when both state the same rate billed another way
 * ("$15 /user/month" → "$5 /user/month - billed annually").
 */
function pairOnlyPrice<T extends { price: PlanPrice }>(prices: KeyedSetDiff<T>): KeyedSetDiff<T> {
  const [removed, added] = [prices.removed, prices.added];
  if (removed.length !== 1 || added.length !== 1) return prices;
  const [old, next] = [removed[0].item.price, added[0].item.price];
  const oneWithout = (old.period === 'unknown') !== (next.period === 'unknown');
  const rebilled = old.period !== 'unknown' && old.period === next.period && (old.billing ?? null) !== (next.billing ?? null);
  if ((!oneWithout && !rebilled) || !sameText(old.unit, next.unit)) return prices;
  return { added: [], removed: [], matched: [...prices.matched, { key: added[0].key, before: removed[0].item, after: added[0].item }] };
}

/** Currency codes a table writes beside its labels when it gains a column per currency ("Input (EUR)"). */
const CURRENCY_TAG_RE = new RegExp(String.raw`\(\s*(?:${CURRENCY_CODES.join('|')})\s*\)|\b(?:${CURRENCY_CODES.join('|')})\b`, 'gi');

/**
 * A line item as a reader tells it apart: its label without case, punctuation or a currency tag,
 * in its price's currency. "mistral-small – Input" at €0.6 and "Mistral Small – Input (EUR)" at
 * €1.85 are one rate repriced when the table gains a column per currency; the new USD rate beside
 * it is new.
 */
function sameInCurrency(item: PricingFields['line_items'][number]): string {
  const label = item.label.toLowerCase().replace(CURRENCY_TAG_RE, ' ').replace(/[^\p{L}\d]+/gu, ' ').trim();
  return `${label}|${item.price.currency ?? ''}`;
}

/**
 * Usage-based line items ("L40S GPU: $2.50/hr") keyed by their own key, falling back to the label.
 * A relabelled line item with the same price is only informational.
 */
function diffLineItems(before: PricingFields, after: PricingFields, explained: Set<BillingPeriod>): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const keyed = diffKeyedSets(before.line_items, after.line_items, (item) => item.key || item.label, {
    fallbacks: [(item) => item.label, sameInCurrency],
  });
  // A label with a typo fixed and the same price is the same line item, relabelled.
  const relabelled = pairRelabelled(keyed, (item) => item.label, (a, b) => samePrice(a.price, b.price));
  // One fee per unit reworded and repriced ("$0.1 per GB for the bandwidth usage" → "… we charge $0.03 per GB").
  const items = pairSameUnit(
    relabelled,
    (item) => item.label,
    (item) => item.price.unit && `${item.price.currency ?? ''} ${chargedEvery(item.price)} ${item.price.unit}`,
    (a, b) => samePrice(a.price, b.price),
  );
  for (const { key, item } of items.added) {
    explained.add(chargedEvery(item.price));
    diffs.push(fieldDiff('added', 'price_added', at('line_items', key), 'alertable', null, item));
  }
  for (const { key, item } of items.removed) {
    explained.add(chargedEvery(item.price));
    diffs.push(fieldDiff('removed', 'price_removed', at('line_items', key), 'alertable', item, null));
  }
  for (const { key, before: old, after: next } of items.matched) {
    const path = at('line_items', key);
    const diff = comparePrice(`${path}.price`, old.price, next.price);
    if (diff) diffs.push(diff);
    if (!sameText(old.label, next.label)) {
      diffs.push(fieldDiff('modified', 'title_changed', `${path}.label`, 'informational', old.label, next.label));
    }
  }
  return diffs;
}

/**
 * One price seen twice. Amounts are compared only in the same currency and period; anything else
 * (a currency switch, a per-hour price becoming per-month) is reported whole as `price_changed`
 * because "higher" or "lower" would be meaningless. A yearly offer written once as a monthly rate
 * billed annually and once as its yearly total is compared by what is charged a year.
 */
function comparePrice(path: string, old: PlanPrice, next: PlanPrice): FieldDiff | null {
  const currencyChanged = old.currency !== null && next.currency !== null && old.currency !== next.currency;
  if (!currencyChanged && old.period !== next.period && chargedEvery(old) === chargedEvery(next)) {
    const [was, now] = [asCharged(old), asCharged(next)];
    if (was.amount === null || now.amount === null || Math.abs(now.amount - was.amount) <= SAME_AMOUNT) return compareUnit(path, old, next);
    return fieldDiff('updated', now.amount > was.amount ? 'price_increased' : 'price_decreased', path, 'alertable', was, now);
  }
  // A price that becomes (or stops being) zero is cut (or raised) whatever period either side states.
  const toOrFromZero = !currencyChanged && (old.amount === 0 || next.amount === 0) && old.amount !== next.amount && old.amount !== null && next.amount !== null;
  if (!toOrFromZero && (currencyChanged || old.period !== next.period)) {
    return fieldDiff('modified', 'price_changed', path, 'alertable', old, next);
  }
  if (old.amount === null || next.amount === null) {
    if (old.amount === next.amount) return compareUnit(path, old, next);
    return fieldDiff('updated', 'price_changed', `${path}.amount`, 'alertable', old.amount, next.amount);
  }
  if (Math.abs(next.amount - old.amount) > SAME_AMOUNT) {
    const type = next.amount > old.amount ? 'price_increased' : 'price_decreased';
    if (!unitKeepsDirection(old, next, type)) return fieldDiff('modified', 'price_changed', path, 'alertable', old, next);
    return fieldDiff('updated', type, `${path}.amount`, 'alertable', old.amount, next.amount);
  }
  return compareUnit(path, old, next);
}

/**
 * Whether an amount's rise or fall still says which way the price went when its unit changed too.
 * A flat $5000 a year becoming $4500 per developer is cheaper only for one developer; a flat fee
 * becoming a higher one per seat, or a per-seat fee becoming a lower flat one, goes one way for any team.
 */
function unitKeepsDirection(old: PlanPrice, next: PlanPrice, type: 'price_increased' | 'price_decreased'): boolean {
  if (sameText(old.unit, next.unit)) return true;
  if (!old.unit) return type === 'price_increased';
  if (!next.unit) return type === 'price_decreased';
  return false;
}

/** A price as what is charged per charge: "$3/month billed annually" as 36 a year. */
function asCharged(price: PlanPrice): PlanPrice {
  return { ...price, amount: chargedAmount(price), period: chargedEvery(price) };
}

function compareUnit(path: string, old: PlanPrice, next: PlanPrice): FieldDiff | null {
  if (sameText(old.unit, next.unit)) return null;
  return fieldDiff('updated', 'price_changed', `${path}.unit`, 'alertable', shownText(old.unit), shownText(next.unit));
}

/**
 * Prices are keyed by billing period. When a plan lists several prices for one period (a base fee
 * and a per-seat fee), the unit tells them apart; equal units are numbered by the keyed set.
 */
function withPriceKeys(prices: PlanPrice[]): Array<{ key: string; price: PlanPrice }> {
  const perPeriod = new Map<BillingPeriod, number>();
  for (const price of prices) perPeriod.set(chargedEvery(price), (perPeriod.get(chargedEvery(price)) ?? 0) + 1);
  return prices.map((price) => {
    const period = chargedEvery(price);
    const unit = textKey(price.unit);
    const shared = (perPeriod.get(period) ?? 0) > 1;
    return { key: shared && unit ? `${period}:${unit}` : period, price };
  });
}

function samePrice(a: PlanPrice, b: PlanPrice): boolean {
  return a.amount === b.amount && a.currency === b.currency && a.period === b.period && a.billing === b.billing && sameText(a.unit, b.unit);
}

/** Exact prices of a plan, used to recognise a renamed plan; plans without a number have none. */
function priceSignature(plan: PricingPlan): string | null {
  const numeric = (plan.prices ?? []).filter((price) => price.amount !== null);
  if (numeric.length === 0) return null;
  return numeric
    .map((price) => `${chargedEvery(price)}:${price.currency ?? ''}:${chargedAmount(price)}`)
    .sort()
    .join('|');
}

const BILLING_WORDS: Array<[RegExp, BillingPeriod]> = [
  [/\b(?:annual|annually|yearly|year)\b/i, 'year'],
  [/\b(?:monthly|month)\b/i, 'month'],
];

/**
 * The slot of a plan named for its billing ("Annual plan with 20% discount", "Team - Fixed Annual
 * Plan"): the billing its name says and the periods it is charged at. Only a slot held by one plan
 * on each side pairs two plans, so "Annual plan" → "Team - Fixed Annual Plan" at a new price is a
 * rename and a price change, not a plan dropped and another added.
 */
function billingSlot(plan: PricingPlan): string | null {
  const named = BILLING_WORDS.find(([re]) => re.test(plan.name ?? ''))?.[1];
  if (!named || !(plan.prices ?? []).length) return null;
  return `${named}|${[...new Set(plan.prices.map(chargedEvery))].sort().join(',')}`;
}

/** A trial whose length changed ("14-day" → "30-day") is a value update that can be ranked. */
function trialOp(old: string | null, next: string | null): DiffOp {
  const op = presenceOp(old, next);
  if (op !== 'modified') return op;
  const oldDays = durationDays(old);
  const newDays = durationDays(next);
  return oldDays !== null && newDays !== null && oldDays !== newDays ? 'updated' : 'modified';
}

function knownPeriods(periods: BillingPeriod[] | null | undefined): string[] {
  return (periods ?? []).filter((period) => period !== 'unknown');
}
