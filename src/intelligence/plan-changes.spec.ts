import type { PricingPlan } from '../capture/capture.types';
import { planPaths } from './plan-changes';

const plan = (name: string, key = name.toLowerCase()): PricingPlan => ({
  key,
  name,
  prices: [],
  features: [],
  cta: null,
  contact_sales: false,
  free: false,
});

describe('planPaths', () => {
  it('gives each plan the path the pricing differ reports it under', () => {
    const [starter, growth] = [plan('Starter'), plan('Growth')];
    const paths = planPaths([starter, growth]);
    expect(paths.get(starter)).toBe('plans[starter]');
    expect(paths.get(growth)).toBe('plans[growth]');
  });

  it('numbers plans that share a key, as the differ does', () => {
    const [first, second] = [plan('Team'), plan('Team')];
    const paths = planPaths([first, second]);
    expect([paths.get(first), paths.get(second)]).toEqual(['plans[team]', 'plans[team#2]']);
  });

  it('falls back to the name without a key, lower-cased', () => {
    const named = plan('Pro Max', '');
    expect(planPaths([named]).get(named)).toBe('plans[pro max]');
  });
});
