import { diffHomepage } from './homepage.differ';
import { homepage } from './test-builders';

describe('diffHomepage', () => {
  it('reports a changed headline', () => {
    const diffs = diffHomepage(homepage(), homepage({ headline: 'The AI platform for busy teams' }));
    expect(diffs).toEqual([
      {
        op: 'modified',
        change_type: 'headline_changed',
        path: 'headline',
        tier: 'alertable',
        old: 'Ship faster with Acme',
        new: 'The AI platform for busy teams',
      },
    ]);
  });

  it('reports nothing when logos, CTAs and navigation are only reordered', () => {
    const before = homepage();
    const after = homepage({
      customer_logos: [...before.customer_logos].reverse(),
      ctas: [...before.ctas].reverse(),
      navigation: [...before.navigation].reverse(),
    });
    expect(diffHomepage(before, after)).toEqual([]);
  });

  it('reports a customer logo added', () => {
    const diffs = diffHomepage(homepage(), homepage({ customer_logos: ['Stripe', 'Shopify', 'Notion', 'Figma'] }));
    expect(diffs).toEqual([
      { op: 'added', change_type: 'logo_added', path: 'customer_logos[Figma]', tier: 'alertable', old: null, new: 'Figma' },
    ]);
  });

  it('records a live counter ticking over as informational', () => {
    const before = homepage({ social_proof_counts: ['1,204,332 notes synced'] });
    const diffs = diffHomepage(before, homepage({ social_proof_counts: ['1,204,870 notes synced'] }));
    expect(diffs).toEqual([
      {
        op: 'updated',
        change_type: 'social_proof_changed',
        path: 'social_proof_counts[1,204,870 notes synced]',
        tier: 'informational',
        old: '1,204,332 notes synced',
        new: '1,204,870 notes synced',
      },
    ]);
  });

  it('reports a raised customer-count claim as an alertable update', () => {
    const before = homepage({ social_proof_counts: ['Trusted by 10,000+ support teams'] });
    const diffs = diffHomepage(before, homepage({ social_proof_counts: ['Trusted by 25,000+ support teams'] }));
    expect(diffs).toEqual([
      expect.objectContaining({ op: 'updated', change_type: 'social_proof_changed', tier: 'alertable' }),
    ]);
  });

  it('reports an announcement bar that appears', () => {
    const diffs = diffHomepage(homepage(), homepage({ announcement: 'We raised our Series B' }));
    expect(diffs).toEqual([
      expect.objectContaining({ op: 'added', change_type: 'announcement_changed', new: 'We raised our Series B' }),
    ]);
  });

  it('reports a call to action reworded in place as cta_changed, the hero first and the closing button last', () => {
    const first = diffHomepage(homepage({ ctas: ['Download 1.13', 'Go to Blog'] }), homepage({ ctas: ['Download 1.14', 'Go to Blog'] }));
    expect(first.map((d) => [d.change_type, d.old, d.new])).toEqual([['cta_changed', 'Download 1.13', 'Download 1.14']]);
    const closing = diffHomepage(homepage({ ctas: ['Subscribe'] }), homepage({ ctas: ['Learn more', 'Get started'] }));
    expect(closing.map((d) => [d.change_type, d.old, d.new])).toEqual([
      ['cta_changed', 'Subscribe', 'Get started'],
      ['cta_added', null, 'Learn more'],
    ]);
  });
});
