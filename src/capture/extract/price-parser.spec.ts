import { findPrices, parseAmount, parsePrice, periodFromLabel } from './price-parser';

describe('parsePrice', () => {
  it.each([
    ['$49', 49, 'USD'],
    ['$1,299.00', 1299, 'USD'],
    ['1.99€', 1.99, 'EUR'],
    ['€5', 5, 'EUR'],
    ['£10', 10, 'GBP'],
    ['USD 20', 20, 'USD'],
    ['49 USD', 49, 'USD'],
    ['4,99 €', 4.99, 'EUR'],
    ['1.299,00 €', 1299, 'EUR'],
    ['CA$15', 15, 'CAD'],
    ['$.10 per 100k', 0.1, 'USD'],
    ['1.5 cents per search', 0.015, 'USD'],
    ['50¢ per GB', 0.5, 'USD'],
    ['10.000 € / year', 10000, 'EUR'],
  ])('reads %s as %d %s', (text, amount, currency) => {
    expect(parsePrice(text)).toMatchObject({ amount, currency });
  });

  it.each([
    ['$49/mo', 'month'],
    ['$49 / month', 'month'],
    ['€5 per month', 'month'],
    ['$10 a month', 'month'],
    ['$99/yr', 'year'],
    ['$99 / year', 'year'],
    ['$99 yearly', 'year'],
    ['$2.50/hr', 'hour'],
    ['$0.005 per hour', 'hour'],
    ['$5 per 30 days', 'month'],
    ['$149 one-time', 'one_time'],
    ['$30 p/m', 'month'],
    ['£120 p/a', 'year'],
  ])('reads the billing period of %s as %s', (text, period) => {
    expect(parsePrice(text)?.period).toBe(period);
  });

  it('reads per-unit wording after or around the period', () => {
    expect(parsePrice('$49/mo per user')).toMatchObject({ amount: 49, period: 'month', unit: 'per user' });
    expect(parsePrice('$12 per seat per month')).toMatchObject({ period: 'month', unit: 'per seat' });
    expect(parsePrice('$1.25/hr per GPU')).toMatchObject({ amount: 1.25, period: 'hour', unit: 'per GPU' });
    expect(parsePrice('$0.15/GB per month of provisioned capacity')).toMatchObject({ period: 'month', unit: 'per GB', text: '$0.15/GB per month' });
    expect(parsePrice('$8/user/month')).toMatchObject({ period: 'month', unit: 'per user' });
    expect(parsePrice('$0.02 per GB')).toMatchObject({ period: 'unknown', unit: 'per GB' });
  });

  it('reads "per month, billed annually" as the monthly rate billed annually', () => {
    expect(parsePrice('$8/mo billed annually')).toMatchObject({ amount: 8, period: 'month', billing: 'annually', text: '$8/mo billed annually' });
    expect(parsePrice('$10 per month, billed yearly')).toMatchObject({ amount: 10, period: 'month', billing: 'annually' });
    expect(parsePrice('$10 per month')?.billing).toBeUndefined();
  });

  it('keeps a monthly price with "billed monthly" monthly', () => {
    expect(parsePrice('$10 billed monthly')).toMatchObject({ amount: 10, period: 'month' });
  });

  it('reads Free and $0 as free prices', () => {
    expect(parsePrice('Free')).toMatchObject({ amount: 0 });
    expect(parsePrice('Free forever')).toMatchObject({ amount: 0 });
    expect(parsePrice('$0/month')).toMatchObject({ amount: 0, period: 'month' });
  });

  it('reads contact-sales wording as a price without amount', () => {
    for (const text of ['Contact sales', 'Contact us', 'Custom', "Let's talk", 'Custom pricing']) {
      expect(parsePrice(text)).toMatchObject({ amount: null, currency: null });
    }
  });

  it('finds no price in ordinary text', () => {
    expect(parsePrice('Unlimited projects')).toBeNull();
    expect(parsePrice('Up to 10 users')).toBeNull();
  });
});

describe('findPrices', () => {
  it('finds every price in a sentence with its position', () => {
    const text = 'Standard ($29/month), Premium ($199/month), or Enterprise (starting at $2500/month)';
    expect(findPrices(text).map((f) => [f.price.amount, f.price.period])).toEqual([
      [29, 'month'],
      [199, 'month'],
      [2500, 'month'],
    ]);
  });

  it('reads a reservation line as a yearly price, not the monthly credit after it', () => {
    const [first] = findPrices('$144/year for $20/month of usage');
    expect(first.price).toMatchObject({ amount: 144, period: 'year', text: '$144/year' });
  });
});

describe('parseAmount', () => {
  it('tells thousands separators from decimal separators', () => {
    expect(parseAmount('1,299')).toBe(1299);
    expect(parseAmount('1,299.50')).toBe(1299.5);
    expect(parseAmount('1.299,50')).toBe(1299.5);
    expect(parseAmount('4,99')).toBe(4.99);
    expect(parseAmount('0.005')).toBe(0.005);
    expect(parseAmount('14,400')).toBe(14400);
  });
});

describe('periodFromLabel', () => {
  it('reads toggle labels and class names', () => {
    expect(periodFromLabel('Pay Yearly')).toBe('year');
    expect(periodFromLabel('plan-price-monthly')).toBe('month');
    expect(periodFromLabel('Annual billing')).toBe('year');
    expect(periodFromLabel('Features')).toBeNull();
  });
});

describe('usage rates with many decimal places', () => {
  it.each([
    ['$0.00063/min', 0.00063, 'per min'],
    ['$0.0000166667 per GB-second', 0.0000166667, 'per GB-second'],
  ])('reads %s whole, not as $0', (text, amount, unit) => {
    expect(findPrices(text).map((p) => [p.price.amount, p.price.unit])).toEqual([[amount, unit]]);
  });

  it('still reads a decimal comma to four places at most ("€1.234,56", "$5,5")', () => {
    expect(findPrices('€1.234,56 or $5,5').map((p) => p.price.amount)).toEqual([1234.56, 5.5]);
  });
});
