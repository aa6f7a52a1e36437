import type { PricingFields, PricingPlan } from '../capture.types';
import { extractPage } from './extract-page';
import { diffCaptures } from '../../diffing/diff-captures';
import { corpusPage, fieldsOf, fixtureFile } from './__fixtures__/pages';

const JOPLIN_PLANS = 'https://joplinapp.org/plans/';
const FLY_PRICING = 'https://fly.io/docs/about/pricing/';

function plan(fields: PricingFields, key: string): PricingPlan {
  const found = fields.plans.find((p) => p.key === key);
  if (!found) throw new Error(`no plan ${key} in ${fields.plans.map((p) => p.key).join(', ')}`);
  return found;
}

function priceFor(p: PricingPlan, period: string) {
  return p.prices.find((price) => price.period === period);
}

describe('pricing extraction from the Joplin Cloud plans page (corpus)', () => {
  const before = fieldsOf(corpusPage('pricing-joplin-pair/before.html'), JOPLIN_PLANS, 'pricing');
  const after = fieldsOf(corpusPage('pricing-joplin-pair/after.html'), JOPLIN_PLANS, 'pricing');

  it('finds the same three plans before and after, keyed by slug', () => {
    expect(before.plans.map((p) => p.key)).toEqual(['basic', 'pro', 'business']);
    expect(after.plans.map((p) => p.key)).toEqual(['basic', 'pro', 'business']);
  });

  it('reads unchanged monthly euro prices in both versions', () => {
    for (const fields of [before, after]) {
      expect(priceFor(plan(fields, 'basic'), 'month')).toMatchObject({ amount: 1.99, currency: 'EUR' });
      expect(priceFor(plan(fields, 'pro'), 'month')).toMatchObject({ amount: 5.99, currency: 'EUR' });
      expect(priceFor(plan(fields, 'business'), 'month')).toMatchObject({ amount: 49.99, currency: 'EUR' });
    }
  });

  it('has yearly prices only after the yearly toggle was added, kept apart from monthly ones', () => {
    expect(before.plans.every((p) => p.prices.every((price) => price.period === 'month'))).toBe(true);
    expect(before.billing_periods).toEqual(['month']);
    expect(after.billing_periods).toEqual(['month', 'year']);
    const basicYearly = priceFor(plan(after, 'basic'), 'year');
    expect(basicYearly).toMatchObject({ amount: 17.88, currency: 'EUR' });
    expect(basicYearly?.text).toContain('1.49€');
    expect(priceFor(plan(after, 'pro'), 'year')).toMatchObject({ amount: 57.48 });
    expect(priceFor(plan(after, 'business'), 'year')).toMatchObject({ amount: 479.88 });
  });

  it('keeps checked features and leaves out crossed-out ones', () => {
    const basic = plan(before, 'basic');
    expect(basic.features).toEqual([
      'Max 10 MB per note or attachment',
      'Publish notes to the internet',
      'Sync as many devices as you want',
      'Web Clipper',
      '1 GB storage space',
    ]);
    expect(plan(before, 'business').features).toContain('Priority support');
  });

  it('reads the call to action and marks Business as contact-sales', () => {
    expect(plan(before, 'basic').cta).toBe('Try it now');
    expect(plan(before, 'business')).toMatchObject({ cta: 'Contact us', contact_sales: true, free: false });
  });

  it('ignores the hidden "Running in prod mode!" debug string', () => {
    expect(extractPage(corpusPage('pricing-joplin-pair/after.html'), JOPLIN_PLANS, 'pricing').markdown).not.toContain('prod mode');
  });
});

describe('pricing extraction from the Fly.io usage-based price list (corpus, Markdown source)', () => {
  const gpuBefore = fieldsOf(corpusPage('pricing-flyio-gpu-pair/before.md'), FLY_PRICING, 'pricing');
  const gpuAfter = fieldsOf(corpusPage('pricing-flyio-gpu-pair/after.md'), FLY_PRICING, 'pricing');
  const item = (fields: PricingFields, key: string) => fields.line_items.find((i) => i.key === key);

  it('reads GPU prices as hourly per-GPU line items keyed by label', () => {
    expect(item(gpuAfter, 'a10')?.price).toMatchObject({ amount: 1.5, currency: 'USD', period: 'hour', unit: 'per GPU' });
    expect(item(gpuAfter, 'a100-80g-sxm')?.label).toBe('A100 80G SXM');
  });

  it('sees the L40S price halved from 2.50 to 1.25 and nothing else change', () => {
    expect(item(gpuBefore, 'l40s')?.price.amount).toBe(2.5);
    expect(item(gpuAfter, 'l40s')?.price.amount).toBe(1.25);
    const others = (fields: PricingFields) => fields.line_items.filter((i) => i.key !== 'l40s');
    expect(others(gpuAfter)).toEqual(others(gpuBefore));
  });

  it('finds no plan cards on a usage price list', () => {
    expect(gpuAfter.plans).toEqual([]);
  });

  it('reads reservation blocks as yearly prices labelled by their group', () => {
    expect(item(gpuAfter, 'shared-machines-for-5-month-of-usage')?.price).toMatchObject({ amount: 36, period: 'year' });
  });

  it('reads usage tables cell by cell with row and column labels', () => {
    const egress = gpuAfter.line_items.find((i) => i.label === 'North America Europe – Egress to public internet cost');
    expect(egress?.price).toMatchObject({ amount: 0.02, unit: 'per GB' });
  });

  describe('plans withdrawn and support packages added', () => {
    const plansBefore = fieldsOf(corpusPage('pricing-flyio-plans-pair/before.md'), FLY_PRICING, 'pricing');
    const plansAfter = fieldsOf(corpusPage('pricing-flyio-plans-pair/after.md'), FLY_PRICING, 'pricing');

    it('reads the new support packages from running text', () => {
      expect(item(plansAfter, 'standard')?.price).toMatchObject({ amount: 29, period: 'month' });
      expect(item(plansAfter, 'premium')?.price).toMatchObject({ amount: 199, period: 'month' });
      expect(item(plansAfter, 'enterprise')?.price).toMatchObject({ amount: 2500, period: 'month' });
      expect(item(plansBefore, 'standard')).toBeUndefined();
    });

    it('keeps unit prices identical despite list-marker, quote and capitalisation noise', () => {
      const keysBefore = new Map(plansBefore.line_items.map((i) => [i.key, i.price.amount]));
      const unchanged = plansAfter.line_items.filter((i) => keysBefore.has(i.key));
      expect(unchanged.length).toBeGreaterThanOrEqual(20);
      for (const i of unchanged) expect(i.price.amount).toBe(keysBefore.get(i.key));
      expect(item(plansAfter, 'fly-kubernetes')?.price).toMatchObject({ amount: 75, unit: 'per cluster' });
      expect(item(plansAfter, 'static-ips-for-machines')?.price).toMatchObject({ amount: 0.005, period: 'hour' });
    });

    it('does not mistake the $5 free trial credit for a free trial offer', () => {
      expect(plansBefore.free_trial).toBeNull();
    });
  });
});

describe('pricing extraction from synthetic pages', () => {
  it('reads plan cards with free, per-user, yearly and custom prices', () => {
    const fields = fieldsOf(fixtureFile('pricing-cards.html'), 'https://acme.example/pricing', 'pricing');
    expect(fields.plans.map((p) => p.key)).toEqual(['free', 'team', 'business', 'enterprise']);
    expect(plan(fields, 'free')).toMatchObject({ free: true, contact_sales: false, cta: 'Get started' });
    expect(plan(fields, 'free').features).toEqual(['1 project', '1,000 events per month']);
    expect(plan(fields, 'team')).toMatchObject({ name: 'Team', cta: 'Start free trial' });
    expect(plan(fields, 'team').prices).toEqual([{ amount: 49, currency: 'USD', period: 'month', unit: 'per user', text: '$49/mo per user' }]);
    expect(priceFor(plan(fields, 'business'), 'year')).toMatchObject({ amount: 1299 });
    expect(plan(fields, 'enterprise')).toMatchObject({ contact_sales: true, free: false, cta: 'Contact sales' });
    expect(plan(fields, 'enterprise').prices).toEqual([{ amount: null, currency: null, period: 'unknown', unit: null, text: 'Custom' }]);
  });

  it('reads the free trial and add-on line items outside the cards', () => {
    const fields = fieldsOf(fixtureFile('pricing-cards.html'), 'https://acme.example/pricing', 'pricing');
    expect(fields.free_trial).toBe('14-day free trial');
    expect(fields.line_items.map((i) => [i.key, i.price.amount, i.price.currency])).toEqual([
      ['extra-seats', 12, 'USD'],
      ['data-retention-2-years', 5, 'EUR'],
      ['priority-support', 200, 'USD'],
    ]);
  });

  it('reads a comparison table: plans across, check marks and values down', () => {
    const fields = fieldsOf(fixtureFile('pricing-table.html'), 'https://tabula.example/pricing', 'pricing');
    expect(fields.plans.map((p) => p.name)).toEqual(['Starter', 'Growth', 'Scale']);
    expect(plan(fields, 'starter').prices).toEqual([{ amount: 10, currency: 'GBP', period: 'month', unit: null, text: '£10 /month' }]);
    expect(plan(fields, 'starter').features).toEqual(['Seats: 3', 'Storage: 10 GB']);
    expect(plan(fields, 'growth').features).toEqual(['Seats: 10', 'Storage: 100 GB', 'API access']);
    expect(plan(fields, 'scale')).toMatchObject({ contact_sales: true, cta: 'Talk to sales' });
    expect(plan(fields, 'scale').features).toEqual(['Seats: Unlimited', 'Storage: 1 TB', 'API access', 'Audit log']);
  });

  it('keeps monthly and yearly prices of a toggle apart, yearly read from the hidden panel', () => {
    const fields = fieldsOf(fixtureFile('pricing-toggle.html'), 'https://notely.example/pricing', 'pricing');
    expect(fields.plans.map((p) => p.key)).toEqual(['solo', 'team']);
    const billedAnnually = (p: PricingPlan) => p.prices.find((price) => price.billing === 'annually');
    expect(priceFor(plan(fields, 'solo'), 'month')).toMatchObject({ amount: 10 });
    expect(billedAnnually(plan(fields, 'solo'))).toMatchObject({ amount: 8, period: 'month' });
    expect(billedAnnually(plan(fields, 'team'))?.text).toContain('$20 / month');
    expect(fields.billing_periods).toEqual(['month', 'year']);
    expect(plan(fields, 'solo').features).toEqual(['1 user', 'Unlimited notes']);
  });

  it('uses schema.org Product offers when the page declares them', () => {
    const fields = fieldsOf(fixtureFile('pricing-jsonld.html'), 'https://beacon.example/pricing', 'pricing');
    expect(plan(fields, 'hobby')).toMatchObject({ free: true });
    expect(plan(fields, 'pro').prices).toEqual([{ amount: 29, currency: 'USD', period: 'month', unit: null, text: 'USD 29 /month' }]);
  });
});

describe('pricing extraction from microdata offers', () => {
  it('reads itemprop name, price and currency of each offer', () => {
    const html = `<html><body><main><h1>Plans</h1>
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Pulse</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><h2 itemprop="name">Basic</h2>
          <meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="9">9 €</span></div>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><h2 itemprop="name">Plus</h2>
          <meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="19">19 €</span></div>
      </div></main></body></html>`;
    const fields = fieldsOf(html, 'https://pulse.example/plans', 'pricing');
    expect(fields.plans.map((p) => [p.key, p.prices[0]?.amount, p.prices[0]?.currency])).toEqual([
      ['basic', 9, 'EUR'],
      ['plus', 19, 'EUR'],
    ]);
  });
});

describe('pricing extraction of side-by-side toggle prices', () => {
  it('reads "$39$32 /mo" shown in monthly and yearly spans as two prices of one plan', () => {
    const html = `<html><body><main><h1>Pricing</h1><div class="plans">
      <div class="plan"><h3>Lite</h3><p class="price"><span class="price-monthly">$15</span><span class="price-yearly">$12</span> <span class="per">/mo</span></p><a class="button" href="/s">Try it free</a><ul><li>Email campaigns</li></ul></div>
      <div class="plan"><h3>Growth</h3><p class="price"><span class="price-monthly">$39</span><span class="price-yearly">$32</span> <span class="per">/mo</span></p><a class="button" href="/s">Try it free</a><ul><li>A/B testing</li></ul></div>
      </div></main></body></html>`;
    const growth = plan(fieldsOf(html, 'https://mailcraft.example/pricing', 'pricing'), 'growth');
    expect(growth.prices).toEqual([
      { amount: 39, currency: 'USD', period: 'month', unit: null, text: '$39 /mo' },
      { amount: 32, currency: 'USD', period: 'month', unit: null, text: '$32 /mo billed yearly', billing: 'annually' },
    ]);
  });
});

describe('prices named in a sentence', () => {
  it('reads "X are available for $449/month, paid annually" as a line item billed annually (Codemagic docs)', () => {
    const html = `<html><body><main><h1>Pricing</h1><h2>Dedicated hosts</h2>
      <p>Dedicated macOS M1 standard and macOS Intel hosts are available for $449/month, paid annually with <strong>20% discount</strong> comes to <strong>$4,310/year</strong>.</p>
      </main></body></html>`;
    const fields = fieldsOf(html, 'https://docs.codemagic.io/billing/pricing/', 'pricing');
    expect(fields.line_items).toEqual([
      expect.objectContaining({ label: 'Dedicated macOS M1 standard and macOS Intel hosts', price: expect.objectContaining({ amount: 449, period: 'month', billing: 'annually' }) }),
    ]);
  });
});

describe('metered rates and FAQ questions (Momento, corpus)', () => {
  it('names a rate by what it meters ("costs $0.50/GB transferred") and takes no line item from a question', () => {
    const html = `<html><body><main><h1>Pricing</h1>
      <p>Momento Cache costs $0.50/GB transferred, metered in 1 KB increments each time.</p>
      <h2>FAQ</h2><h3>Is it really just $.50/GB transferred in and out of Momento Cache?</h3>
      <p>Yes.</p><h3>Can I run a production app for $5.00/month on Momento Cache?</h3><p>Absolutely.</p>
      </main></body></html>`;
    const fields = fieldsOf(html, 'https://docs.momentohq.com/manage/pricing', 'pricing');
    expect(fields.line_items.map((i) => [i.label, i.price.amount])).toEqual([['Momento Cache – GB transferred', 0.5]]);
  });
});

describe('pricing sections on the Travis CI billing overview (corpus)', () => {
  const url = 'https://docs.travis-ci.com/user/billing-overview/';
  const before = fieldsOf(corpusPage('pricing-travis-ci-credit-plans-pair/before.md'), url, 'pricing');

  it('reads the h1 and h2 headings of the page, in order, as its sections', () => {
    const titles = (before.sections ?? []).map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['Travis CI Plan types', 'Concurrency based plans', 'Usage-based plans', 'Getting Help']));
    // h3 and deeper are plan cards, sub-sections and FAQ questions, not the page's sections.
    expect(titles).not.toContain('Monthly Plans');
    expect(titles).not.toContain('Selecting a Plan');
    const usage = before.sections?.find((s) => s.title === 'Usage-based plans');
    expect(usage).toMatchObject({ level: 2 });
    expect(titles.indexOf('Concurrency based plans')).toBeLessThan(titles.indexOf('Usage-based plans'));
  });
});

describe('a table drawn as a row of plan cards, and usage rows of a comparison (LangSmith, corpus)', () => {
  const url = 'https://docs.smith.example/pricing';
  const cards = `<table><thead><tr><th>Startups</th><th>Developer</th><th>Plus</th><th>Enterprise</th></tr></thead><tbody>
    <tr><td>Designed for early stage startups</td><td>Designed for hobbyists</td><td>Everything in Developer, plus team features</td><td>Designed for teams with security needs</td></tr>
    <tr><td><a href="/form">Contact us to learn more</a></td><td><ul><li>Free for 1 user</li><li>5,000 free traces per month</li><li>Additional traces billed @ $0.005/trace</li></ul></td>
      <td><ul><li>$39/user</li><li>10,000 free traces per month</li></ul></td><td>Custom</td></tr></tbody></table>`;
  const comparison = (seat: string) => `<table><thead><tr><th></th><th>Developer</th><th>Plus</th><th>Enterprise</th></tr></thead><tbody>
    <tr><td>Developer Seats</td><td>1 Free Seat</td><td>Maximum 10 seats<br>$${seat} per seat</td><td>Custom pricing</td></tr>
    <tr><td>Traces</td><td>First 5k traces free.<br>$0.005 per trace thereafter</td><td>First 10k traces free.<br>$0.005 per trace thereafter</td><td>Custom</td></tr>
    <tr><td>Debugging</td><td>✓</td><td>✓</td><td>✓</td></tr><tr><td>SSO</td><td></td><td></td><td>✓</td></tr></tbody></table>`;
  const html = (seat = '39') => `<html><body><main><h1>Pricing</h1>${cards}${comparison(seat)}</main></body></html>`;
  const fields = (seat?: string) => fieldsOf(html(seat), url, 'pricing');

  it('reads each header cell as a plan, its price from the line that leads with one, and a per-trace row as usage', () => {
    const read = fields();
    expect(read.plans.map((p) => [p.name, p.prices.map((x) => `${x.amount} ${x.unit ?? ''}`.trim())])).toEqual([
      ['Startups', ['null']],
      ['Developer', ['0']],
      ['Plus', ['39 per user', '39 per seat']],
      ['Enterprise', ['null']],
    ]);
    expect(read.line_items.map((i) => [i.label, i.price.amount])).toEqual([
      ['Traces – Developer', 0.005],
      ['Traces – Plus', 0.005],
    ]);
  });

  it('reports the seat price raised where it is written, the per-user price beside it unchanged', () => {
    const capture = (seat: string) => ({ fields: fields(seat), markdown: '' });
    const diffs = diffCaptures('pricing', capture('39'), capture('48')).field_diffs.filter((d) => d.tier === 'alertable');
    expect(diffs.map((d) => [d.change_type, d.path, d.old, d.new])).toEqual([['price_increased', 'plans[plus].prices[unknown:per seat].amount', 39, 48]]);
  });
});

describe('plans written as headings over a price line alone (OpenPolice, Jekyll)', () => {
  const url = 'http://www.openpolice.be/pricing/';
  const page = (extra = '') => `<html><body><main><h1>Pricing</h1>
    <h2>Urban <small>- Cluster 1 &amp; 2</small></h2><p>7.200 € / year${extra}</p>
    <h2>Nationwide <small>- Cluster 3, 4 &amp; 5</small></h2><p>4.200 € / year</p>
    <p><small>Prices include VAT</small></p><p><small>Source: <a href="/belfius.pdf">Belfius</a></small></p>
    <h2>What is included?</h2><h3>Support</h3><p>Ask the developers who built it.</p></main></body></html>`;

  it('reads each heading priced per period, with no list of features, as a plan; a link inside a sentence is no call to action', () => {
    const read = fieldsOf(page(' or <strong>17.500 € / 3 years</strong>'), url, 'pricing');
    expect(read.plans.map((p) => [p.name, p.prices.map((x) => x.amount), p.cta])).toEqual([
      ['Urban - Cluster 1 & 2', [7200, 17500], null],
      ['Nationwide - Cluster 3, 4 & 5', [4200], null],
    ]);
    expect(read.line_items).toEqual([]);
  });

  it('leaves headings priced per unit to the line items: a price list is not a set of plans', () => {
    const read = fieldsOf(
      '<html><body><main><h1>Pricing</h1><h2>Storage</h2><p>$0.02 per GB per month</p><h2>Egress</h2><p>$0.09 per GB</p></main></body></html>',
      url,
      'pricing',
    );
    expect(read.plans).toEqual([]);
    expect(read.line_items.map((i) => i.price.amount)).toEqual([0.02, 0.09]);
  });
});

describe('plans under headings with a labelled price line, and a comparison header priced in brackets (Zerops docs)', () => {
  const plan = (name: string, cost: string) => `<h3>${name}</h3><ul><li><strong>Cost:</strong> ${cost}</li>
    <li><strong>Best for:</strong> Production</li><li><strong>Infrastructure:</strong> Multi-container</li></ul>`;
  const html = `<html><body><main><h1>Pricing</h1><h2>Project Plans</h2>${plan('Lightweight Plan', 'Free')}${plan('Serious Plan', '$10 / 30 days')}
    <h3>Plan Comparison</h3><table><thead><tr><th>Features</th><th>Lightweight</th><th>Serious ($10/30d)</th></tr></thead>
    <tbody><tr><td>Build Time</td><td>15 hours</td><td>150 hours</td></tr><tr><td>Egress</td><td>100 GB</td><td>3 TB</td></tr></tbody></table></main></body></html>`;

  it('reads "Cost: Free" and "Cost: $10 / 30 days" as the prices of the plans above them, and names a column "Serious" without its bracket', () => {
    const read = fieldsOf(html, 'https://docs.zerops.io/features/pricing', 'pricing');
    const byName = new Map(read.plans.map((p) => [p.name, p.prices.map((x) => x.amount)]));
    expect(byName.get('Lightweight Plan')).toEqual([0]);
    expect(byName.get('Serious Plan')).toEqual([10]);
    expect([...byName.keys()]).toContain('Serious');
    expect(read.plans.find((p) => p.name === 'Serious Plan')?.features).toEqual(['Best for: Production', 'Infrastructure: Multi-container']);
  });
});
