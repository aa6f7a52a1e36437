import { chargedEvery } from '../capture/billing-cadence';
import type { BillingPeriod, PlanPrice, PricingPlan } from '../capture/capture.types';
import type { FieldDiff } from '../diffing/diff.types';
import { formatMoney, styleOf, unitAndPeriod, yearlyFigures } from '../interpretation/rules/money';
import { parsePath, parseSub } from '../interpretation/rules/paths';

/** One field diff as a person reads it, wherever it is shown (the change page, email, chat). */
export interface FieldDiffText {
  /** "Growth plan · yearly price", "New blog post", "Headline". */
  field: string;
  before: string;
  after: string;
}

/** What the formatter may know beyond the diff: the plans of the capture (names, currencies, units). */
export interface DiffContext {
  plans?: PricingPlan[] | null;
}

const NONE = '—';

/**
 * Field diffs written for people: plans by their names, prices with currency and period (a yearly
 * total with its monthly figure), items by their titles, never an internal path or a raw dump.
 */
export function describeFieldDiffs(diffs: readonly FieldDiff[], context: DiffContext = {}): FieldDiffText[] {
  return diffs.filter((diff) => diff.tier !== 'noise').map((diff) => describeFieldDiff(diff, context));
}

export function describeFieldDiff(diff: FieldDiff, context: DiffContext = {}): FieldDiffText {
  const { base, key, rest } = parsePath(diff.path);
  if (base === 'plans' && key !== null) return planDiff(diff, key, rest, context);
  return { field: fieldName(base, diff), before: valueText(diff.old), after: valueText(diff.new) };
}

function planDiff(diff: FieldDiff, key: string, rest: string, context: DiffContext): FieldDiffText {
  const plan = context.plans?.find((candidate) => candidate?.key === key) ?? null;
  const name = plan?.name || titleCase(key);
  if (!rest) return { field: `${name} plan`, before: planText(diff.old), after: planText(diff.new) };
  const { sub, key: subKey, tail } = parseSub(rest);
  if (sub === 'prices') {
    const period = (subKey ?? 'unknown').split(':')[0] as BillingPeriod;
    const known = plan?.prices.find((price) => chargedEvery(price) === period) ?? null;
    const field = `${name} plan · ${PERIOD_ADJECTIVE[period] ?? ''}price`.replace('·  ', '· ');
    if (tail === 'amount') return { field, before: amountText(diff.old, period, known), after: amountText(diff.new, period, known) };
    return { field, before: priceOrValue(diff.old), after: priceOrValue(diff.new) };
  }
  const label = SUB_LABEL[sub] ?? sub.replace(/_/g, ' ');
  return { field: `${name} plan · ${label}`, before: valueText(diff.old), after: valueText(diff.new) };
}

const PERIOD_ADJECTIVE: Partial<Record<BillingPeriod, string>> = {
  day: 'daily ',
  hour: 'hourly ',
  month: 'monthly ',
  one_time: 'one-off ',
  week: 'weekly ',
  year: 'yearly ',
};

const SUB_LABEL: Record<string, string> = {
  contact_sales: 'contact sales',
  cta: 'button',
  features: 'features',
  free: 'free plan',
  name: 'name',
};

/** An amount in the currency, unit and period its plan shows; a yearly total also as its month. */
function amountText(value: unknown, period: BillingPeriod, known: PlanPrice | null): string {
  if (typeof value !== 'number') return valueText(value);
  const style = styleOf(known);
  const money = formatMoney(value, style);
  // A monthly rate billed annually is keyed under the year it is charged for; its amounts are the rate.
  if (period === 'year' && known?.billing === 'annually' && known.period === 'month') return `${[money, known.unit].filter(Boolean).join(' ')} a month billed yearly`;
  const unit = unitAndPeriod(known?.unit, period);
  if (period !== 'year') return unit ? `${money} ${unit}` : money;
  const monthly = yearlyFigures({ amount: value, period, text: known?.text ?? '' });
  if (!monthly || monthly.perMonth === value) return `${money} a month billed yearly`;
  return `${money} a year (${formatMoney(monthly.perMonth, style)} a month billed yearly)`;
}

function priceOrValue(value: unknown): string {
  return isPrice(value) ? priceText(value) : valueText(value);
}

function priceText(price: PlanPrice): string {
  if (price.amount === null) return price.text?.trim() || 'Custom price';
  return [formatMoney(price.amount, styleOf(price)), unitAndPeriod(price.unit, price.period === 'unknown' ? null : price.period)].filter(Boolean).join(' ');
}

/** A plan by its price and features: "€39 per seat a month · SAML SSO, Audit log"; never its flags. */
function planText(value: unknown): string {
  if (!value || typeof value !== 'object') return valueText(value);
  const plan = value as Partial<PricingPlan>;
  const prices = (plan.prices ?? []).filter(isPrice);
  const price = plan.contact_sales && prices.every((p) => p.amount === null)
    ? 'Contact sales'
    : plan.free || prices.some((p) => p.amount === 0)
      ? 'Free'
      : prices.map(priceText).join(' or ');
  const features = (plan.features ?? []).filter((feature) => typeof feature === 'string' && feature.trim());
  return [price, features.length ? features.join(', ') : ''].filter(Boolean).join(' · ') || plan.name || NONE;
}

function isPrice(value: unknown): value is PlanPrice {
  return !!value && typeof value === 'object' && 'amount' in value && 'period' in value;
}

/** Any other value: text as is, lists joined, an item (post, entry, page, opening) by its title. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (isPrice(value)) return priceText(value);
  const record = value as Record<string, unknown>;
  const title = [record.title, record.name, record.label, record.text, record.version].find((part) => typeof part === 'string' && part.trim());
  const date = typeof record.date === 'string' && record.date ? ` (${record.date})` : '';
  return typeof title === 'string' ? `${title.trim()}${date}` : NONE;
}

function fieldName(base: string, diff: FieldDiff): string {
  const named = FIELD_NAMES[base];
  if (named) return named;
  const words = diff.change_type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FIELD_NAMES: Record<string, string> = {
  announcement: 'Announcement bar',
  entries: 'Changelog entry',
  free_trial: 'Free trial',
  headline: 'Headline',
  integrations: 'Integration',
  line_items: 'Usage price',
  logos: 'Customer logo',
  navigation: 'Navigation',
  openings: 'Job opening',
  pages: 'Docs page',
  posts: 'Blog post',
  sections: 'Section',
  subheadline: 'Subheadline',
  testimonials: 'Testimonial',
};

function titleCase(key: string): string {
  return key.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
