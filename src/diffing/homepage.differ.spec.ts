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

  it('records a social-proof counter ticking over as informational', () => {
    const diffs = diffHomepage(homepage(), homepage({ social_proof_counts: ['12,400 teams'] }));
    expect(diffs).toEqual([
      {
        op: 'updated',
        change_type: 'social_proof_changed',
        path: 'social_proof_counts[12,400 teams]',
        tier: 'informational',
        old: '10,000 teams',
        new: '12,400 teams',
      },
    ]);
  });

  it('reports an announcement bar that appears', () => {
    const diffs = diffHomepage(homepage(), homepage({ announcement: 'We raised our Series B' }));
    expect(diffs).toEqual([
      expect.objectContaining({ op: 'added', change_type: 'announcement_changed', new: 'We raised our Series B' }),
    ]);
  });
});
