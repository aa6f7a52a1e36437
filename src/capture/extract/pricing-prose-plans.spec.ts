import type { PricingFields } from '../capture.types';
import { diffCaptures } from '../../diffing/diff-captures';
import { extractPage } from './extract-page';

/*
 * Plans a documentation page names only in prose (shapes of Semaphore's, Plausible's and
 * CircleCI's plan pages): headings "Free plan", bold lines "**Paid plan** is …", a list of bold
 * names introduced as plans; no table, no card.
 */
const URL = 'https://ci.example/docs/plans.md';
const page = (source: string) => extractPage(source, URL, 'pricing', 'text/markdown');
const plans = (source: string) =>
  (page(source).fields as PricingFields).plans.map((p) => [p.name, p.prices.map((x) => `${x.amount}/${x.period}`)]);
const changes = (before: string, after: string) => {
  const capture = (source: string) => ({ fields: page(source).fields, markdown: page(source).markdown });
  return diffCaptures('pricing', capture(before), capture(after)).field_diffs.filter((d) => d.tier === 'alertable').map((d) => `${d.change_type} ${d.path}`);
};

const HEADINGS = [
  '# Plans',
  'You only pay for what you use.',
  '## Paid plan',
  'The Paid plan is activated once you add your credit card. You are charged for usage each month.',
  '## Open Source plan',
  'Unlimited build minutes for public repositories.',
  '## Free plan',
  'The Free plan includes $10 (up to 1300 build minutes) of free credit per calendar month.',
  '## Upgrading to a paid plan',
  'Go to the Billing page.',
  '## Configuring Your Credit Plan',
  'Choose a plan in the settings.',
].join('\n\n');

describe('plans named in prose', () => {
  it('reads "<Name> plan" headings as plans, not headings about plans; a plan called Free is free, not priced by its credit', () => {
    expect(plans(HEADINGS)).toEqual([
      ['Paid', []],
      ['Open Source', []],
      ['Free', ['0/unknown']],
    ]);
  });

  it('reports a plan section added to the page as plan_added', () => {
    const after = HEADINGS.replace('## Upgrading', '## Grandfathered plans for Classic users\n\nWe match your Classic costs.\n\n## Upgrading');
    expect(changes(HEADINGS, after)).toContain('plan_added plans[grandfathered]');
  });

  it('reads bold lines opening with "<Name> plan" as plans', () => {
    const source = [
      '## Plans',
      'You choose a **Free plan** or a **Paid plan**.',
      '**Free plan** includes $20 free credit per calendar month.',
      '**Paid plan** is activated once you add your credit card.',
    ].join('\n\n');
    expect(plans(source).map(([name]) => name)).toEqual(['Free', 'Paid']);
  });

  it('reads a list of bold names introduced as plans, and bold names followed by "plan" in list items', () => {
    const dashed = ['Next, choose your plan. Each plan offers different limits:', '', '* **Starter** - Essential features for solo projects', '* **Growth** - Team access and sharing', '* **Enterprise** - Custom plan. Contact us'].join('\n');
    expect(plans(dashed).map(([name]) => name)).toEqual(['Starter', 'Growth', 'Enterprise']);
    const quoted = ['You also need to decide on your subscription plan:', '', '* Choose the "**Growth**" plan for essential features', '* Go for the "**Business**" plan for advanced features'].join('\n');
    expect(plans(quoted).map(([name]) => name)).toEqual(['Growth', 'Business']);
  });

  it('leaves a feature list whose lead-in says what a plan includes alone', () => {
    const source = ['Every plan includes:', '', '* **SSO** - Single sign-on for your team', '* **Audit log** - Every change recorded'].join('\n');
    expect(plans(source)).toEqual([]);
  });

  it('prices a plan from the list its name introduces, and reports the fee changing', () => {
    const doc = (line: string) =>
      ['## Overview', 'With the Performance plan you have:', '', `- ${line}`, '- Docker layer caching', '', '## Free plan', 'Build on medium machines.', '## Performance plan', 'Upgrading to a performance plan offers more than the free plan.'].join('\n');
    const before = doc('An unlimited number of user seats (at $15 a user)');
    const after = doc('50,000 credits/month ($30 monthly value)');
    expect(plans(after)).toEqual([
      ['Free', ['0/unknown']],
      ['Performance', ['30/month']],
    ]);
    expect(changes(before, after)).toContain('price_changed plans[performance].prices[month]');
  });
});
