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
