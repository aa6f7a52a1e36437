import type { PricingFields } from '../capture.types';
import { diffPricing } from '../../diffing/pricing.differ';
import { fieldsOf } from './__fixtures__/pages';

/*
 * Plan cards that state their limits as label/value lines instead of list items, in the shapes
 * pricing pages use: a label block beside a value block (or a check mark), "Label: value"
 * paragraphs, "Label / value" lines and definition lists; and comparison tables with a row per
 * limit ("Nodes | 3 | 10").
 */
const URL = 'https://relay.example/pricing';
const page = (body: string) => `<!DOCTYPE html><html><head><title>Pricing — Relay</title></head><body><main><h1>Pricing</h1>${body}</main></body></html>`;
const pricing = (body: string) => fieldsOf(page(body), URL, 'pricing') as PricingFields;

const row = (label: string, value: string) => `<div class="pt-list-item"><div class="pt-text">${label}</div><div class="pt-value">${value}</div></div>`;
const CHECK = '<i class="icon-checkmark-round"></i>';
const CROSS = '<i class="icon-close-round"></i>';

function card(name: string, price: number, checks: string, users: string, sso: string): string {
  return [
    `<div class="pt-col"><div class="pt-title">${name}</div>`,
    `<div class="pt-price"><span class="price">$${price}</span><span data-billing-interval>/ month</span></div>`,
    '<p>Monitoring for growing teams</p>',
    `<div class="pt-list">${row('API checks', checks)}${row('Team members', users)}${row('SAML login', sso)}</div>`,
    '<p>Retention: 30 days</p><p>Browser checks / 1,000</p>',
    '<dl><dt>Locations</dt><dd>16</dd></dl>',
    '<a class="btn" href="/signup">Start free trial</a></div>',
  ].join('');
}

const cards = (starterChecks: string) =>
  `<div class="pt-cols">${card('Starter', 29, starterChecks, '5', CROSS)}${card('Business', 199, '100,000', 'Unlimited', CHECK)}</div>`;

describe('plan limits written as label/value lines', () => {
  it('reads label/value rows, lines and definitions of a card as features', () => {
    const [starter, business] = pricing(cards('10,000')).plans;
    expect(starter.features).toEqual(['Retention: 30 days', 'Locations: 16', 'API checks: 10,000', 'Team members: 5', 'Browser checks: 1,000']);
    expect(business.features).toEqual(['Retention: 30 days', 'Locations: 16', 'API checks: 100,000', 'Team members: Unlimited', 'SAML login', 'Browser checks: 1,000']);
    expect(starter.prices.map((p) => [p.amount, p.period])).toEqual([[29, 'month']]);
  });

  it('reports a changed quantity as one limit change', () => {
    const diffs = diffPricing(pricing(cards('10,000')), pricing(cards('25,000')));
    expect(diffs.map((d) => [d.change_type, d.old, d.new])).toEqual([['limit_changed', 'API checks: 10,000', 'API checks: 25,000']]);
  });

  it('reads a comparison table row per limit ("Nodes | 3 | 10")', () => {
    const table = (nodes: string) =>
      `<table><thead><tr><th></th><th>Team</th><th>Scale</th></tr></thead><tbody><tr><td>Price</td><td>$49/month</td><td>$249/month</td></tr><tr><td>Nodes</td><td>3</td><td>${nodes}</td></tr><tr><td>Users</td><td>5</td><td>25</td></tr></tbody></table>`;
    expect(pricing(table('10')).plans.map((p) => p.features)).toEqual([
      ['Nodes: 3', 'Users: 5'],
      ['Nodes: 10', 'Users: 25'],
    ]);
    const diffs = diffPricing(pricing(table('10')), pricing(table('12')));
    expect(diffs.map((d) => [d.change_type, d.old, d.new])).toEqual([['limit_changed', 'Nodes: 10', 'Nodes: 12']]);
  });
});
