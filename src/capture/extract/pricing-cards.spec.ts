import type { PricingFields } from '../capture.types';
import { extractPage } from './extract-page';

/** Plan cards written as lists (Foundation's pricing-table), the price a list item among the features. */
const card = (name: string, prices: string[], features: string[], extra = '') =>
  `<div class="medium-4 columns"><ul class="pricing-table${extra}"><li class="title">${name}</li>${prices.map((p) => `<li class="price">${p}</li>`).join('')}${features
    .map((f) => `<li class="bullet-item">${f}</li>`)
    .join('')}<li class="cta-button"><a class="button" href="/signup">Start free trial</a></li></ul></div>`;

const page = (body: string) => `<html><body><main><h1>Plans and Pricing</h1>${body}</main></body></html>`;
const plans = (html: string) =>
  (extractPage(html, 'https://ci.example/pricing/', 'pricing').fields as PricingFields).plans.map((p) => [p.name, p.prices.map((x) => `${x.amount}/${x.period}`), p.features]);

describe('plan cards written as lists', () => {
  it('reads the price line of a list card and keeps money in feature lines as features', () => {
    const html = page(
      `<div class="row">${card('Basic', ['$29<span>/month</span>'], ['1 private project', '$5 of usage included'])}${card('Pro', ['$59<span>/month</span>', '$590<span>/year - 2 months free</span>'], ['Unlimited private projects'])}</div>`,
    );
    expect(plans(html)).toEqual([
      ['Basic', ['29/month'], ['1 private project', '$5 of usage included']],
      ['Pro', ['59/month', '590/year'], ['Unlimited private projects']],
    ]);
  });

  it('reads a plan shown alone in its own column, shaped like the grouped cards', () => {
    const hosted = `<div class="medium-9 columns"><h2>Hosted</h2><div class="row">${card('Basic', ['$29/month'], ['1 concurrent job'])}${card('Pro', ['$59/month'], ['2 concurrent jobs'])}</div></div>`;
    const onPremise = `<div class="medium-3 columns"><h2>On-premise</h2><div class="row">${card('Enterprise 10', ['$300/month'], ['10 users'], ' enterprise').replace('medium-4', 'medium-12')}</div></div>`;
    expect(plans(page(`<div class="row">${hosted}${onPremise}</div>`)).map(([name, prices]) => [name, prices])).toEqual([
      ['Basic', ['29/month']],
      ['Pro', ['59/month']],
      ['Enterprise 10', ['300/month']],
    ]);
  });
});

describe('Bootstrap cards and plan tables (SimpleLogin, LocalStack shapes, corpus)', () => {
  const fields = (html: string) => extractPage(html, 'https://app.example/pricing', 'pricing').fields as PricingFields;

  it('names a card by a Bootstrap heading class (<div class="h3">)', () => {
    const bootstrap = (name: string, price: string) =>
      `<div class="col-md-6"><div class="card"><div class="card-body"><div class="text-center"><div class="h3">${name}</div><div class="h3 my-3">${price}</div></div><ul class="list-unstyled"><li>Unlimited aliases</li><li>Custom domains</li></ul></div></div></div>`;
    const badged = `<div class="col-md-6"><div class="card"><div class="card-body"><span class="badge h6">Save 20%</span><div class="h3">Team</div><div class="h3 my-3">$8 / month</div><ul><li>Shared vaults</li><li>Admin console</li></ul></div></div></div>`;
    const html = page(`<div class="row row-cards">${bootstrap('Free', '$0')}${bootstrap('Premium', '$4 / month')}${badged}</div>`);
    expect(fields(html).plans.map((p) => [p.name, p.prices.map((x) => `${x.amount}/${x.period}`)])).toEqual([
      ['Free', ['0/unknown']],
      ['Premium', ['4/month']],
      ['Team', ['8/month']],
    ]);
  });

  it('reads a feature priced under one plan of a comparison table as a line item too', () => {
    const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
    const html = page(
      `<table><tr><th></th><th>Community</th><th>Pro</th><th>Team</th></tr>${row(['Price', 'Free', '€ 15 / month', '€ 35 / month'])}${row(['Support', 'Forum', 'Email', 'Email'])}${row([
        'Users',
        '1',
        '1',
        'unlimited',
      ])}${row(['CI Credits', '-', '€ 0.10 / build', '100 / user'])}</table>`,
    );
    expect(fields(html).line_items.map((i) => [i.label, i.price.amount, i.price.currency])).toEqual([['CI Credits – Pro', 0.1, 'EUR']]);
    expect(fields(html).plans.find((p) => p.name === 'Pro')?.features).toContain('CI Credits: € 0.10 / build');
  });
});

describe('plan cards of hand-written and older sites', () => {
  it('names a card by its heading before the price, and takes its unpriced sibling of the same classes (devo.ps shape)', () => {
    const article = (cls: string, heading: string, items: string[]) =>
      `<article class="plan ${cls}"><h2>${heading}</h2><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul><footer><a class="button" href="/signup">Sign up</a></footer></article>`;
    const html = page(
      `<section class="plans">${article('free', 'Free', ['1 node', '10 days logs'])}${article('bootstrap', 'Bootstrap <strong>$49<small>/month</small></strong>', ['4 nodes'])}${article('startup', 'Startup <strong>$99<small>/month</small></strong>', ['10 nodes'])}</section>`,
    );
    expect(plans(html).map(([name, prices]) => [name, prices])).toEqual([
      ['Free', ['0/unknown']],
      ['Bootstrap', ['49/month']],
      ['Startup', ['99/month']],
    ]);
  });

  it('reads list items headed by "Name $price" with loose text under them, "Starts at" left out of the name', () => {
    const html = page(
      '<ul><li><h2><strong>Bronze</strong> $99</h2>\n  Up to 10 servers</li><li><h2><strong>Silver</strong> $199</h2>\n  Up to 25 servers</li><li><h2><strong>Enterprise</strong> Starts at $499</h2>\nMinimum 25 servers</li></ul>',
    );
    expect(plans(html).map(([name, prices]) => [name, prices])).toEqual([
      ['Bronze', ['99/unknown']],
      ['Silver', ['199/unknown']],
      ['Enterprise', ['499/unknown']],
    ]);
  });

  it('reads a currency sign drawn by an icon font, and a plan whose button says "Get in touch!"', () => {
    const option = (name: string, amount: string, cta: string) =>
      `<td><div class="pricing_option"><h3>${name}</h3><h4 class="plan-amount">${amount}</h4><div class="pricing_content">Support portal<br>Updates</div><a class="button" href="/c">${cta}</a></div></td>`;
    const html = page(
      `<table><tr>${option('Individual', '<i class="fa fa-usd"> </i> 0 <small>/ per month</small>', 'Sign up')}${option('Team', '<i class="fa fa-usd"></i> 50 <small>/ per month</small>', 'Sign up')}${option('Premium', '10.000 € / year', 'Buy')}${option('Your feature', '', 'Get in touch!')}</tr></table>`,
    );
    expect(plans(html).map(([name, prices]) => [name, prices])).toEqual([
      ['Individual', ['0/month']],
      ['Team', ['50/month']],
      ['Premium', ['10000/year']],
      ['Your feature', []],
    ]);
  });
});

describe('plan cards styled with utility classes', () => {
  /** Apitally's cards: the name a bold div, what the plan allows in plain lines, the price in a column of spans. */
  const card = (name: string, lines: string[], price: string) =>
    `<div class="not-prose rounded-xl border shadow-md"><div class="px-6 py-5 flex flex-row"><div><svg class="h-8 w-8"></svg></div><div class="ml-6"><div class="text-lg font-bold">${name}</div>${lines
      .map((l) => `<div class="text-gray-600">${l}</div>`)
      .join('')}</div><div class="ml-auto whitespace-nowrap"><span class="text-2xl">${price}</span><span class="ml-1 text-sm">/ mo</span></div></div></div>`;

  it('names a plan by its bold-classed line and counts its allowance lines as features, not its tagline', () => {
    const html = page(
      `<p>Every team starts on the free plan.</p>${card('Free', ['Single app. Single user.', 'Up to 3 active app instances and 10 consumers.'], '$0')}${card('Starter', ['3 apps and 3 users. Priority support.', 'Up to 15 total active app instances and 50 consumers.'], '$9')}`,
    );
    expect(plans(html)).toEqual([
      ['Free', ['0/month'], ['Up to 3 active app instances and 10 consumers.']],
      ['Starter', ['9/month'], ['3 apps and 3 users. Priority support.', 'Up to 15 total active app instances and 50 consumers.']],
    ]);
  });

  it('takes no rate or schedule line for an allowance', () => {
    const html = page(
      `${card('Team', ['1 min / 10 min API checks can be scheduled every minute', '7 / month'], '$29')}${card('Growth', ['Up to 100 checks', '30 / month'], '$99')}`,
    );
    expect(plans(html).map(([name, , features]) => [name, features])).toEqual([
      ['Team', []],
      ['Growth', ['Up to 100 checks']],
    ]);
  });
});

describe('cards with headed feature groups (Hangfire, corpus)', () => {
  const card = (name: string, price: string) =>
    `<div class="col-md-3"><div class="plan"><div class="plan-title"><h2>${name}</h2></div><div class="plan-body"><div class="plan-features">` +
    `<h4>Licensing</h4><ul><li>Perpetual license</li><li>Private NuGet feed</li></ul><h4>Dedicated Support</h4><ul><li>Email / HelpDesk</li></ul>` +
    `<h4>Purchasing</h4><ul><li>Credit Card / PayPal</li></ul></div><div class="plan-price"><h3><span class="symbol">$</span>${price}</h3>` +
    `<h4>per <strong>developer</strong> / year</h4></div><a class="btn" href="/buy">Buy Now</a></div></div></div>`;

  it('reads a card whose name heading outranks the headings of its feature groups and price', () => {
    expect(plans(page(`<div class="row">${card('Business', '1500')}${card('Enterprise', '4500')}</div>`)).map(([name, prices, features]) => [name, prices, features.length])).toEqual([
      ['Business', ['1500/year'], 4],
      ['Enterprise', ['4500/year'], 4],
    ]);
  });

  it('still takes a block of several equally headed plans for a section, not a card', () => {
    const section = (names: string[]) => `<section>${names.map((n, i) => `<h3>${n}</h3><p>$${(i + 1) * 10}/month</p><p>For teams</p>`).join('')}</section>`;
    // Each heading may name a plan of its own (tier names alone do), but no section is one card holding three prices.
    const read = plans(page(`<div>${section(['Basic', 'Pro', 'Max'])}${section(['Lite', 'Plus', 'Ultra'])}</div>`));
    expect(read.filter(([, prices]) => prices.length > 1)).toEqual([]);
    expect(read.map(([name, prices]) => [name, prices])).toContainEqual(['Basic', ['10/month']]);
  });
});


describe('card prices and plans shown without an amount (dependencies.io, Insomnia, Dashbird, corpus)', () => {
  const fields = (html: string) => extractPage(page(html), 'https://app.example/pricing', 'pricing').fields as PricingFields;
  const read = (html: string) => fields(html).plans.map((p) => [p.name, p.prices.map((x) => `${x.amount}/${x.period}`)]);

  it('reads a monthly price and the yearly one written small beneath it in one heading', () => {
    const card = (name: string, month: string, year: string) =>
      `<div class="card"><div class="card-body"><h3>${name}</h3><h5 class="card-title">$${month} / mo.<br><small>or $${year} / yr. (2 months free)</small></h5><ul><li>1 repo</li><li>Email support</li></ul></div></div>`;
    expect(read(`<div class="row">${card('Single', '4.99', '49.99')}${card('Standard', '19.99', '199.99')}</div>`)).toEqual([
      ['Single', ['4.99/month', '49.99/year']],
      ['Standard', ['19.99/month', '199.99/year']],
    ]);
  });

  it('reads one priced card as a plan among siblings that say "Free", "Contact Us" or "TBA" instead of an amount', () => {
    const column = (cls: string, name: string, price: string, cta: string) =>
      `<div class="col-sm ${cls} text-center"><h2>${name}</h2><h6>${price}</h6><a href="/go" class="cta-btn">${cta}</a><ul><li>Alerting</li><li>Dashboards</li></ul></div>`;
    const row = [
      column('box-light', 'Community', 'Free', 'Get Started'),
      column('box-darker', 'Professional', '$115/mo', 'Start Free Trial'),
      column('box-light', 'Enterprise', 'Contact Us', 'Contact Us'),
      column('box-light', 'Teams', 'TBA', 'Coming Soon'),
    ].join('');
    const plans = fields(`<div class="row">${row}</div>`).plans;
    expect(plans.map((p) => [p.name, p.prices.map((x) => x.amount), p.contact_sales])).toEqual([
      ['Community', [0], false],
      ['Professional', [115], false],
      ['Enterprise', [null], true],
      ['Teams', [], false],
    ]);
  });

  it('takes no plan from a grid of feature boxes one of which mentions a price', () => {
    const box = (title: string, text: string) => `<div class="feature col-sm"><h3>${title}</h3><p>${text}</p><p>Learn more about it</p></div>`;
    expect(read(`<div class="row">${box('Alerts', 'Get notified in seconds.')}${box('Credits', 'Start with $5 of credit.')}${box('Teams', 'Invite your whole team.')}</div>`)).toEqual([]);
  });
});

describe('Bulma cards named by a large-text class over headed feature groups (OpenFaaS, corpus)', () => {
  const card = (name: string, price: string, groups: string[]) =>
    `<div class="column is-4"><div class="box"><p class="has-text-grey-dark is-size-4 font-medium">${name}</p>` +
    `<p class="is-size-4"><span class="is-size-5">$</span>${price}<span class="is-size-5"> / mo</span></p><p class="is-size-8">Built for production.</p>` +
    groups.map((g) => `<h3 class="mb-3">${g}</h3><ul><li>${g} one</li><li>${g} two</li></ul>`).join('') +
    `<a class="button" href="/buy">Buy</a></div></div>`;

  it('names each card by its is-size-4 line, not by the first feature-group heading under its price', () => {
    const html = page(`<div class="columns">${card('Community Edition (CE)', '0', ['Functions', 'Core features'])}${card('OpenFaaS Standard', '1200', ['Functions', 'Autoscaling', 'Events/triggers', 'Core features'])}</div>`);
    expect(plans(html).map(([name, prices, features]) => [name, prices, (features as string[]).length])).toEqual([
      ['Community Edition (CE)', ['0/month'], 4],
      ['OpenFaaS Standard', ['1200/month'], 8],
    ]);
  });
});

describe('cards whose heading sets the name over a tagline (NetLicensing, corpus)', () => {
  const card = (name: string, tagline: string, price: string) =>
    `<div class="col-md-3"><div class="NL_price_features"><h3><strong style="font-size:larger;">${name}</strong><br/>${tagline}</h3>` +
    `<div class="NL_price_tag">${price} € / month</div><ul><li>Unlimited products</li><li>E-mail support</li></ul></div></div>`;

  it('names each card by the line above the break, not by the whole heading', () => {
    const html = page(`<div class="row">${card('Community', 'Quick and simple for community projects', '0')}${card('Basic', 'For startups and growing businesses', '60')}</div>`);
    expect(plans(html).map(([name, prices]) => [name, prices])).toEqual([
      ['Community', ['0/month']],
      ['Basic', ['60/month']],
    ]);
  });
});

describe('a usage price in a card of its own beside the plan cards (OneUptime, corpus)', () => {
  it('is named by the card\'s heading, not by its "What\'s included" sub-heading', () => {
    const html = page(
      `<div><h3>Active Monitoring</h3><p>Pricing for monitoring websites and APIs.</p><div><h4>What’s included</h4></div>` +
        `<ul><li>Monitor from multiple locations.</li><li>Monitor every minute.</li></ul></div>` +
        `<div><p>Only pay for what you use.</p><p><span>$1</span><span>/monitor per month</span></p><a href="/register">Free 14 day trial</a></div>`,
    );
    const fields = extractPage(html, 'https://uptime.example/pricing', 'pricing').fields as PricingFields;
    expect(fields.line_items.map((i) => [i.label, i.price.amount])).toEqual([['Active Monitoring', 1]]);
  });
});

