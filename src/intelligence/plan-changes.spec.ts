import type { PricingPlan } from '../capture/capture.types';
import { planChangeTimes } from './plan-changes';

const plan = (name: string, key = name.toLowerCase()): PricingPlan => ({
  key,
  name,
  prices: [],
  features: [],
  cta: null,
  contact_sales: false,
  free: false,
});
const at = (iso: string) => new Date(iso);

describe('planChangeTimes', () => {
  it('dates each plan by the newest change under its path, and leaves untouched plans null', () => {
    const [starter, growth, enterprise] = [plan('Starter'), plan('Growth'), plan('Enterprise')];
    const times = planChangeTimes([starter, growth, enterprise], [
      { path: 'plans[growth].prices[year].amount', changed_at: at('2026-03-01T00:00:00Z') },
      { path: 'plans[growth].features[sso]', changed_at: at('2026-05-01T00:00:00Z') },
      { path: 'plans[starter]', changed_at: at('2026-01-01T00:00:00Z') },
      { path: 'free_trial', changed_at: at('2026-06-01T00:00:00Z') },
    ]);
    expect(times.get(growth)).toEqual(at('2026-05-01T00:00:00Z'));
    expect(times.get(starter)).toEqual(at('2026-01-01T00:00:00Z'));
    expect(times.get(enterprise)).toBeNull();
  });

  it('does not give a plan the changes of another whose key starts the same', () => {
    const [pro, proMax] = [plan('Pro'), plan('Pro Max', 'pro max')];
    const times = planChangeTimes([pro, proMax], [{ path: 'plans[pro max].cta', changed_at: at('2026-02-01T00:00:00Z') }]);
    expect(times.get(pro)).toBeNull();
    expect(times.get(proMax)).toEqual(at('2026-02-01T00:00:00Z'));
  });

  it('tells apart two plans with the same key, as the differ numbers them', () => {
    const [first, second] = [plan('Team'), plan('Team')];
    const times = planChangeTimes([first, second], [{ path: 'plans[team#2].prices[month].amount', changed_at: at('2026-02-01T00:00:00Z') }]);
    expect(times.get(first)).toBeNull();
    expect(times.get(second)).toEqual(at('2026-02-01T00:00:00Z'));
  });

  it('matches keys without regard to case, as the differ does', () => {
    const growth = plan('Growth', 'Growth');
    const times = planChangeTimes([growth], [{ path: 'plans[growth].name', changed_at: at('2026-02-01T00:00:00Z') }]);
    expect(times.get(growth)).toEqual(at('2026-02-01T00:00:00Z'));
  });
});
