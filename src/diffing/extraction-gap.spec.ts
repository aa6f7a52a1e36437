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

describe('silent-failure guard', () => {
  it('reports a changelog whose fields find no entries as an alertable markdown change of category feature', () => {
    const result = diffCaptures('changelog', { fields: EMPTY.changelog, markdown: intro }, { fields: EMPTY.changelog, markdown: `${intro}\n\n${launch}` });

    expect(result.alertable).toBe(true);
    expect(result.category).toBe('feature');
    expect(result.extraction_gap).toEqual({ extractor: 'changelog', before_items: 0, after_items: 0, changed_lines: 2 });
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

  it('adds nothing when the field diffs already alert, when fields kept their size, or when the text barely moved', () => {
    const withEntry = { entries: [{ key: 'a', title: 'A', version: null, date: null, items: [] }] };
    const alerting = diffCaptures('changelog', { fields: EMPTY.changelog, markdown: intro }, { fields: withEntry, markdown: `${intro}\n\n${launch}` });
    expect(alerting.field_diffs.map((d) => d.change_type)).toEqual(['entry_added']);

    expect(findExtractionGap('changelog', withEntry, withEntry, '@@ -1 +1 @@\n-old long line of text\n+new long line of text')).toBeNull();
    expect(findExtractionGap('changelog', EMPTY.changelog, EMPTY.changelog, '@@ -1 +1 @@\n-Updated today\n+Updated now')).toBeNull();
    expect(findExtractionGap('changelog', EMPTY.changelog, EMPTY.changelog, '')).toBeNull();
  });

  it('counts what each extractor found', () => {
    expect(extractedSize('homepage', { ...EMPTY.homepage, headline: 'Ship faster', ctas: ['Start', 'Demo'] } as CaptureFields)).toBe(3);
    expect(extractedSize('docs', { title: 'Docs', sections: [{ key: 'a', title: 'A', url: null, level: 2 }], pages: [] })).toBe(1);
  });
});
