import type { PlanDto } from './dto/pricing-matrix.response';
import { priceRange } from './price-range';

const plan = (prices: PlanDto['prices'], flags: Partial<PlanDto> = {}): PlanDto => ({
  name: 'Plan',
  prices,
  features: [],
  free: false,
  contact_sales: false,
  changed_at: null,
  ...flags,
});
const price = (amount: number | null, currency: string | null, period: string) => ({ amount, currency, period, unit: null });

describe('priceRange', () => {
  it('spans the priced plans as monthly equivalents, yearly prices divided by twelve', () => {
    expect(priceRange([plan([price(19, 'USD', 'month'), price(180, 'USD', 'year')]), plan([price(49, 'USD', 'month')])])).toEqual({
      min: 15,
      max: 49,
      currency: 'USD',
      period: 'month',
    });
  });

  it('leaves out free and contact-sales plans, hourly and one-time prices', () => {
    const plans = [
      plan([price(0, 'USD', 'month')], { free: true }),
      plan([price(999, 'USD', 'month')], { contact_sales: true }),
      plan([price(2.5, 'USD', 'hour'), price(30, 'USD', 'month')]),
      plan([price(500, 'USD', 'one_time')]),
    ];
    expect(priceRange(plans)).toEqual({ min: 30, max: 30, currency: 'USD', period: 'month' });
  });

  it('uses the most common currency and never converts the others', () => {
    const plans = [plan([price(10, 'EUR', 'month')]), plan([price(20, 'EUR', 'month')]), plan([price(5, 'USD', 'month')])];
    expect(priceRange(plans)).toMatchObject({ min: 10, max: 20, currency: 'EUR' });
  });

  it('is null without a priced plan in a known currency', () => {
    expect(priceRange([plan([price(null, null, 'unknown')], { contact_sales: true }), plan([price(9, null, 'month')])])).toBeNull();
  });
});
