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

  it('gives the plan a page is titled by its "Seat cost" price per seat and its "up to N" sentences as limits', () => {
    const doc = (seats: string, table: string, jobs: number) =>
      [
        '# Startup plan',
        'With a **$10 subscription fee**, you get access to the resources you need.',
        '## Subscription',
        'The Startup subscription includes the following resources every month:',
        ['| Seats | Credits | Storage |', '| :---: | :---: | :---: |', `| ${table} | $45 | 100 GB/month |`].join('\n'),
        '### Seat cost',
        seats,
        '## Job concurrency',
        `On the Startup plan, you can run **up to ${jobs} jobs** in parallel, regardless of the machine type.`,
      ].join('\n\n');
    const before = doc('In addition to the 5 free seats, any additional seat used will be charged at **$15** per seat per month.', '5', 80);
    const after = doc('**Free of charge** - Effective seat cost is $0.', 'unlimited', 100);
    expect(plans(after)).toEqual([['Startup', ['10/unknown', '0/unknown']]]);
    // The one-row allowance table names its price by its column, whatever the row holds.
    expect((page(after).fields as PricingFields).line_items.map((i) => i.label)).toEqual(['Credits']);
    expect(changes(before, after)).toEqual([
      'price_decreased plans[startup].prices[unknown:per seat].amount',
      'limit_changed plans[startup].limits[on the startup plan, you can run up to # jobs in parallel, regardless of the machine type.]',
      expect.stringMatching(/^content_changed/),
    ]);
  });

  it('reads a trial stated without "free" ("a 14-day trial period", "the trial period lasts for 14 days")', () => {
    const trial = (text: string) => (page(`## Trial\n\n${text}`).fields as PricingFields).free_trial;
    expect(trial('Once you sign up you will be in a 14-day trial period.')).toBe('14-day trial period');
    expect(trial('The trial period lasts for 14 days.')).toBe('trial period lasts for 14 days');
    expect(trial('Trials are available on request.')).toBeNull();
  });

  it('reads a rate "charged at a rate of $X per minute" in a sentence as a line item', () => {
    const text = '**180,000** self-hosted agent minutes are available every month. Any additional self-hosted agent spending is charged at a rate of **$0.0005** per minute.';
    const items = (page(`## Self-hosted agents\n\n${text}`).fields as PricingFields).line_items;
    expect(items.map((i) => [i.label, i.price.amount, i.price.unit ?? i.price.period])).toEqual([['Any additional self-hosted agent spending', 0.0005, 'per minute']]);
  });
});

describe('plans named in bold with their price in brackets (Storj, corpus)', () => {
  const LICENSES = [
    '# Object Mount pricing',
    '### Additional licenses',
    'Each account has 2 free licenses.',
    '**Pro ($29/license/month)** For teams that need more than 2 licenses. Egress charges of $7/TB still apply.',
    '**Any Cloud ($39/license/month)** Use Object Mount with any S3-compatible storage provider.',
  ].join('\n\n');

  it('reads each bold name as a plan priced per license, the rest of its line aside', () => {
    expect(plans(LICENSES)).toEqual([
      ['Pro', ['29/month']],
      ['Any Cloud', ['39/month']],
    ]);
  });

  it('takes no bold phrase with a bracketed price for a plan when it is a sentence, not a name', () => {
    expect(plans('# Pricing\n\n**The cheapest option ($5/month)** is fine.\n\n**Billed yearly ($50)** saves more.')).toEqual([]);
  });
});

describe('plans listed as "<Name> plan: what it gives" (CodeSandbox, corpus)', () => {
  const CONCURRENCY = [
    '# Pricing',
    'Pick the corresponding plan:',
    '- Build (free) plan: 10 concurrent VMs\n- Scale plan: 250 concurrent VMs\n- Enterprise plan: custom concurrent VMs',
    'Your expected bill for the month is:',
    '- Base price of Scale plan: $170\n- Total bill: $1223.57',
  ].join('\n\n');

  it('reads each item as a plan, free when its brackets say so, priced by a line naming its base price', () => {
    const read = (page(CONCURRENCY).fields as PricingFields).plans.map((p) => [p.name, p.prices.map((x) => x.amount), p.features]);
    expect(read).toEqual([
      ['Build', [0], ['10 concurrent VMs']],
      ['Scale', [170], ['250 concurrent VMs']],
      ['Enterprise', [], ['custom concurrent VMs']],
    ]);
  });

  it('leaves a list of items that are not all plans alone', () => {
    expect(plans('# Pricing\n\nPick the corresponding plan:\n\n- Scale plan: 250 concurrent VMs\n- Talk to us about discounts')).toEqual([]);
  });
});

describe('a table of what one plan includes, beside a plan named by its heading (PlanetScale, corpus)', () => {
  const SCALER = [
    '## Scaler Pro',
    'The **Scaler Pro** plan is broken down by cluster size.',
    '|  | **Scaler Pro** |\n| --- | --- |\n| **Storage/month** | 10 GB included; $1.50 per additional 1 GB. |\n| **Availability zones** | 3 |\n| **Support** | Standard |',
    '## PlanetScale Enterprise plan',
    'Our Enterprise plan is great for users that want to scale farther.',
  ].join('\n\n');

  it('reads the one-column table as its plan, and the heading as a second plan', () => {
    const fields = page(SCALER).fields as PricingFields;
    expect(fields.plans.map((p) => [p.name, p.prices.length, p.features])).toEqual([
      ['Scaler Pro', 0, ['Storage/month: 10 GB included; $1.50 per additional 1 GB.', 'Availability zones: 3', 'Support: Standard']],
      ['PlanetScale Enterprise', 0, []],
    ]);
    expect(fields.line_items.map((i) => [i.label, i.price.amount])).toEqual([['Storage/month – Scaler Pro', 1.5]]);
  });

  it('reads no plan from a one-column table the page never calls a plan', () => {
    const specs = '# Machines\n\n|  | **Large** |\n| --- | --- |\n| **CPU** | 8 cores |\n| **RAM** | 16 GB |';
    expect((page(specs).fields as PricingFields).plans).toEqual([]);
  });
});

describe('plans named by headings that are tier names alone (Sourcegraph Cody, corpus)', () => {
  const CODY = [
    '# Cody Pricing',
    '## Free',
    'The free plan is for hobbyists.',
    '### Upgrading from Free to Pro',
    '- Click confirm and upgrade to Cody Pro for **$9 per month**',
    '## Pro',
    'Cody Pro, designed for individuals or small teams at **$9 per user per month**, offers more.',
    '### Enterprise Starter',
    'Pro users can also switch to the Enterprise Starter plan for **$19 per user per month**.',
    '## Enterprise',
    'Contact us for a quote.',
    '## Plans Comparison',
  ].join('\n\n');

  it('reads each tier heading as a plan priced by its own lines', () => {
    expect(plans(CODY)).toEqual([
      ['Free', ['0/unknown']],
      ['Pro', ['9/month']],
      ['Enterprise Starter', ['19/month']],
      ['Enterprise', []],
    ]);
  });

  it('takes no plan from a single tier heading', () => {
    expect(plans('# Pricing\n\n## Enterprise\n\nTalk to us for $500 per month.\n\n## FAQ\n\nAsk anything.')).toEqual([]);
  });
});

describe('plans named in bold inside a paragraph, with usage prices in the same line (Encore, corpus)', () => {
  const billing = (resource: string) =>
    [
      '# Plans & Billing',
      '',
      'We offer a **Free** plan for small teams.',
      "If you want every feature, there's a paid **Pro** plan available at $49 per member / month.",
      '',
      '## Do I need to pay for hosting?',
      '',
      `The **Pro** plan is $49/month per member. If you host in your cloud, the price is $99/month per environment on AWS/GCP + $${resource}/month per resource in each AWS/GCP environment.`,
    ].join('\n');

  it('reads each bold name followed by "plan" as a plan, and the line\'s other prices by what they are per', () => {
    expect(plans(billing('2.5'))).toEqual([
      ['Free', ['0/unknown']],
      ['Pro', ['49/month']],
    ]);
    expect((page(billing('2.5')).fields as PricingFields).line_items.map((i) => [i.label, i.price.amount])).toEqual([
      ['per environment on AWS/GCP', 99],
      ['per resource in each AWS/GCP environment', 2.5],
    ]);
    expect(changes(billing('1.7'), billing('2.5'))).toEqual(['price_increased line_items[per-resource-in-each-aws-gcp-environment].price.amount']);
  });
});

