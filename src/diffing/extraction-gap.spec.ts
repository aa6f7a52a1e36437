import type { CaptureFields, MonitorType } from '../capture/capture.types';
import { diffCaptures } from './diff-captures';
import { extractedSize, findExtractionGap } from './extraction-gap';
import { plan, price, pricing } from './test-builders';

const intro = '# Changelog\n\nEverything we shipped.';
const launch =
  '## Launched SSO\n\nSign in with Okta, Azure AD or any SAML 2.0 provider. Admins can require SSO for the whole workspace from the security settings.';

const EMPTY: Record<MonitorType, CaptureFields> = {
  pricing: pricing([]),
  blog: { posts: [] },
  changelog: { entries: [] },
  docs: { title: null, sections: [], pages: [] },
  homepage: { headline: null, subheadline: null, ctas: [], navigation: [], announcement: null, customer_logos: [], social_proof_counts: [], testimonials: [] },
  careers: { openings: [] },
  integrations: { integrations: [] },
  custom: { title: null, headings: [], text_blocks: [] },
};

const NO_PAGE = { before: '', after: '' };

describe('silent-failure guard', () => {
  it('reports a changelog whose fields find no entries as an alertable markdown change of category feature', () => {
    const result = diffCaptures('changelog', { fields: EMPTY.changelog, markdown: intro }, { fields: EMPTY.changelog, markdown: `${intro}\n\n${launch}` });

    expect(result.alertable).toBe(true);
    expect(result.category).toBe('feature');
    expect(result.extraction_gap).toEqual({ extractor: 'changelog', before_items: 0, after_items: 0, changed_lines: 2, unexplained_lines: 2 });
    expect(result.field_diffs).toEqual([
      { op: 'modified', change_type: 'content_changed', path: 'markdown', tier: 'alertable', old: null, new: expect.stringContaining('Launched SSO') },
    ]);
  });

  it.each(Object.keys(EMPTY) as MonitorType[])('guards %s monitors, with the category of the surface', (type) => {
    const result = diffCaptures(type, { fields: EMPTY[type], markdown: intro }, { fields: EMPTY[type], markdown: `${intro}\n\n${launch}` });
    const expected = { pricing: 'pricing', blog: 'content', changelog: 'feature', docs: 'content', homepage: 'positioning', careers: 'other', integrations: 'feature', custom: 'content' };

    expect(result.alertable).toBe(true);
    expect(result.category).toBe(expected[type]);
    expect(result.extraction_gap?.extractor).toBe(type);
  });

  it('reports pricing fields that shrank to a third while the page was rewritten', () => {
    const before = pricing([plan('free', [price(0)]), plan('pro', [price(20)]), plan('team', [price(50)])]);
    const after = pricing([plan('free', [price(0)])]);
    const old = '# Pricing\n\nFree $0\n\nPro $20 per month\n\nTeam $50 per month';
    const next = '# Pricing\n\nFree $0\n\nStarter from $12 per seat, billed yearly\n\nBusiness from $39 per seat, billed yearly\n\nTalk to sales';
    const result = diffCaptures('pricing', { fields: before, markdown: old }, { fields: after, markdown: next });

    expect(result.extraction_gap).toMatchObject({ extractor: 'pricing', before_items: 3, after_items: 1 });
    expect(result.alertable).toBe(true);
    expect(result.category).toBe('pricing');
  });

  it('counts a pricing section diff as explaining its heading line: no gap for a section removed', () => {
    const plans = [plan('free', [price(0)]), plan('pro', [price(20)])];
    const usage = { key: 'usage-based-plans', title: 'Usage-based plans', url: null, level: 2 };
    const page = '# Pricing\n\nFree $0\n\nPro $20 per month';
    const result = diffCaptures(
      'pricing',
      { fields: pricing(plans, { sections: [usage] }), markdown: `${page}\n\n## Usage-based plans` },
      { fields: pricing(plans, { sections: [] }), markdown: page },
    );

    expect(result.field_diffs.map((d) => d.change_type)).toEqual(['section_removed']);
    expect(result.extraction_gap).toBeNull();
    expect(result.category).toBe('pricing');
  });

  it('raises nothing on the first check after sections were read: the old capture has no field, the page is the same', () => {
    const plans = [plan('free', [price(0)]), plan('pro', [price(20)])];
    const page = '# Pricing\n\n## Usage-based plans\n\nFree $0\n\nPro $20 per month';
    const usage = { key: 'usage-based-plans', title: 'Usage-based plans', url: null, level: 2 };
    const result = diffCaptures('pricing', { fields: pricing(plans), markdown: page }, { fields: pricing(plans, { sections: [usage] }), markdown: page });

    expect(result).toMatchObject({ alertable: false, field_diffs: [], extraction_gap: null });
  });

  it('adds nothing when the typed diffs explain the changed text, or when the text barely moved', () => {
    const entry = { key: 'launched-sso', title: 'Launched SSO', version: null, date: null, items: ['Sign in with Okta, Azure AD or any SAML 2.0 provider. Admins can require SSO for the whole workspace from the security settings.'] };
    const explained = diffCaptures('changelog', { fields: EMPTY.changelog, markdown: intro }, { fields: { entries: [entry] }, markdown: `${intro}\n\n${launch}` });
    expect(explained.field_diffs.map((d) => d.change_type)).toEqual(['entry_added']);
    expect(explained.extraction_gap).toBeNull();

    const typed = explained.field_diffs;
    expect(findExtractionGap('changelog', EMPTY.changelog, EMPTY.changelog, '@@ -1 +1 @@\n-Updated today\n+Updated now', [], NO_PAGE)).toBeNull();
    expect(findExtractionGap('changelog', EMPTY.changelog, EMPTY.changelog, '', typed, NO_PAGE)).toBeNull();
  });

  it('reports a line drawn as a list item with a check glyph that disappeared, however short', () => {
    const points = (items: string[]) => `# Caddy\n\n${items.map((i) => `✔\u00a0${i}`).join('\n\n')}`;
    const before = points(['Static sites', 'Dynamic sites', 'Reverse proxy']);
    const after = points(['Static sites', 'Reverse proxy']);
    const diff = diffCaptures('homepage', { fields: EMPTY.homepage, markdown: before }, { fields: EMPTY.homepage, markdown: after });
    expect(diff.extraction_gap).not.toBeNull();
    expect(diff.alertable).toBe(true);
  });

  it('reports what a typed diff leaves unexplained next to it', () => {
    const entry = { key: 'launched-sso', title: 'Launched SSO', version: null, date: null, items: [] };
    const faq = '## Questions\n\nWe no longer offer the on-premise edition; existing licences are honoured until they expire next year.';
    const result = diffCaptures(
      'changelog',
      { fields: EMPTY.changelog, markdown: intro },
      { fields: { entries: [entry] }, markdown: `${intro}\n\n## Launched SSO\n\n${faq}` },
    );

    expect(result.field_diffs.map((d) => [d.change_type, d.tier])).toEqual([
      ['entry_added', 'alertable'],
      ['content_changed', 'alertable'],
    ]);
    expect(result.field_diffs[1].new).toBe('## Questions\nWe no longer offer the on-premise edition; existing licences are honoured until they expire next year.');
    expect(result.extraction_gap).toMatchObject({ extractor: 'changelog', after_items: 1, changed_lines: 3, unexplained_lines: 2 });
    expect(result.category).toBe('feature');
  });

  it('reports label/value cards the changelog extractor did not read although it found the older entries', () => {
    const older = { key: 'dashboards', title: 'Dashboards', version: null, date: '2025-01-10', items: ['Share dashboards with viewers.'] };
    const page = '# Product updates\n\n## Dashboards\n\nShare dashboards with viewers.';
    const cards = [
      'Feature: Scheduled exports',
      'Product Area: Reporting',
      'Date: 21-February-2025',
      'Description: Send any report as CSV to an inbox or a bucket every day, week or month.',
      'Feature: Audit log API',
      'Product Area: Security',
      'Date: 14-February-2025',
      'Description: Read who changed what in the workspace through a paginated endpoint.',
    ].join('\n\n');
    const fields = { entries: [older] };
    const result = diffCaptures('changelog', { fields, markdown: page }, { fields, markdown: `# Product updates\n\n${cards}\n\n${page.split('\n\n').slice(1).join('\n\n')}` });

    expect(result.alertable).toBe(true);
    expect(result.extraction_gap).toMatchObject({ extractor: 'changelog', before_items: 1, after_items: 1, unexplained_lines: 8 });
    expect(result.field_diffs[0].new).toContain('Scheduled exports');
  });

  it('stays silent on noise: a footer year, a moved date stamp, whitespace', () => {
    const page = (year: number, day: string) =>
      `# Pricing\n\nPrices as of ${day}, excluding VAT and any local taxes that apply in your country or state.\n\n© ${year} Acme Corporation and its affiliates. All rights reserved. Made with care in Lisbon and Berlin.`;
    const result = diffCaptures('pricing', { fields: EMPTY.pricing, markdown: page(2024, 'March 3, 2024') }, { fields: EMPTY.pricing, markdown: page(2025, '1 April 2025') });

    expect(result.raw_diff).not.toBe('');
    expect(result.alertable).toBe(false);
    expect(result.extraction_gap).toBeNull();
  });

  it('reports a short block that appeared or disappeared whole: a retitled heading, a plan feature gone', () => {
    const page = (heading: string, features: string[]) => [`# Pricing`, `## ${heading}`, ...features.map((f) => `- ${f}`)].join('\n\n');
    const side = (markdown: string) => ({ fields: EMPTY.pricing, markdown });
    const retitled = diffCaptures('pricing', side(page('Developer friendly', ['SSO'])), side(page('Built for finance teams', ['SSO'])));
    const featureGone = diffCaptures('pricing', side(page('Plans', ['SSO', 'Audit log'])), side(page('Plans', ['SSO'])));

    expect(retitled.field_diffs).toEqual([expect.objectContaining({ change_type: 'content_changed', old: '## Developer friendly', new: '## Built for finance teams' })]);
    expect(featureGone.field_diffs).toEqual([expect.objectContaining({ change_type: 'content_changed', old: '- Audit log', new: null })]);
  });

  it('weighs a reworded line, or a label the page repeats, by the words it changes', () => {
    const side = (markdown: string) => ({ fields: EMPTY.changelog, markdown });
    const reworded = diffCaptures('changelog', side('## Changelog\n\n- Up to 5 users'), side('## Changelog\n\n- Up to 10 users'));
    const release = '## v1.1\n\n### Bug fixes';
    const repeated = diffCaptures('changelog', side(`${release}\n\n- Fix sync`), side(`${release}\n\n- Fix sync\n\n### Bug fixes`));

    expect(reworded.alertable).toBe(false);
    expect(repeated.alertable).toBe(false);
  });

  it('counts what each extractor found', () => {
    expect(extractedSize('homepage', { ...EMPTY.homepage, headline: 'Ship faster', ctas: ['Start', 'Demo'] } as CaptureFields)).toBe(3);
    expect(extractedSize('docs', { title: 'Docs', sections: [{ key: 'a', title: 'A', url: null, level: 2 }], pages: [] })).toBe(1);
  });

  // Cirrus CI's pricing table (corpus: pricing-cirrus-ci-credits-pair): each cell holds a list, rendered on the row's line.
  const cirrusRow = (items: string[]) => `| Organization | ${items.join(' ')} | **Not Applicable** |`;
  const cirrusItems = ['Free access to Cirrus Cloud Clusters for public repositories', 'Bring your own infrastructure for public repositories', 'Configure persistent workers for public repositories'];
  const table = (row: string) => `## Plans\n| Account | Public | Private |\n| --- | --- | --- |\n${row}`;

  it('reports an item taken out of a list inside a table cell, not a cell re-spaced', () => {
    const cut = diffCaptures('pricing', { fields: EMPTY.pricing, markdown: table(cirrusRow(cirrusItems)) }, { fields: EMPTY.pricing, markdown: table(cirrusRow([cirrusItems[0], cirrusItems[2]])) });
    const respaced = diffCaptures('pricing', { fields: EMPTY.pricing, markdown: table(cirrusRow(cirrusItems)) }, { fields: EMPTY.pricing, markdown: table(cirrusRow(cirrusItems).replace(/ \| /g, '  |  ')) });

    expect(cut.field_diffs).toEqual([expect.objectContaining({ change_type: 'content_changed', tier: 'alertable', old: expect.stringContaining('Bring your own infrastructure') })]);
    expect(respaced.alertable).toBe(false);
  });

  // GitLab's post page (corpus: blogpost-gitlab): the related posts are cards rendered as links on one line.
  const related = (cards: Array<[string, string]>) => cards.map(([title, url]) => `[Insights ![cover](https://images.example/${url}.jpeg?h=1) ${title} Read the blog](https://about.gitlab.com/blog/${url}/)`).join(' ');
  const cards: Array<[string, string]> = [['How we overhauled GitLab navigation', 'navigation'], ['Beautifying our UI: Giving GitLab build features a fresh look', 'beautifying-our-ui']];

  it('reports a card added to a row of cards on one line, and nothing for a card whose image moved', () => {
    const before = { fields: EMPTY.blog, markdown: `# Post\n${related(cards)}` };
    const added = diffCaptures('blog', before, { fields: EMPTY.blog, markdown: `# Post\n${related([...cards, ['Code suggestions for every team', 'code-suggestions']])}` });
    const rehashed = diffCaptures('blog', before, { fields: EMPTY.blog, markdown: `# Post\n${related(cards).replace(/h=1/g, 'h=2')}` });

    expect(added.field_diffs).toEqual([expect.objectContaining({ change_type: 'content_changed', tier: 'alertable', new: expect.stringContaining('Code suggestions for every team') })]);
    expect(rehashed.alertable).toBe(false);
  });
});
