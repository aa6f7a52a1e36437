import type { PricingFields } from '../capture.types';
import { diffCaptures } from '../../diffing/diff-captures';
import { extractPage } from './extract-page';

/*
 * Pricing pages served as Markdown or plain text (docs sites, "llms.txt"-style pricing pages):
 * rendered to HTML by the content type, then read like any pricing page.
 */
const URL = 'https://relay.example/pricing.md';

const page = (source: string, contentType = 'text/markdown; charset=utf-8') => extractPage(source, URL, 'pricing', contentType);
const fields = (source: string, contentType?: string) => page(source, contentType).fields as PricingFields;
const plans = (source: string, contentType?: string) =>
  fields(source, contentType).plans.map((p) => [p.name, p.prices.map((x) => `${x.amount ?? '-'}/${x.period}${x.unit ? ` ${x.unit}` : ''}`)]);
const changes = (before: string, after: string) => {
  const capture = (source: string) => {
    const extracted = page(source);
    return { fields: extracted.fields, markdown: extracted.markdown };
  };
  return diffCaptures('pricing', capture(before), capture(after)).field_diffs.filter((d) => d.tier === 'alertable').map((d) => [d.change_type, d.path]);
};

const HEADED = [
  '# Relay pricing',
  '',
  '## Hobby',
  '',
  '**Free** forever',
  '',
  '- 1 project',
  '- 10,000 API checks / month',
  '',
  '## Pro',
  '',
  '**$29/month** or $290/year',
  '',
  '- 10 projects',
  '- 100,000 API checks / month',
  '- Email support',
  '',
  '## Enterprise',
  '',
  'Contact sales',
  '',
  '- Unlimited projects',
  '- SAML SSO',
  '',
  '## Pay as you go',
  '',
  '| Resource | Price |',
  '|---|---|',
  '| Bandwidth | $0.09 per GB |',
  '| Build minutes | $0.008 per minute |',
  '| API requests | $0.50 per 1,000 requests |',
  '| Extra seats | $12 per seat / month |',
  '| GPU compute | $2.50 per hour |',
].join('\n');

describe('pricing served as Markdown or plain text', () => {
  it('reads plans written as headings with their price line and feature list', () => {
    expect(plans(HEADED)).toEqual([
      ['Hobby', ['0/unknown']],
      ['Pro', ['29/month', '290/year']],
      ['Enterprise', ['-/unknown']],
    ]);
    expect(fields(HEADED).plans[1].features).toEqual(['10 projects', '100,000 API checks / month', 'Email support']);
  });

  it('reads usage-based rows as line items with amount, unit and period', () => {
    expect(fields(HEADED).line_items.map((i) => [i.label, i.price.amount, i.price.unit, i.price.period])).toEqual([
      ['Bandwidth', 0.09, 'per GB', 'unknown'],
      ['Build minutes', 0.008, 'per minute', 'unknown'],
      ['API requests', 0.5, 'per 1,000 requests', 'unknown'],
      ['Extra seats', 12, 'per seat', 'month'],
      ['GPU compute', 2.5, null, 'hour'],
    ]);
  });

  it('reads plans as table columns and as table rows', () => {
    const columns = ['| | Free | Team |', '|---|---|---|', '| Price | $0 | $15 per user/month |', '| Nodes | 3 | 10 |', '| SSO | - | ✓ |'].join('\n');
    expect(plans(columns)).toEqual([
      ['Free', ['0/unknown']],
      ['Team', ['15/month per user']],
    ]);
    expect(fields(columns).plans[1].features).toEqual(['Nodes: 10', 'SSO']);
    const rows = ['| Plan | Monthly | Yearly | Users |', '|---|--:|--:|--:|', '| Starter | $19 | $190 | 3 |', '| Growth | $49 | $490 | 10 |'].join('\n');
    expect(plans(rows)).toEqual([
      ['Starter', ['19/month', '190/year']],
      ['Growth', ['49/month', '490/year']],
    ]);
    expect(fields(rows).plans[0].features).toEqual(['Users: 3']);
  });

  it('reads a plain-text page line by line', () => {
    const text = ['Relay pricing', '', 'Bandwidth: $0.09 per GB', 'Build minutes: $0.008 per minute', 'Seats: $12 per seat per month'].join('\n');
    expect(fields(text, 'text/plain').line_items.map((i) => [i.label, i.price.text])).toEqual([
      ['Bandwidth', '$0.09 per GB'],
      ['Build minutes', '$0.008 per minute'],
      ['Seats', '$12 per seat per month'],
    ]);
  });

  it('does not read an HTML page as Markdown', () => {
    expect(plans('<h2>Pro</h2><p>$29/month</p><ul><li>10 projects</li></ul>', 'text/html')).toEqual([]);
  });

  it('reports a new plan with its monthly and yearly prices', () => {
    const after = HEADED.replace('## Enterprise', '## Team\n\n$99/month or $990/year\n\n- 50 projects\n- Shared dashboards\n\n## Enterprise');
    expect(changes(HEADED, after)).toEqual([['plan_added', 'plans[team]']]);
    const team = fields(after).plans.find((p) => p.name === 'Team')!;
    expect(team.prices.map((p) => [p.amount, p.period])).toEqual([
      [99, 'month'],
      [990, 'year'],
    ]);
  });

  it('reports a renamed plan and a removed pay-as-you-go section as typed changes', () => {
    const after = HEADED.replace('## Pro', '## Growth').replace(/\n## Pay as you go[\s\S]*$/, '');
    expect(changes(HEADED, after)).toEqual([
      ['plan_renamed', 'plans[growth].name'],
      ['price_removed', 'line_items[bandwidth]'],
      ['price_removed', 'line_items[build-minutes]'],
      ['price_removed', 'line_items[api-requests]'],
      ['price_removed', 'line_items[extra-seats]'],
      ['price_removed', 'line_items[gpu-compute]'],
      // The section itself is gone too; the renamed "## Pro" heading is the plan's, reported once as its rename.
      ['section_removed', 'sections[pay-as-you-go]'],
    ]);
  });

  it('reads an unpriced comparison whose columns the page calls plans', () => {
    const help = [
      '## Plans',
      '',
      'Below is a comparison between the Standard plan and Plus plan:',
      '',
      '|                   | Standard | Plus   |',
      '| ----------------- | -------- | ------ |',
      '| Synced vaults     | 1        | 10     |',
      '| Maximum file size | 5 MB     | 200 MB |',
      '| Shared vaults     | Yes      | Yes    |',
    ].join('\n');
    expect(fields(help).plans.map((p) => [p.name, p.features])).toEqual([
      ['Standard', ['Synced vaults: 1', 'Maximum file size: 5 MB', 'Shared vaults']],
      ['Plus', ['Synced vaults: 10', 'Maximum file size: 200 MB', 'Shared vaults']],
    ]);
    expect(fields(help.replace('the Standard plan and Plus plan', 'two setups')).plans).toEqual([]);
  });

  it('reads plans listed under a heading about plans, and usage lists under another heading as line items', () => {
    const docs = [
      '### Plan Pricing',
      '',
      '- **Hobby**: $5 / mo, including $5 of usage',
      '- **Pro**: $20 / seat / mo',
      '- **Enterprise**: Custom pricing',
      '',
      '### Usage Pricing',
      '',
      '- **RAM**: $10 / GB / mo',
      '- **CPU**: $20 / vCPU / mo',
    ].join('\n');
    expect(plans(docs)).toEqual([
      ['Hobby', ['5/month']],
      ['Pro', ['20/month per seat']],
      ['Enterprise', ['-/unknown']],
    ]);
    expect(fields(docs).line_items.map((i) => i.label)).toEqual(['RAM', 'CPU']);
  });

  it('reads usage priced in credits when the page says what a credit costs', () => {
    const credits = [
      '## Compute Credits',
      '',
      '1 compute credit can be bought for 1 US dollar. Here is how much 1000 minutes of CPU time will cost:',
      '',
      '* 1000 minutes of 1 virtual CPU for Linux platform for 3 compute credits',
      '* 1000 minutes of 1 Apple Silicon CPU for 15 compute credits',
    ].join('\n');
    expect(fields(credits).line_items.map((i) => [i.label, i.price.amount, i.price.currency])).toEqual([
      ['1000 minutes of 1 virtual CPU for Linux platform', 3, null],
      ['1000 minutes of 1 Apple Silicon CPU', 15, null],
    ]);
    expect(fields(credits.replace(/^1 compute credit.*$/m, 'Credits come with every plan.')).line_items).toEqual([]);
  });

  it('keeps the dash inside a usage table label ("Key Value Store - Reads"), stripping only cells that open with bullets', () => {
    const source = ['## Overages', '', '| **Feature** | **Cost** |', '| --- | --- |', '| Key Value Store - Reads | $0.50 per 1M |', '| Additional Custom Domains | $10 per month |'].join('\n');
    expect(fields(source).line_items.map((i) => i.label)).toEqual(['Key Value Store - Reads', 'Additional Custom Domains']);
  });

  it('reads an allowance table introduced as plans, without a price row, as one plan per column', () => {
    const table = (columns: string[]) =>
      [
        '## Included Usage',
        '',
        'Each plan includes usage allowances of various features.',
        '',
        `| | ${columns.map((c) => `**${c}**`).join(' | ')} |`,
        `| --- | ${columns.map(() => '---').join(' | ')} |`,
        `| Requests / month | ${columns.map((_, i) => `${10 ** i} million`).join(' | ')} |`,
        `| API Keys | ${columns.map((_, i) => `${250 * (i + 1)}`).join(' | ')} |`,
      ].join('\n');
    expect(plans(table(['Free', 'Builder', 'Business'])).map(([name]) => name)).toEqual(['Free', 'Builder', 'Business']);
    expect(changes(table(['Builder', 'Business']), table(['Free', 'Builder', 'Business']))).toContainEqual(['plan_added', 'plans[free]']);
    // The same table introduced as something else is not one of plans.
    expect(plans(table(['Free', 'Builder']).replace('Each plan includes', 'Regions include'))).toEqual([]);
  });

  it('reads the first sizing table of bold tier names beside monthly and hourly prices as tiers; a second prices an add-on', () => {
    const sizing = (first: string, rows: string[][]) =>
      [`| ${first} | vCPU | Monthly Price | Hourly Price* |`, '| --- | --- | --- | --- |', ...rows.map((r) => `| **${r[0]}** | ${r[1]} | $${r[2]} | $${r[3]} |`)].join('\n');
    const source = [
      '## Machines',
      '',
      sizing('Machine Size', [['X-Small', '0.5', '12', '0.016'], ['Small', '1', '25', '0.034']]),
      '',
      '## Databases',
      '',
      sizing('Database Class', [['dev', '1.0', '19', '0.026'], ['small', '2.0', '39', '0.053']]),
    ].join('\n');
    expect(plans(source)).toEqual([
      ['X-Small', ['12/month', '0.016/hour']],
      ['Small', ['25/month', '0.034/hour']],
    ]);
    expect(fields(source).line_items.map((i) => [i.label, i.price.amount])).toContainEqual(['dev – Monthly Price', 19]);
  });

  it('reads a usage rate in credits stated in a sentence as a line item in credits per unit', () => {
    const source = ['## Docker layer caching', '', 'Docker Layer Caching (DLC) is available for 200 credits per job run. DLC is only available on the Performance Plan.'].join('\n');
    expect(fields(source).line_items.map((i) => [i.label, i.price.amount, i.price.currency, i.price.unit])).toEqual([['Docker Layer Caching', 200, null, 'per job run']]);
    expect(fields(source.replace('is available for 200 credits per job run', 'uses credits as your jobs run')).line_items).toEqual([]);
  });

  it('reads a fee in a documentation callout and keeps two labelled prices of one cell and "Custom" in a price row', () => {
    const doc = (cell: string, callout: string) =>
      [
        '| | Free | Pay as you go | Pro / Enterprise |',
        '| --- | --- | --- | --- |',
        '| Max Data Size | 256MB | 10GB | Custom |',
        '| Max Connections | 100 | 1000 | Custom |',
        `| **Price (per 100K commands)** | **Free** | ${cell} | [Custom](#pro) |`,
        '| **Price (per 1GB-month storage)** | **Free** | **$0.25** | **$0.25** |',
        '',
        '## Limits',
        '',
        `<Info>\n  ${callout}\n</Info>`,
      ].join('\n');
    const before = doc('Regional: **$0.2** Global: **$0.4**', 'Failure to upgrade will result in your database incurring a fee of $0.1 per GB for the bandwidth usage.');
    const after = doc('**$0.2**', 'The data transfer is free up to monthly bandwidth limit. Beyond that, we charge $0.03 per GB');
    expect(plans(before)).toContainEqual(['Pay as you go', ['0.25/month', '0.2/unknown', '0.4/unknown']]);
    expect(plans(after)).toContainEqual(['Pro / Enterprise', ['0.25/month', '-/unknown']]);
    expect(fields(before).line_items.map((i) => [i.label, i.price.amount, i.price.unit])).toEqual([['bandwidth usage', 0.1, 'per GB']]);
    expect(changes(before, after)).toEqual(
      expect.arrayContaining([
        ['price_removed', 'plans[pay-as-you-go].prices[unknown#2]'],
        ['price_decreased', expect.stringMatching(/^line_items\[[a-z-]*bandwidth-limit\]\.price\.amount$/)],
      ]),
    );
  });
});

describe('usage pricing docs (Ubicloud shapes, corpus)', () => {
  const items = (source: string) => fields(source).line_items.map((i) => [i.label, i.price.amount]);
  const table = (head: string[], rows: string[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

  it('names the priced cell of a one-row table by its row when the row names an item, by its column when it holds values', () => {
    const gpu = ['## GPU runners', table(['Runner tag', 'vCPU', 'GPU', 'Pricing'], [['ubicloud-gpu', '6', '1x RTX 4000', '$0.032/min']])].join('\n\n');
    const allowance = ['## Subscription', table(['Seats', 'Credits', 'Storage'], [['5', '$45', '100 GB/month']])].join('\n\n');
    expect(items(gpu)).toEqual([['ubicloud-gpu – Pricing', 0.032]]);
    expect(items(allowance)).toEqual([['Credits', 45]]);
  });

  it('takes a fee\'s subject from the clause that leads its sentence ("For a public IPv4 address, we charge $3.00/month")', () => {
    const source = '## Networking\n\nEach VM gets a private IPv4 address for free. For a public IPv4 address, we charge $3.00/month pro-rated per minute.';
    expect(items(source)).toEqual([['public IPv4 address', 3]]);
    // An opener is no subject: the fee then names what the sentence before says.
    expect(items('## Storage\n\nStorage is billed by use. For example, we charge $0.10 per GB each month.')).toEqual([['Storage is billed by use', 0.1]]);
  });

  it('names a rate "billed hourly at a rate of" by the subject of its sentence (Runpod network volumes)', () => {
    const source = '## Storage\n\nNetwork volumes are billed hourly at a rate of $0.07 per GB per month for the first 1TB.';
    expect(items(source)).toEqual([['Network volumes', 0.07]]);
  });

  it('names the one price of a list item that is a labelled paragraph by its label (Runpod storage costs)', () => {
    const source = [
      '## Compute and storage costs',
      '',
      '1. **Compute costs**: Charged per second based on the GPU type as shown in the pricing table above.',
      '2. **Storage costs**: The worker container volume incurs charges only while workers are running. The storage cost is $0.000011574 per GB per 5 minutes (equivalent to approximately $0.10 per GB per month).',
    ].join('\n');
    expect(items(source)).toEqual([['Storage costs', 0.000011574]]);
  });

  it('shows rows two tables name alike with their section, keyed as before', () => {
    const sizes = (prices: string[]) => table(['Size', 'vCPU', 'Price'], prices.map((p, i) => [`standard-${2 ** (i + 1)}`, String(2 ** (i + 1)), p]));
    const source = ['## Compute', sizes(['$25/mo', '$50/mo']), '## Managed PostgreSQL', sizes(['$49/mo', '$99/mo'])].join('\n\n');
    expect(fields(source).line_items.map((i) => [i.key, i.label, i.price.amount])).toEqual([
      ['standard-2-price', 'Compute standard-2 – Price', 25],
      ['standard-4-price', 'Compute standard-4 – Price', 50],
      ['managed-postgresql-standard-2-price', 'Managed PostgreSQL standard-2 – Price', 49],
      ['managed-postgresql-standard-4-price', 'Managed PostgreSQL standard-4 – Price', 99],
    ]);
  });

  it('reads one row of prices under a header of tier names as plans, and a rate with a vague subject under its section', () => {
    const source = [
      '# Pricing overview',
      '',
      'Packages have a monthly base package price:',
      '',
      '| Free | Standard | Pro | Enterprise |',
      '| ---- | -------- | --- | ---------- |',
      '| N/A | $29 | $399 | Custom |',
      '',
      '## Bandwidth',
      '',
      'Anything over this value is charged at $0.25 per GiB.',
    ].join('\n');
    expect(plans(source)).toEqual([
      ['Free', []],
      ['Standard', ['29/unknown']],
      ['Pro', ['399/unknown']],
      ['Enterprise', ['-/unknown']],
    ]);
    expect(fields(source).line_items.map((i) => [i.label, i.price.amount])).toEqual([['Bandwidth', 0.25]]);
  });

  it('reads what a plan line offers for its price and a feature several plans share, so a new allowance is a limit change', () => {
    const page = (pro: string) =>
      [
        '# Plan Types',
        '',
        '* The **Starter** plan offers 300 searches for USD $5 per month.',
        `* The **Professional** plan offers ${pro} searches for USD $10 per month.`,
        '',
        'The **Starter** and **Professional** plans both feature Pay Per Use options within the Billing Settings.',
      ].join('\n');
    const pro = fields(page('1,000')).plans.find((p) => p.name === 'Professional');
    expect(pro?.features).toEqual(['1,000 searches', 'Pay Per Use options']);
    expect(changes(page('1,000'), page('unlimited'))).toContainEqual(['limit_changed', expect.stringContaining('plans[professional]')]);
  });

  describe('a usage-priced page with no plans (per-minute and per-token rates)', () => {
    const usage = (elevenLabs: string, stt = 'STT Pricing') =>
      [
        '# Voice pricing',
        '',
        '### Base Charge',
        '',
        'We charge a base rate of **$0.02** per minute for using the platform.',
        '',
        '### LLM Pricing',
        '',
        '* **GPT-4o**:',
        '  * Input: $5.00 per 1 million tokens',
        '  * Output: $15.00 per 1 million tokens',
        '* **Llama-3**:',
        '  * Input: $0.90 per 1 million tokens',
        '  * Output: $0.90 per 1 million tokens',
        '',
        '### TTS Pricing',
        '',
        '| Service | Cost per 1,000 Characters (USD) | Approx. Cost per Minute (USD) |',
        '| --- | --- | --- |',
        `| Eleven Labs | ${elevenLabs} | ~$0.05 |`,
        '| Rime | 0.075 | ~$0.0375 |',
        '',
        `### ${stt} {#speech-to-text}`,
        '',
        'For converting spoken inputs into text, we charge **$0.0043** per minute.',
        '',
        '## Example',
        '',
        '- **Base charge**: 10 min x $0.02/min = $0.20',
        '- **Total cost**: $0.20 (base) + $0.40 (TTS) = $0.60',
      ].join('\n');

    it('names each rate by its heading, its model or its table row, the currency taken from the column header', () => {
      expect(plans(usage('0.10'))).toEqual([]);
      expect(fields(usage('0.10')).line_items.map((i) => [i.label, i.price.amount, i.price.currency])).toEqual([
        ['Base Charge', 0.02, 'USD'],
        ['GPT-4o – Input', 5, 'USD'],
        ['GPT-4o – Output', 15, 'USD'],
        ['Llama-3 – Input', 0.9, 'USD'],
        ['Llama-3 – Output', 0.9, 'USD'],
        ['Eleven Labs', 0.1, 'USD'],
        ['Rime', 0.075, 'USD'],
        ['STT Pricing', 0.0043, 'USD'],
      ]);
    });

    it('keeps its h3 topics as sections, and a cut in the table is a price decrease', () => {
      expect(fields(usage('0.10')).sections?.map((s) => s.title)).toEqual(['Voice pricing', 'Base Charge', 'LLM Pricing', 'TTS Pricing', 'STT Pricing', 'Example']);
      expect(changes(usage('0.15'), usage('0.10'))).toEqual([['price_decreased', 'line_items[eleven-labs].price.amount']]);
      // Retitled under the same anchor: with no plan under it to say what changed, the new title is the news.
      expect(changes(usage('0.10'), usage('0.10', 'Transcription add-ons'))).toContainEqual(['title_changed', 'sections[transcription-add-ons].title']);
    });

    it('reads a dollar sign written twice as one', () => {
      const source = ['## TTS', '', '* **Eleven Labs**: $$0.15 / 1,000 characters (~ $0.12/min)'].join('\n');
      expect(fields(source).line_items.map((i) => [i.label, i.price.amount, i.price.unit])).toEqual([['Eleven Labs', 0.15, 'per 1,000 characters']]);
    });
  });

  it('reads a table with a plan on each row beside a "Pricing model" column, one plan priced by usage', () => {
    const source = [
      '# Cloud pricing',
      '',
      '| Plan | Pricing model | Pricing precision |',
      '| --- | --- | --- |',
      '| [Developer](#developer-plan) | Free | / |',
      '| [Pro](#pro-plan) | Pay-as-you-go | 30-second basis |',
      '| [Enterprise](#enterprise-plan) | Contact sales | Contact sales |',
    ].join('\n');
    expect(plans(source)).toEqual([
      ['Developer', ['0/unknown']],
      ['Pro', []],
      ['Enterprise', ['-/unknown']],
    ]);
  });

  it('names usage rates by their section and what they meter, not by the vendor or a lead-in sentence (Chroma, corpus-pending)', () => {
    const source = [
      '# Pricing',
      '',
      '## Writes',
      '',
      'Chroma Cloud charges **$2.50 per GiB** written via an add, update, or upsert.',
      '',
      '## Reads',
      '',
      'Read costs are based on both the amount of data queried and the volume of data returned:',
      '',
      '- **$0.0075 per TiB queried**',
      '- **$0.09 per GiB returned**',
      '',
      '## Sync',
      '',
      'Sync pricing is usage-based:',
      '',
      '- **$0.04 per GiB processed** — data processed through Sync, including S3 files.',
      '- **$0.01 per page scraped** — applies to web pages crawled during Web Sync.',
    ].join('\n');
    expect(fields(source).line_items.map((i) => [i.label, i.price.amount])).toEqual([
      ['Writes', 2.5],
      ['Reads – per TiB queried', 0.0075],
      ['Reads – per GiB returned', 0.09],
      ['Sync – per GiB processed', 0.04],
      ['Sync – per page scraped', 0.01],
    ]);
  });
});

