import type { PricingFields } from '../capture.types';
import { fieldsOf } from './__fixtures__/pages';
import { diffPricing } from '../../diffing/pricing.differ';

const URL = 'https://www.example-vpn.test/pricing';

/** Plan cards as storefront themes write them: the old price struck, the current one beside it. */
function cards(struck: (old: string) => string, proPrice = '$69.99'): string {
  return `<!doctype html><html><body><main><h1>Choose your plan</h1>
    <div class="plans">
      <div class="plan-card"><h3>Standard</h3>
        <div class="price">${struck('$49.99')} <span class="amount">$39.99</span> <span class="period">/year</span></div>
        <ul><li>1 device</li><li>Ad blocker</li></ul><a class="btn" href="/buy/standard">Buy now</a></div>
      <div class="plan-card"><h3>Pro</h3>
        <div class="price">${struck('$89.99')} <span class="amount">${proPrice}</span> <span class="period">/year</span></div>
        <ul><li>10 devices</li><li>Ad blocker</li><li>Password manager</li></ul><a class="btn" href="/buy/pro">Buy now</a></div>
    </div></main></body></html>`;
}

const pro = (fields: PricingFields) => fields.plans.find((plan) => plan.key === 'pro')!;

describe('struck-through and former prices', () => {
  it.each([
    ['<del>', (old: string) => `<del>${old}</del>`],
    ['<s>', (old: string) => `<s>${old}</s>`],
    ['<strike>', (old: string) => `<strike>${old}</strike>`],
    ['a line-through style', (old: string) => `<span style="text-decoration: line-through; color: #888">${old}</span>`],
    ['a line-through class', (old: string) => `<span class="text-gray-500 line-through">${old}</span>`],
    ['a strikethrough class', (old: string) => `<span class="price strikethrough">${old}</span>`],
  ])('reads the price not struck through (%s) with the period written after it', (_label, struck) => {
    const fields = fieldsOf(cards(struck), URL, 'pricing');

    expect(pro(fields).prices).toEqual([expect.objectContaining({ amount: 69.99, currency: 'USD', period: 'year' })]);
    expect(fields.plans.find((plan) => plan.key === 'standard')!.prices).toEqual([expect.objectContaining({ amount: 39.99, period: 'year' })]);
  });

  it('reports a cut of the current price as a price decrease, not a billing period change', () => {
    const struck = (old: string) => `<del>${old}</del>`;
    const diffs = diffPricing(fieldsOf(cards(struck), URL, 'pricing'), fieldsOf(cards(struck, '$59.99'), URL, 'pricing'));

    expect(diffs.map((d) => [d.change_type, d.path, d.old, d.new])).toEqual([['price_decreased', 'plans[pro].prices[year].amount', 69.99, 59.99]]);
  });

  it.each(['was $89.99 now $69.99/year', 'Regular price: $89.99 $69.99 per year', 'Previously $89.99, now $69.99 a year'])('reads "%s" as the new price', (text) => {
    const html = `<main><div class="plans">
      <div class="plan"><h3>Pro</h3><p class="price">${text}</p><ul><li>10 devices</li></ul></div>
      <div class="plan"><h3>Standard</h3><p class="price">$39.99/year</p><ul><li>1 device</li></ul></div></div></main>`;

    expect(pro(fieldsOf(html, URL, 'pricing')).prices).toEqual([expect.objectContaining({ amount: 69.99, period: 'year' })]);
  });
});
