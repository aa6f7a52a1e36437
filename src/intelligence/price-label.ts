import type { PlanDto, PriceDto } from './dto/pricing-matrix.response';

const PERIOD_WORDS: Record<string, string> = { month: 'per month', year: 'per year', week: 'per week', day: 'per day', hour: 'per hour', one_time: 'once' };

/** A price as people read it, in its own currency, period and unit: "59 USD per month per user"; '' without an amount. */
export function priceLabel(price: PriceDto): string {
  if (price.amount === null) return '';
  const amount = Number.isInteger(price.amount) ? String(price.amount) : price.amount.toFixed(2);
  return [amount, price.currency ?? '', PERIOD_WORDS[price.period] ?? '', price.unit ?? '', price.billing === 'annually' ? 'billed annually' : ''].filter(Boolean).join(' ');
}

/** A plan's prices on one line, or what it says instead of a price ("Free", "Contact sales"). */
export function planPriceLabel(plan: PlanDto): string {
  const prices = plan.prices.map(priceLabel).filter(Boolean);
  if (prices.length > 0) return prices.join('; ');
  if (plan.free) return 'Free';
  if (plan.contact_sales) return 'Contact sales';
  return '—';
}
