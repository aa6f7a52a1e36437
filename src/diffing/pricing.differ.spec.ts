import { deriveDirection } from './derive';
import { diffPricing } from './pricing.differ';
import { plan, price, pricing } from './test-builders';

const basic = () => plan('basic', [price(10)], { features: ['1 GB storage', 'Email support'] });
const pro = () => plan('pro', [price(49)], { features: ['10 GB storage', 'Priority support', 'SSO'] });

describe('diffPricing', () => {
  it('reports a price increase on the Pro plan', () => {
    const after = pro();
    after.prices = [price(59)];
    const diffs = diffPricing(pricing([basic(), pro()]), pricing([basic(), after]));
    expect(diffs).toEqual([
      {
        op: 'updated',
        change_type: 'price_increased',
        path: 'plans[pro].prices[month].amount',
        tier: 'alertable',
        old: 49,
        new: 59,
      },
    ]);
  });

  it('reports a price decrease on the Basic plan', () => {
    const after = basic();
    after.prices = [price(8)];
    const diffs = diffPricing(pricing([basic(), pro()]), pricing([after, pro()]));
    expect(diffs).toEqual([expect.objectContaining({ change_type: 'price_decreased', old: 10, new: 8 })]);
  });

  it('reports an added plan with the whole plan as the new value', () => {
    const team = plan('team', [price(99)]);
    const diffs = diffPricing(pricing([basic(), pro()]), pricing([basic(), pro(), team]));
    expect(diffs).toEqual([
      { op: 'added', change_type: 'plan_added', path: 'plans[team]', tier: 'alertable', old: null, new: team },
    ]);
  });

  it('reports a removed plan with the whole plan as the old value', () => {
    const diffs = diffPricing(pricing([basic(), pro()]), pricing([pro()]));
    expect(diffs).toEqual([
      { op: 'removed', change_type: 'plan_removed', path: 'plans[basic]', tier: 'alertable', old: basic(), new: null },
    ]);
  });

  it('reports a feature removed from a plan', () => {
    const after = pro();
    after.features = ['10 GB storage', 'Priority support'];
    const diffs = diffPricing(pricing([pro()]), pricing([after]));
    expect(diffs).toEqual([
      {
        op: 'removed',
        change_type: 'feature_removed',
        path: 'plans[pro].features[SSO]',
        tier: 'alertable',
        old: 'SSO',
        new: null,
      },
    ]);
  });

  it('treats yearly prices beside unchanged monthly ones as a new billing period, not a price cut', () => {
    const before = pricing([basic(), pro()]);
    const yearlyBasic = plan('basic', [price(10), price(96, 'year')], { features: basic().features });
    const yearlyPro = plan('pro', [price(49), price(470, 'year')], { features: pro().features });
    const diffs = diffPricing(before, pricing([yearlyBasic, yearlyPro]));

    expect(diffs.map((d) => [d.change_type, d.path])).toEqual([
      ['billing_period_added', 'plans[basic].prices[year]'],
      ['billing_period_added', 'plans[pro].prices[year]'],
    ]);
    expect(diffs.some((d) => d.change_type === 'price_decreased')).toBe(false);
    expect(diffs[0]).toMatchObject({ op: 'added', tier: 'alertable', old: null, new: price(96, 'year') });
  });

  it('reports nothing when plans, features and prices are only reordered', () => {
    const shuffled = pro();
    shuffled.features = [...shuffled.features].reverse();
    expect(diffPricing(pricing([basic(), pro()]), pricing([shuffled, basic()]))).toEqual([]);
  });

  it('reports nothing when texts differ only by whitespace and capitalisation', () => {
    const after = pro();
    after.features = ['10  GB Storage', ' Priority support ', 'SSO'];
    after.cta = '  start free TRIAL ';
    expect(diffPricing(pricing([pro()]), pricing([after]))).toEqual([]);
  });

  it('reports a changed call to action on a plan', () => {
    const after = pro();
    after.cta = 'Contact us';
    expect(diffPricing(pricing([pro()]), pricing([after]))).toEqual([
      {
        op: 'modified',
        change_type: 'cta_changed',
        path: 'plans[pro].cta',
        tier: 'alertable',
        old: 'Start free trial',
        new: 'Contact us',
      },
    ]);
  });

  it('reports a switch to a sales-led call to action once, as a CTA change', () => {
    const after = pro();
    after.cta = 'Book a demo';
    after.contact_sales = true;
    expect(diffPricing(pricing([pro()]), pricing([after])).map((d) => [d.change_type, d.path])).toEqual([
      ['cta_changed', 'plans[pro].cta'],
    ]);
  });

  it('reports a free trial that appears', () => {
    const diffs = diffPricing(pricing([pro()]), pricing([pro()], { free_trial: '14-day free trial' }));
    expect(diffs).toEqual([
      { op: 'added', change_type: 'free_trial_changed', path: 'free_trial', tier: 'alertable', old: null, new: '14-day free trial' },
    ]);
  });

  it('reports a longer free trial as a ranked update', () => {
    const diffs = diffPricing(
      pricing([pro()], { free_trial: '14-day free trial' }),
      pricing([pro()], { free_trial: '30-day free trial' }),
    );
    expect(diffs).toEqual([
      { op: 'updated', change_type: 'free_trial_changed', path: 'free_trial', tier: 'alertable', old: '14-day free trial', new: '30-day free trial' },
    ]);
  });

  it('recognises a renamed plan by its unchanged prices', () => {
    const renamed = plan('team', [price(49)], { name: 'Team', features: pro().features });
    expect(diffPricing(pricing([pro()]), pricing([renamed]))).toEqual([
      { op: 'updated', change_type: 'plan_renamed', path: 'plans[team].name', tier: 'alertable', old: 'Pro', new: 'Team' },
    ]);
  });

  it('reports a usage price cut on one line item only', () => {
    const gpu = (amount: number) => ({
      key: 'l40s',
      label: 'L40S',
      price: price(amount, 'hour', { unit: 'per GPU' }),
    });
    const a10 = { key: 'a10', label: 'A10', price: price(1.5, 'hour', { unit: 'per GPU' }) };
    const diffs = diffPricing(pricing([], { line_items: [a10, gpu(2.5)] }), pricing([], { line_items: [gpu(1.25), a10] }));
    expect(diffs).toEqual([
      {
        op: 'updated',
        change_type: 'price_decreased',
        path: 'line_items[l40s].price.amount',
        tier: 'alertable',
        old: 2.5,
        new: 1.25,
      },
    ]);
  });

  it('does not rank prices in different currencies', () => {
    const after = pro();
    after.prices = [price(45, 'month', { currency: 'EUR' })];
    expect(diffPricing(pricing([pro()]), pricing([after]))).toEqual([
      expect.objectContaining({ op: 'modified', change_type: 'price_changed', path: 'plans[pro].prices[month]' }),
    ]);
  });

  it('ranks a price whose unit changed only where every team pays the same way (Hangfire, corpus)', () => {
    const flat = (amount: number) => plan('enterprise', [price(amount, 'year')]);
    const perDeveloper = (amount: number) => plan('enterprise', [price(amount, 'year', { unit: 'per developer' })]);
    // $5000 a year for all becomes $4500 per developer: cheaper only for one developer.
    expect(diffPricing(pricing([flat(5000)]), pricing([perDeveloper(4500)]))).toEqual([
      expect.objectContaining({ op: 'modified', change_type: 'price_changed', path: 'plans[enterprise].prices[year]' }),
    ]);
    expect(diffPricing(pricing([flat(500)]), pricing([perDeveloper(1500)]))).toEqual([expect.objectContaining({ change_type: 'price_increased', old: 500, new: 1500 })]);
    expect(diffPricing(pricing([perDeveloper(1500)]), pricing([flat(500)]))).toEqual([expect.objectContaining({ change_type: 'price_decreased', old: 1500, new: 500 })]);
  });

  it("compares a plan's only rate when it comes to be billed annually (Sandstorm, corpus)", () => {
    const work = (amount: number, extra = {}) => plan('work', [price(amount, 'month', { unit: 'per user', ...extra })]);
    // "$15 /user/month" → "$5 /user/month - billed annually": a cut, not a billing period swapped.
    expect(diffPricing(pricing([work(15)]), pricing([work(5, { billing: 'annually' })]))).toEqual([
      expect.objectContaining({ change_type: 'price_decreased', path: 'plans[work].prices[year].amount', old: 15, new: 5 }),
    ]);
    // Beside a monthly price that stays, an annual one is a billing period added.
    const both = plan('work', [price(15, 'month', { unit: 'per user' }), price(12, 'month', { unit: 'per user', billing: 'annually' })]);
    expect(diffPricing(pricing([work(15)]), pricing([both]))).toEqual([expect.objectContaining({ change_type: 'billing_period_added' })]);
  });

  it('reports a flat fee replaced by usage rates as the plan repriced (Dashbird, corpus)', () => {
    const flat = plan('professional', [price(115, 'month')]);
    const usage = plan('professional', [price(4, 'month', { unit: 'per resource', billing: 'annually' }), price(4, 'month', { unit: 'per GB', billing: 'annually' })]);
    expect(diffPricing(pricing([flat]), pricing([usage]))).toEqual([
      expect.objectContaining({ op: 'modified', change_type: 'price_changed', path: 'plans[professional].prices', old: flat.prices, new: usage.prices }),
    ]);
  });

  it('reports a page-level billing period only when no plan explains it', () => {
    const before = pricing([], { billing_periods: ['month'] });
    const after = pricing([], { billing_periods: ['month', 'year'] });
    expect(diffPricing(before, after)).toEqual([
      { op: 'added', change_type: 'billing_period_added', path: 'billing_periods[year]', tier: 'alertable', old: null, new: 'year' },
    ]);
  });

  it('reports a limit inside a plan that moved as one change with its old and new value', () => {
    const features = (users: string, searches: string) => ['Unlimited projects', users, `${searches} searches / month`, 'Email support'];
    const before = pricing([plan('team', [price(49)], { features: features('Up to 5 users', '10,000') })]);
    const after = pricing([plan('team', [price(49)], { features: features('Up to 10 users', '25,000') })]);

    expect(diffPricing(before, after)).toEqual([
      { op: 'updated', change_type: 'limit_changed', path: 'plans[team].limits[up to # users]', tier: 'alertable', old: 'Up to 5 users', new: 'Up to 10 users' },
      { op: 'updated', change_type: 'limit_changed', path: 'plans[team].limits[# searches / month]', tier: 'alertable', old: '10,000 searches / month', new: '25,000 searches / month' },
    ]);
    expect(deriveDirection(diffPricing(before, after))).toBe('advanced');
  });

  it('keeps a feature swap a removal and an addition when the texts are not the same limit', () => {
    const before = pricing([plan('team', [price(49)], { features: ['5 projects', 'SSO'] })]);
    const after = pricing([plan('team', [price(49)], { features: ['5 GB storage', 'SSO'] })]);

    expect(diffPricing(before, after).map((d) => d.change_type)).toEqual(['feature_added', 'feature_removed']);
  });

  it('reads the one plan named for annual billing, renamed and repriced at once, as a rename and a price change (Codemagic docs)', () => {
    const monthly = () => plan('pay-as-you-go', [price(0.095, 'unknown', { unit: 'per minute' })], { name: 'Pay as you go' });
    const before = pricing([monthly(), plan('annual-plan-with-20-discount', [price(2870, 'year')], { name: 'Annual plan with 20% discount' })]);
    const after = pricing([
      monthly(),
      plan('team-fixed-monthly-plan', [price(399)], { name: 'Team - Fixed Monthly Plan' }),
      plan('team-fixed-annual-plan', [price(3990, 'year')], { name: 'Team - Fixed Annual Plan' }),
    ]);
    expect(diffPricing(before, after).map((d) => [d.change_type, d.path])).toEqual([
      ['plan_added', 'plans[team-fixed-monthly-plan]'],
      ['plan_renamed', 'plans[team-fixed-annual-plan].name'],
      ['price_increased', 'plans[team-fixed-annual-plan].prices[year].amount'],
    ]);
  });
});

describe('diffPricing: line items relabelled, prices whose period became known', () => {
  const item = (label: string, amount: number) => ({ key: label.toLowerCase().replace(/\W+/g, '-'), label, price: price(amount, 'unknown', { unit: 'minute' }) });

  it('reads a typo fixed in a line item label with the same price as a rename, not a removal and an addition', () => {
    const before = pricing([], { line_items: [item('A2 (MacOS Silicone) – 4 vCPU', 0.09), item('E1 (Linux)', 0.0075)] });
    const after = pricing([], { line_items: [item('A2 (MacOS Silicon) – 4 vCPU', 0.09), item('E1 (Linux)', 0.0075)] });
    expect(diffPricing(before, after)).toEqual([expect.objectContaining({ change_type: 'title_changed', tier: 'informational' })]);
  });

  it('still reports a line item replaced by another of the same price (other numbers, or more than a typo)', () => {
    const before = pricing([], { line_items: [item('E1 (Linux) – 2 vCPU', 0.09)] });
    const eight = pricing([], { line_items: [item('E1 (Linux) – 8 vCPU', 0.09)] });
    const other = pricing([], { line_items: [item('F1 (Linux) – 2 vCPU GPU', 0.09)] });
    expect(diffPricing(before, eight).map((d) => d.change_type).sort()).toEqual(['price_added', 'price_removed']);
    expect(diffPricing(before, other).map((d) => d.change_type).sort()).toEqual(['price_added', 'price_removed']);
  });

  it('reads a plan\'s only price gaining a period ("$15" → "$30 monthly value") as a price change', () => {
    const before = pricing([plan('performance', [price(15, 'unknown')])]);
    const after = pricing([plan('performance', [price(30, 'month')])]);
    expect(diffPricing(before, after)).toEqual([expect.objectContaining({ change_type: 'price_changed', path: 'plans[performance].prices[month]' })]);
  });

  it('ranks a price that drops to zero whatever period either side states ("$15 per seat per month" → "$0")', () => {
    const seat = (amount: number, period: 'month' | 'unknown') => price(amount, period, { unit: 'per seat' });
    const before = pricing([plan('startup', [price(10, 'unknown'), seat(15, 'month')])]);
    const after = pricing([plan('startup', [price(10, 'unknown'), seat(0, 'unknown')])]);
    expect(diffPricing(before, after)).toEqual([expect.objectContaining({ change_type: 'price_decreased', old: 15, new: 0 })]);
  });

  it('pairs one per-unit fee reworded and repriced, but not two unrelated items priced per the same unit', () => {
    const fee = (label: string, amount: number) => ({ key: label.toLowerCase().replace(/\W+/g, '-'), label, price: price(amount, 'unknown', { unit: 'per GB' }) });
    const reworded = diffPricing(pricing([], { line_items: [fee('bandwidth usage', 0.1)] }), pricing([], { line_items: [fee('data transfer beyond the monthly bandwidth limit', 0.03)] }));
    expect(reworded.filter((d) => d.tier === 'alertable')).toEqual([expect.objectContaining({ change_type: 'price_decreased', old: 0.1, new: 0.03 })]);
    const swapped = diffPricing(pricing([], { line_items: [fee('Block storage', 0.1)] }), pricing([], { line_items: [fee('Object egress', 0.03)] }));
    expect(swapped.map((d) => d.change_type).sort()).toEqual(['price_added', 'price_removed']);
  });
});

describe('diffPricing: a price table gaining a column per currency (Mistral)', () => {
  const rate = (label: string, amount: number, currency: string) => ({
    key: label.toLowerCase().replace(/\W+/g, '-').replace(/-+$/, ''),
    label,
    price: price(amount, 'unknown', { currency, unit: 'per 1M tokens' }),
  });

  it('compares each rate with the same rate now tagged with its currency, and reports the other currency as new', () => {
    const before = pricing([], { line_items: [rate('mistral-small – Input', 0.6, 'EUR'), rate('mistral-small – Output', 1.8, 'EUR')] });
    const after = pricing([], {
      line_items: [
        rate('Mistral Small – Input (USD)', 2, 'USD'),
        rate('Mistral Small – Output (USD)', 6, 'USD'),
        rate('Mistral Small – Input (EUR)', 1.85, 'EUR'),
        rate('Mistral Small – Output (EUR)', 5.55, 'EUR'),
      ],
    });
    const alertable = diffPricing(before, after).filter((d) => d.tier === 'alertable');
    expect(alertable.map((d) => [d.change_type, d.path, d.old, d.new])).toEqual([
      ['price_added', 'line_items[mistral-small-input-usd]', null, expect.objectContaining({ label: 'Mistral Small – Input (USD)' })],
      ['price_added', 'line_items[mistral-small-output-usd]', null, expect.objectContaining({ label: 'Mistral Small – Output (USD)' })],
      ['price_increased', 'line_items[mistral-small-input-eur].price.amount', 0.6, 1.85],
      ['price_increased', 'line_items[mistral-small-output-eur].price.amount', 1.8, 5.55],
    ]);
  });
});

describe('diffPricing sections', () => {
  const section = (title: string, level = 2) => ({ key: title.toLowerCase().replace(/\s+/g, '-'), title, url: null, level });
  const page = (titles: string[], plans = [basic(), pro()]) => pricing(plans, { sections: titles.map((t) => section(t)) });

  it('reports a pricing section removed, alertable, under sections[…]', () => {
    const diffs = diffPricing(page(['Concurrency based plans', 'Usage-based plans']), page(['Concurrency based plans']));
    expect(diffs).toEqual([
      { op: 'removed', change_type: 'section_removed', path: 'sections[usage-based-plans]', tier: 'alertable', old: section('Usage-based plans'), new: null },
    ]);
  });

  it('reports a pricing section added', () => {
    const diffs = diffPricing(page(['Plans']), page(['Plans', 'Add-ons']));
    expect(diffs).toEqual([expect.objectContaining({ op: 'added', change_type: 'section_added', path: 'sections[add-ons]', tier: 'alertable' })]);
  });

  it('reports a retitled section (same anchor) as informational', () => {
    const before = pricing([basic()], { sections: [{ key: 'a', title: 'Usage plans', url: 'https://x.test/p#usage', level: 2 }] });
    const after = pricing([basic()], { sections: [{ key: 'b', title: 'Pay as you go', url: 'https://x.test/p#usage', level: 2 }] });
    expect(diffPricing(before, after)).toEqual([
      expect.objectContaining({ op: 'modified', change_type: 'title_changed', path: 'sections[b].title', tier: 'informational', old: 'Usage plans', new: 'Pay as you go' }),
    ]);
  });

  it('leaves a plan card heading to the plan diff: a removed plan is not also a removed section', () => {
    const before = page(['Plans', 'Basic', 'Pro'], [basic(), pro()]);
    const after = page(['Plans', 'Basic'], [basic()]);
    expect(diffPricing(before, after).map((d) => d.change_type)).toEqual(['plan_removed']);
  });

  it('compares an old capture without sections as unknown: no section diff', () => {
    const old = pricing([basic(), pro()]);
    expect(old.sections).toBeUndefined();
    expect(diffPricing(old, page(['Concurrency based plans', 'Usage-based plans']))).toEqual([]);
    expect(diffPricing(page(['Usage-based plans']), old)).toEqual([]);
  });
});
