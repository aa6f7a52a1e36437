import type { BillingPeriod, MonitorType, PlanPrice, PricingFields, PricingPlan } from '../capture/capture.types';
import type { ChangeCategory, ChangeDirection, FieldDiff } from '../diffing/diff.types';
import type { InterpretationInput } from './interpretation.types';
import { interpretWithRules, RulesInterpreter } from './rules.interpreter';

/** Field diffs here have the shapes src/diffing produces, so the specs read like real changes. */

function input(
  type: MonitorType,
  field_diffs: FieldDiff[],
  extra: Partial<InterpretationInput> & { category?: ChangeCategory; direction?: ChangeDirection } = {},
): InterpretationInput {
  return {
    competitor: { name: 'Acme', domain: 'acmeboard.io' },
    monitor: { type, url: `https://www.acmeboard.io/${type}`, name: `Acme ${type}` },
    field_diffs,
    category: 'other',
    direction: 'neutral',
    delta: { added: 0, removed: 0, modified: 0 },
    raw_diff_excerpt: '',
    captured_at: '2025-03-05T09:00:00.000Z',
    previous_captured_at: '2025-03-04T09:00:00.000Z',
    ...extra,
  };
}

function price(amount: number | null, period: BillingPeriod = 'month', currency = 'USD', text?: string, unit: string | null = null): PlanPrice {
  return { amount, currency, period, unit, text: text ?? (amount === null ? 'Custom' : `$${amount}/${period}`) };
}

function plan(name: string, prices: PlanPrice[], extra: Partial<PricingPlan> = {}): PricingPlan {
  return { key: name.toLowerCase(), name, prices, features: [], cta: 'Start free trial', contact_sales: false, free: prices.some((p) => p.amount === 0), ...extra };
}

function pricing(plans: PricingPlan[], extra: Partial<PricingFields> = {}): PricingFields {
  return { plans, line_items: [], free_trial: null, billing_periods: ['month'], ...extra };
}

function diff(op: FieldDiff['op'], change_type: FieldDiff['change_type'], path: string, old: unknown, next: unknown, tier: FieldDiff['tier'] = 'alertable'): FieldDiff {
  return { op, change_type, path, tier, old, new: next };
}

describe('RulesInterpreter on pricing pages', () => {
  const before = pricing([plan('Free', [price(0)]), plan('Pro', [price(49)]), plan('Business', [price(99)])]);
  const after = pricing([plan('Free', [price(0)]), plan('Pro', [price(59)]), plan('Business', [price(99)])]);

  it('reports a 20% rise on Pro as high with the numbers in the summary', async () => {
    const result = await new RulesInterpreter().interpret(
      input('pricing', [diff('updated', 'price_increased', 'plans[pro].prices[month].amount', 49, 59)], {
        category: 'pricing',
        direction: 'advanced',
        before_fields: before,
        after_fields: after,
      }),
    );

    expect(result.summary).toBe('Acme raised Pro from $49 to $59 a month (+20%).');
    expect(result).toMatchObject({ severity: 'high', severity_score: 65, category: 'pricing', direction: 'advanced', interpreted_by: 'rules-v1' });
    expect(result.opportunity_score).toBe(60);
    expect(result.why_it_matters).toContain('$59');
    expect(result.recommended_action).toContain('Pro');
    expect(result.clusters).toEqual([expect.objectContaining({ diff_indexes: [0] })]);
  });

  it('reads the currency from the raw diff when the captures are not passed', () => {
    const result = interpretWithRules(
      input('pricing', [diff('updated', 'price_increased', 'plans[team].prices[month].amount', 12, 15)], {
        raw_diff_excerpt: '@@ -4,3 +4,3 @@\n ## Team\n-€12 per seat / month\n+€15 per seat / month',
      }),
    );

    expect(result.summary).toBe('Acme raised Team from €12 to €15 a month (+25%).');
  });

  it('scales a bigger rise higher: 40% on a plan is critical, 5% medium', () => {
    const score = (from: number, to: number) =>
      interpretWithRules(input('pricing', [diff('updated', 'price_increased', 'plans[pro].prices[month].amount', from, to)])).severity;

    expect(score(100, 140)).toBe('critical');
    expect(score(100, 105)).toBe('medium');
  });

  it('reports a removed free plan as critical with a high opportunity', () => {
    const result = interpretWithRules(
      input('pricing', [diff('removed', 'plan_removed', 'plans[free]', plan('Free', [price(0)]), null)], { category: 'pricing', direction: 'retreated' }),
    );

    expect(result.severity).toBe('critical');
    expect(result.opportunity_score).toBeGreaterThanOrEqual(80);
    expect(result.summary).toBe('Acme dropped its Free plan (was $0 a month).');
  });

  it('reports a new enterprise tier as medium with a low opportunity', () => {
    const enterprise = plan('Enterprise', [price(null)], { contact_sales: true, cta: 'Contact sales' });
    const result = interpretWithRules(input('pricing', [diff('added', 'plan_added', 'plans[enterprise]', null, enterprise)], { category: 'pricing' }));

    expect(result.severity).toBe('medium');
    expect(result.opportunity_score).toBeLessThanOrEqual(20);
    expect(result.summary).toBe('Acme added an Enterprise plan (contact sales).');
  });

  it('treats yearly prices added beside unchanged monthly ones as a new billing period, with its discount', () => {
    const eur = (amount: number, period: BillingPeriod, text: string) => price(amount, period, 'EUR', text);
    const plans = [
      plan('Basic', [eur(1.99, 'month', '1.99€/month'), eur(1.49, 'year', '1.49€/month billed yearly')]),
      plan('Pro', [eur(5.99, 'month', '5.99€/month'), eur(4.79, 'year', '4.79€/month billed yearly')]),
    ];
    const result = interpretWithRules(
      input(
        'pricing',
        [
          diff('added', 'billing_period_added', 'plans[basic].prices[year]', null, plans[0].prices[1]),
          diff('added', 'billing_period_added', 'plans[pro].prices[year]', null, plans[1].prices[1]),
        ],
        { competitor: { name: 'Joplin', domain: 'joplinapp.org' }, category: 'pricing', direction: 'advanced', after_fields: pricing(plans) },
      ),
    );

    expect(result.summary).toBe(
      'Joplin added yearly billing: Basic 1.49 €/month billed yearly and Pro 4.79 €/month billed yearly (Basic 25% off and Pro 20% off the monthly price).',
    );
    expect(result.severity).toBe('medium');
    expect(result.clusters).toEqual([expect.objectContaining({ headline: 'Yearly billing added', diff_indexes: [0, 1] })]);
  });

  it('never assumes yearly billing is cheaper: a dearer yearly price is said as such', () => {
    const eur = (amount: number, period: BillingPeriod, text: string) => price(amount, period, 'EUR', text);
    const plans = [
      plan('Basic', [eur(2, 'month', '2€/month'), eur(2.2, 'year', '2.20€/month billed yearly')]),
      plan('Pro', [eur(6, 'month', '6€/month'), eur(6.6, 'year', '6.60€/month billed yearly')]),
    ];
    const result = interpretWithRules(
      input(
        'pricing',
        [
          diff('added', 'billing_period_added', 'plans[basic].prices[year]', null, plans[0].prices[1]),
          diff('added', 'billing_period_added', 'plans[pro].prices[year]', null, plans[1].prices[1]),
        ],
        { competitor: { name: 'Joplin', domain: 'joplinapp.org' }, category: 'pricing', direction: 'advanced', after_fields: pricing(plans) },
      ),
    );

    expect(result.summary).toContain('(10% more than the monthly price on every plan)');
    expect(`${result.summary} ${result.why_it_matters} ${result.clusters[0].meaning}`).not.toMatch(/\boff\b|discount|lowers/);
  });

  it('scales a usage line item less than a plan: halving one GPU price is high, not critical', () => {
    const result = interpretWithRules(
      input('pricing', [diff('updated', 'price_decreased', 'line_items[L40S].price.amount', 2.5, 1.25)], {
        competitor: { name: 'Fly.io', domain: 'fly.io' },
        raw_diff_excerpt: '-* L40S: $2.50/hr per GPU\n+* L40S: $1.25/hr per GPU',
        direction: 'retreated',
      }),
    );

    expect(result.summary).toBe('Fly.io cut the L40S price from $2.50 to $1.25 per hour (-50%).');
    expect(result.severity).toBe('high');
    expect(result.opportunity_score).toBeLessThan(10);
  });

  it('groups a plan’s price and feature diffs into one cluster and other plans apart', () => {
    const result = interpretWithRules(
      input('pricing', [
        diff('updated', 'price_increased', 'plans[pro].prices[month].amount', 49, 59),
        diff('added', 'feature_added', 'plans[business].features[SAML SSO]', null, 'SAML SSO'),
        diff('added', 'feature_added', 'plans[pro].features[Automations (1,000 runs/month)]', null, 'Automations (1,000 runs/month)'),
      ]),
    );

    expect(result.clusters.map((cluster) => cluster.diff_indexes)).toEqual([[0, 2], [1]]);
    expect(result.summary).toBe('Acme raised Pro from 49 to 59 a month (+20%) and added Automations (1,000 runs/month) to the Pro plan, and added SAML SSO to the Business plan.');
  });

  it('calls a switch from a trial to a demo button a move to sales-led', () => {
    const result = interpretWithRules(
      input('pricing', [diff('modified', 'cta_changed', 'plans[growth].cta', 'Start free trial', 'Book a demo')], { category: 'positioning' }),
    );

    expect(result.severity).toBe('medium');
    expect(result.summary).toBe('Acme changed the Growth call to action from “Start free trial” to “Book a demo”.');
    expect(result.why_it_matters).toContain('sales conversation');
  });
});

describe('RulesInterpreter on posts, releases and pages', () => {
  const post = (title: string, excerpt = '') => ({ key: title.toLowerCase(), title, url: null, date: '2025-03-04', author: null, excerpt });

  it('keeps an ordinary blog post at info with no action, and offers its topic as SEO keywords', () => {
    const result = interpretWithRules(
      input('blog', [diff('added', 'post_added', 'posts[backlog]', null, post('7 ways to cut your support ticket backlog'))], { category: 'content', direction: 'advanced' }),
    );

    expect(result.severity).toBe('info');
    expect(result.recommended_action).toBeNull();
    expect(result.summary).toBe('Acme published a new blog post: “7 ways to cut your support ticket backlog”.');
    expect(result.enrichment.seo_opportunity.keywords).toEqual(['support ticket backlog']);
    expect(result.opportunity_score).toBe(7);
  });

  it('raises a post that announces a partnership to medium and files it under partnership', () => {
    const result = interpretWithRules(
      input('blog', [diff('added', 'post_added', 'posts[sf]', null, post('Acme partners with Salesforce to connect sales and delivery'))], { category: 'content' }),
    );

    expect(result).toMatchObject({ severity: 'medium', category: 'partnership' });
    expect(result.summary).toContain('Salesforce');
  });

  it('treats an acquisition as high and a launch as a feature', () => {
    const acquisition = interpretWithRules(input('blog', [diff('added', 'post_added', 'posts[a]', null, post('Acme acquires Kubewise'))], { category: 'content' }));
    const launch = interpretWithRules(input('blog', [diff('added', 'post_added', 'posts[l]', null, post('Introducing Acme AI'))], { category: 'content' }));

    expect(acquisition).toMatchObject({ severity: 'high', category: 'other' });
    expect(launch).toMatchObject({ severity: 'medium', category: 'feature' });
  });

  it('summarises a release with its version and item counts', () => {
    const entry = {
      key: 'v2.4.9',
      title: 'v2.4.9',
      version: '2.4.9',
      date: '2021-09-29',
      items: [
        'Improved: Allow importing certain corrupted ENEX files (f144dae)',
        'Improved: Improved accepting a folder share (8ada059)',
        'Improved: Make exported HTML more readable on mobile (b1d0c15)',
        'Fixed: Fix default sync target (4b39d30)',
      ],
    };
    const result = interpretWithRules(
      input('changelog', [
        diff('added', 'entry_added', 'entries[v2.4.9]', null, entry),
        diff('modified', 'entry_updated', 'entries[v2.4.8].title', 'v2.4.8', 'v2.4.8 (Pre-release)', 'informational'),
      ], { competitor: { name: 'Joplin', domain: 'joplinapp.org' }, category: 'feature', direction: 'advanced' }),
    );

    expect(result.summary).toBe('Joplin released version 2.4.9 (3 improvements, 1 fix).');
    expect(result.severity).toBe('low');
    expect(result.clusters.map((cluster) => cluster.diff_indexes)).toEqual([[0], [1]]);
  });

  it('names an item withdrawn from an existing release', () => {
    const result = interpretWithRules(
      input('changelog', [diff('removed', 'entry_updated', 'entries[6.3.0].items[Fix fetch bug]', 'Fix fetch bug when using weighted queues [#5031]', null)], {
        competitor: { name: 'Sidekiq', domain: 'sidekiq.org' },
        category: 'feature',
      }),
    );

    expect(result.summary).toBe('Sidekiq removed an item from version 6.3.0: “Fix fetch bug when using weighted queues [#5031]”.');
  });

  it('marks a release that deprecates an API as retreated', () => {
    const entry = { key: '2025.03', title: '2025.03', version: '2025.03', date: null, items: ['Deprecated: the v1 Storage API', 'Removed: FTP upload endpoint'] };
    const result = interpretWithRules(input('changelog', [diff('added', 'entry_added', 'entries[2025.03]', null, entry)], { category: 'feature', direction: 'advanced' }));

    expect(result).toMatchObject({ direction: 'retreated', severity: 'medium' });
    expect(result.opportunity_score).toBeGreaterThanOrEqual(40);
  });

  it('files new docs pages as feature news and names them', () => {
    const page = (title: string) => ({ key: title, title, url: null, level: 2 });
    const result = interpretWithRules(
      input('docs', [
        diff('added', 'page_added', 'pages[saml-sso]', null, page('SAML single sign-on')),
        diff('added', 'page_added', 'pages[scim]', null, page('SCIM provisioning')),
      ], { category: 'content', direction: 'advanced' }),
    );

    expect(result.summary).toBe('Acme added 2 docs pages: SAML single sign-on and SCIM provisioning.');
    // SSO and SCIM are an upmarket move: at least medium, and why-it-matters says so.
    expect(result).toMatchObject({ category: 'feature', severity: 'medium' });
    expect(result.why_it_matters).toMatch(/^Acme is moving upmarket with SSO and SCIM: it is selling to larger customers/);
    expect(result.enrichment.seo_opportunity.keywords).toEqual(['saml single sign-on', 'scim provisioning']);
  });

  it('reads a section removed from a pricing page as a pricing change, not docs', () => {
    const section = { key: 'usage-based-plans', title: 'Usage-based plans', url: null, level: 2 };
    const result = interpretWithRules(
      input('pricing', [diff('removed', 'section_removed', 'sections[usage-based-plans]', section, null)], { category: 'pricing', direction: 'retreated' }),
    );

    expect(result.summary).toBe('Acme removed the “Usage-based plans” section from its pricing page.');
    expect(result).toMatchObject({ category: 'pricing', severity: 'low', direction: 'retreated' });
    expect(result.why_it_matters).toMatch(/way of buying was retired/);
  });

  it('reads a retitled pricing section as informational wording', () => {
    const result = interpretWithRules(
      input('pricing', [diff('modified', 'title_changed', 'sections[usage].title', 'Usage plans', 'Pay as you go', 'informational')], { category: 'pricing' }),
    );

    expect(result.summary).toBe('Acme renamed the “Usage plans” section of its pricing page to “Pay as you go”.');
    expect(result).toMatchObject({ category: 'pricing', severity: 'info' });
  });

  it('keeps reworded footer text at info with nothing to do', () => {
    const result = interpretWithRules(
      input('custom', [
        diff('added', 'content_added', 'text_blocks[© 2025 Acme Software]', null, '© 2025 Acme Software, Inc. All rights reserved worldwide.', 'informational'),
        diff('removed', 'content_removed', 'text_blocks[© 2025 Acme]', '© 2025 Acme, Inc. All rights reserved.', null, 'informational'),
      ], { category: 'content' }),
    );

    expect(result).toMatchObject({ severity: 'info', category: 'content', direction: 'neutral', recommended_action: null, opportunity_score: 0 });
  });
});

describe('RulesInterpreter on homepages, careers and integrations', () => {
  it('reads a rewritten headline as repositioning and a reworded one as copy editing', () => {
    const rewritten = interpretWithRules(
      input('homepage', [diff('modified', 'headline_changed', 'headline', 'Customer support software your team will love', 'The AI-first help desk for growing teams')], { category: 'positioning' }),
    );
    const reworded = interpretWithRules(
      input('homepage', [diff('modified', 'subheadline_changed', 'subheadline', 'Orbitly finds the time that works for everyone.', 'Orbitly finds a time that works for everyone.')], { category: 'positioning' }),
    );

    expect(rewritten).toMatchObject({ severity: 'medium', category: 'positioning' });
    expect(reworded.severity).toBe('info');
  });

  it('pairs a removed trial button with an added demo button', () => {
    const result = interpretWithRules(
      input('homepage', [diff('removed', 'cta_removed', 'ctas[Start free trial]', 'Start free trial', null), diff('added', 'cta_added', 'ctas[Get a demo]', null, 'Get a demo')], {
        category: 'positioning',
      }),
    );

    expect(result.summary).toBe('Acme replaced the “Start free trial” call to action with “Get a demo”.');
    expect(result.severity).toBe('medium');
    expect(result.clusters).toHaveLength(1);
  });

  it('counts new roles and notices a team being built', () => {
    const job = (title: string) => ({ key: title, title, location: 'Remote, Europe', team: 'AI', url: null });
    const result = interpretWithRules(
      input('careers', ['Staff ML Engineer', 'ML Engineer, Evaluation', 'Engineering Manager, AI'].map((title) => diff('added', 'opening_added', `openings[${title}]`, null, job(title))), {
        category: 'other',
        direction: 'advanced',
      }),
    );

    expect(result.summary).toMatch(/^Acme opened 3 new roles: Staff ML Engineer \(Remote, Europe\)/);
    expect(result.severity).toBe('low');
    expect(result.why_it_matters).toContain('AI');
  });

  it('files an integration as a feature, not a partnership', () => {
    const result = interpretWithRules(
      input('integrations', [diff('added', 'integration_added', 'integrations[Salesforce]', null, 'Salesforce')], { category: 'partnership', direction: 'advanced' }),
    );

    expect(result).toMatchObject({ category: 'feature', severity: 'medium' });
    expect(result.summary).toBe('Acme added the Salesforce integration.');
  });
});

describe('RulesInterpreter on text no extractor explained', () => {
  const gap = (text: string) => diff('modified', 'content_changed', 'markdown', null, text);

  it('scores unexplained text by its surface and its words', async () => {
    const rules = new RulesInterpreter();
    const blogCopy = await rules.interpret(input('blog', [gap('We rewrote the introduction of this page so new readers find the archive faster.')]));
    const pricingCopy = await rules.interpret(input('pricing', [gap('Starter from $12 per seat, billed yearly. Business from $39 per seat, billed yearly.')]));
    const launch = await rules.interpret(input('changelog', [gap('Feature: Audit log API\nDescription: We launched a paginated endpoint that shows who changed what.')]));

    expect(blogCopy.severity).toBe('info');
    expect(pricingCopy.severity).toBe('medium');
    expect(launch.severity_score).toBeGreaterThanOrEqual(40);
  });
});

describe('RulesInterpreter in general', () => {
  it('gives the same answer for the same input', () => {
    const diffs = [diff('updated', 'price_increased', 'plans[pro].prices[month].amount', 49, 59)];

    expect(interpretWithRules(input('pricing', diffs))).toEqual(interpretWithRules(input('pricing', diffs)));
  });

  it('ignores noise-tier diffs', () => {
    const result = interpretWithRules(input('homepage', [diff('modified', 'headline_changed', 'headline', 'a', 'b', 'noise')]));

    expect(result).toMatchObject({ severity: 'info', severity_score: 0, clusters: [], recommended_action: null });
  });

  it('keeps every score an integer from 0 to 100 and every index inside field_diffs', () => {
    const diffs = Array.from({ length: 30 }, (_, i) => diff('added', 'logo_added', `customer_logos[Logo ${i}]`, null, `Logo ${i}`));
    const result = interpretWithRules(input('homepage', diffs));

    for (const score of [result.severity_score, result.opportunity_score]) {
      expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
    }
    expect(result.clusters.flatMap((cluster) => cluster.diff_indexes).sort((a, b) => a - b)).toEqual(diffs.map((_, i) => i));
  });
});
