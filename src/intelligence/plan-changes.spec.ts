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
      { path: 'plans[growth].prices[year].amount', price: false, changed_at: at('2026-03-01T00:00:00Z') },
      { path: 'plans[growth].features[sso]', price: false, changed_at: at('2026-05-01T00:00:00Z') },
      { path: 'plans[starter]', price: false, changed_at: at('2026-01-01T00:00:00Z') },
      { path: 'free_trial', price: false, changed_at: at('2026-06-01T00:00:00Z') },
    ]);
    expect(times.get(growth)?.plan).toEqual(at('2026-05-01T00:00:00Z'));
    expect(times.get(starter)?.plan).toEqual(at('2026-01-01T00:00:00Z'));
    expect(times.get(enterprise)).toEqual({ plan: null, prices: null });
  });

  it('does not give a plan the changes of another whose key starts the same', () => {
    const [pro, proMax] = [plan('Pro'), plan('Pro Max', 'pro max')];
    const times = planChangeTimes([pro, proMax], [{ path: 'plans[pro max].cta', price: false, changed_at: at('2026-02-01T00:00:00Z') }]);
    expect(times.get(pro)?.plan).toBeNull();
    expect(times.get(proMax)?.plan).toEqual(at('2026-02-01T00:00:00Z'));
  });

  it('tells apart two plans with the same key, as the differ numbers them', () => {
    const [first, second] = [plan('Team'), plan('Team')];
    const times = planChangeTimes([first, second], [{ path: 'plans[team#2].prices[month].amount', price: false, changed_at: at('2026-02-01T00:00:00Z') }]);
    expect(times.get(first)?.plan).toBeNull();
    expect(times.get(second)?.plan).toEqual(at('2026-02-01T00:00:00Z'));
  });

  it('matches keys without regard to case, as the differ does', () => {
    const growth = plan('Growth', 'Growth');
    const times = planChangeTimes([growth], [{ path: 'plans[growth].name', price: false, changed_at: at('2026-02-01T00:00:00Z') }]);
    expect(times.get(growth)?.plan).toEqual(at('2026-02-01T00:00:00Z'));
  });

  it('keeps apart when the prices last moved and when anything else about the plan did', () => {
    const pro = plan('Pro');
    const times = planChangeTimes([pro], [
      { path: 'plans[pro].prices[month].amount', price: true, changed_at: at('2026-02-01T00:00:00Z') },
      { path: 'plans[pro].features[sso]', price: false, changed_at: at('2026-04-01T00:00:00Z') },
    ]);
    expect(times.get(pro)).toEqual({ plan: at('2026-04-01T00:00:00Z'), prices: at('2026-02-01T00:00:00Z') });
  });
});
