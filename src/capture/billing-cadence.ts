import type { BillingPeriod, PlanPrice } from './capture.types';

/**
 * The period a customer is charged at: a price of "$3 per month, billed annually" is paid yearly.
 * Prices are compared, keyed and listed by it, so the monthly rate billed annually and a written
 * yearly total are one offer, and a monthly billing option beside them is another.
 */
export function chargedEvery(price: Pick<PlanPrice, 'period' | 'billing'>): BillingPeriod {
  return price.billing === 'annually' ? 'year' : price.period;
}

/** What a price costs per charge: 12 × the monthly rate of a price billed annually, else its amount. */
export function chargedAmount(price: Pick<PlanPrice, 'amount' | 'period' | 'billing'>): number | null {
  if (price.amount === null || price.billing !== 'annually' || price.period !== 'month') return price.amount;
  return Math.round(price.amount * 12 * 100) / 100;
}
