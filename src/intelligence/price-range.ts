import type { BillingPeriod } from '../capture/capture.types';
import type { PriceRangeDto } from './dto/competitor-profile.response';
import type { PlanDto } from './dto/pricing-matrix.response';

/**
 * Months one price covers, for a monthly equivalent. Hourly, one-time and unknown periods have
 * none: turning usage or a one-off into a month would be a guess.
 */
const MONTHS: Partial<Record<BillingPeriod, number>> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

/**
 * The span of the priced plans (neither free nor contact-sales) as monthly equivalents, in the
 * currency most of their prices use (ties go to the alphabetically first code); null when no plan
 * has a price in a known currency and period.
 */
export function priceRange(plans: readonly PlanDto[]): PriceRangeDto | null {
  const monthly: { currency: string; amount: number }[] = [];
  for (const plan of plans) {
    if (plan.free || plan.contact_sales) continue;
    for (const price of plan.prices) {
      const months = MONTHS[price.period as BillingPeriod];
      if (price.amount === null || price.currency === null || !months) continue;
      monthly.push({ currency: price.currency, amount: price.amount / months });
    }
  }
  if (monthly.length === 0) return null;
  const counts = new Map<string, number>();
  for (const { currency } of monthly) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  const [currency] = [...counts].sort(([a, n], [b, m]) => m - n || a.localeCompare(b))[0];
  const amounts = monthly.filter((p) => p.currency === currency).map((p) => p.amount);
  return { min: cents(Math.min(...amounts)), max: cents(Math.max(...amounts)), currency, period: 'month' };
}

const cents = (amount: number) => Math.round(amount * 100) / 100;
