import { extractPage } from '../capture/extract/extract-page';
import { interpretWithRules } from '../interpretation/rules.interpreter';
import { diffCaptures } from './diff-captures';
import type { PricingFields } from '../capture/capture.types';
import { diffPricing } from './pricing.differ';
import { plan, price, pricing } from './test-builders';

/** Bitwarden's plans page (corpus: pricing-bitwarden-monthly-billing-pair): a comparison table whose last row is the cost. */
const page = (teams: string) => `<html><body><main><h1>About Bitwarden plans</h1>
  <h2>Compare organization plans</h2>
  <table><thead><tr><th></th><th>Free Organizations</th><th>Teams Organizations</th><th>Enterprise Organizations</th></tr></thead><tbody>
  <tr><td>Event Logs</td><td>-</td><td>✓</td><td>✓</td></tr>
  <tr><td>Login with SSO</td><td>-</td><td>-</td><td>✓</td></tr>
  <tr><td>Cost to you</td><td>Free</td><td>${teams}</td><td>$5 Per User Per Month, billed annually</td></tr>
  </tbody></table>
</main></body></html>`;
const URL = 'https://bitwarden.com/help/article/about-bitwarden-plans/';
const capture = (html: string) => {
  const { fields, markdown } = extractPage(html, URL, 'pricing');
  return { fields, markdown };
};
const annually = (amount: number) => price(amount, 'month', { billing: 'annually', text: `$${amount} per user per month, billed annually` });

describe('billing cadence', () => {
  it('reads "$3 per user per month, billed annually" as the $3 rate billed annually', () => {
    const fields = capture(page('$3 Per User Per Month, billed annually')).fields as PricingFields;
    expect(fields.plans.filter((p) => !p.free).map((p) => [p.name, p.prices.map((x) => [x.amount, x.period, x.billing])])).toEqual([
      ['Teams Organizations', [[3, 'month', 'annually']]],
      ['Enterprise Organizations', [[5, 'month', 'annually']]],
    ]);
    expect(fields.billing_periods).toEqual(['year']);
  });

  it('reports a monthly billing option added beside the annual one as a billing period added, read as pricing', () => {
    const before = capture(page('$3 Per User Per Month, billed annually'));
    const after = capture(page('$3 Per User Per Month, billed annually<br>or<br>$4 Per User Per Month, billed monthly'));
    const result = diffCaptures('pricing', before, after);
    expect(result.field_diffs.filter((d) => d.tier === 'alertable').map((d) => [d.change_type, d.path])).toEqual([
      ['billing_period_added', 'plans[teams-organizations].prices[month]'],
    ]);
    expect(result.category).toBe('pricing');
  });

  it('compares a rate billed annually with the same rate, and with a yearly total, by what is charged a year', () => {
    const teams = (...prices: ReturnType<typeof price>[]) => pricing([plan('teams', prices)], { billing_periods: ['year'] });
    expect(diffPricing(teams(annually(3)), teams(annually(4)))).toEqual([
      expect.objectContaining({ change_type: 'price_increased', path: 'plans[teams].prices[year].amount', old: 3, new: 4 }),
    ]);
    // A capture stored as the yearly total of the same offer is the same price.
    expect(diffPricing(teams(price(36, 'year')), teams(annually(3)))).toEqual([]);
    expect(diffPricing(teams(price(36, 'year')), teams(annually(4)))).toEqual([
      expect.objectContaining({ change_type: 'price_increased', old: expect.objectContaining({ amount: 36 }), new: expect.objectContaining({ amount: 48 }) }),
    ]);
  });

  it('reads a rate billed annually that moved as a monthly figure billed yearly', () => {
    const diffs = diffPricing(pricing([plan('teams', [annually(3)], { name: 'Teams' })]), pricing([plan('teams', [annually(4)], { name: 'Teams' })]));
    const result = interpretWithRules({
      competitor: { name: 'Bitwarden', domain: 'bitwarden.com' },
      monitor: { type: 'pricing', url: URL, name: 'Bitwarden plans' },
      field_diffs: diffs,
      category: 'pricing',
      direction: 'retreated',
      delta: { added: 0, removed: 0, modified: 1 },
      raw_diff_excerpt: '',
      captured_at: '2025-03-05T09:00:00.000Z',
      previous_captured_at: '2025-03-04T09:00:00.000Z',
      before_fields: pricing([plan('teams', [annually(3)], { name: 'Teams' })]),
      after_fields: pricing([plan('teams', [annually(4)], { name: 'Teams' })]),
    });
    expect(result.summary).toContain('from $3 to $4');
    expect(result.summary).toContain('billed yearly');
  });
});
