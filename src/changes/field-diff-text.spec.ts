import type { PricingPlan } from '../capture/capture.types';
import type { FieldDiff } from '../diffing/diff.types';
import { describeFieldDiffs } from './field-diff-text';

const growth: PricingPlan = {
  key: 'growth',
  name: 'Growth',
  prices: [
    { amount: 49, currency: 'USD', period: 'month', unit: null, text: '$49/mo' },
    { amount: 564, currency: 'USD', period: 'year', unit: null, text: '$47/mo billed yearly' },
  ],
  features: [],
  cta: 'Start trial',
  contact_sales: false,
  free: false,
} as unknown as PricingPlan;

const diff = (o: Partial<FieldDiff>): FieldDiff => ({ op: 'updated', change_type: 'price_increased', path: '', tier: 'alertable', old: null, new: null, ...o });

describe('describeFieldDiffs', () => {
  it('names the plan and writes a yearly total with currency and its monthly figure', () => {
    const [text] = describeFieldDiffs([diff({ path: 'plans[growth].prices[year].amount', old: 468, new: 564 })], { plans: [growth] });
    expect(text).toEqual({
      field: 'Growth plan · yearly price',
      before: '$468 a year ($39 a month billed yearly)',
      after: '$564 a year ($47 a month billed yearly)',
    });
  });

  it('writes a monthly price with its unit, and a key as a name without the capture', () => {
    const plans = [{ ...growth, prices: [{ amount: 19, currency: 'EUR', period: 'month', unit: 'per seat', text: '€19 per seat' }] }] as PricingPlan[];
    expect(describeFieldDiffs([diff({ path: 'plans[growth].prices[month].amount', old: 15, new: 19 })], { plans })[0]).toEqual({
      field: 'Growth plan · monthly price',
      before: '€15 per seat a month',
      after: '€19 per seat a month',
    });
    expect(describeFieldDiffs([diff({ path: 'plans[team-plus].cta', change_type: 'cta_changed', old: 'Start', new: 'Book a demo' })])[0].field).toBe('Team Plus plan · button');
  });

  it('writes a new plan as its price and features, never a dump of its flags', () => {
    const plan = { key: 'enterprise', name: 'Enterprise', prices: [{ amount: null, currency: null, period: 'unknown', unit: null, text: 'Contact sales' }], features: ['SAML SSO', 'SCIM'], cta: 'Contact sales', contact_sales: true, free: false };
    const [text] = describeFieldDiffs([diff({ op: 'added', change_type: 'plan_added', path: 'plans[enterprise]', new: plan })]);
    expect(text).toEqual({ field: 'Enterprise plan', before: '—', after: 'Contact sales · SAML SSO, SCIM' });
  });

  it('names items by their titles and leaves noise out', () => {
    const post = { key: 'p', title: 'Launching Automations', url: '/blog/a', date: '2026-03-03', author: null, excerpt: 'x' };
    expect(
      describeFieldDiffs([
        diff({ op: 'added', change_type: 'post_added', path: 'posts[p]', new: post }),
        diff({ change_type: 'content_changed', path: 'markdown', tier: 'noise', old: 'a', new: 'b' }),
      ]),
    ).toEqual([{ field: 'Blog post', before: '—', after: 'Launching Automations (2026-03-03)' }]);
  });

  it('names a section by its title, whether the page is docs or pricing', () => {
    const section = { key: 'usage-based-plans', title: 'Usage-based plans', url: null, level: 2 };
    expect(describeFieldDiffs([diff({ op: 'removed', change_type: 'section_removed', path: 'sections[usage-based-plans]', old: section })])).toEqual([
      { field: 'Section', before: 'Usage-based plans', after: '—' },
    ]);
  });
});
