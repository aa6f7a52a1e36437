import { deriveCategory, deriveDelta, deriveDirection, directionWithin } from './derive';
import type { ChangeType, DiffOp, DiffTier, FieldDiff } from './diff.types';

const d = (op: DiffOp, change_type: ChangeType, tier: DiffTier = 'alertable', next: unknown = null): FieldDiff => ({
  op,
  change_type,
  path: change_type,
  tier,
  old: null,
  new: next,
});

describe('deriveCategory', () => {
  it('calls any price or plan diff pricing, even beside other kinds', () => {
    expect(deriveCategory('pricing', [d('removed', 'feature_removed'), d('updated', 'price_increased')])).toBe('pricing');
    expect(deriveCategory('pricing', [d('added', 'billing_period_added')])).toBe('pricing');
    expect(deriveCategory('pricing', [d('modified', 'free_trial_changed')])).toBe('pricing');
  });

  it('calls features and changelog entries feature', () => {
    expect(deriveCategory('pricing', [d('added', 'feature_added')])).toBe('feature');
    expect(deriveCategory('changelog', [d('added', 'entry_added', 'alertable', { title: 'v2', items: ['New: tags'] })])).toBe(
      'feature',
    );
  });

  it('calls an added integration, or a new post about a partnership, partnership', () => {
    expect(deriveCategory('integrations', [d('added', 'integration_added')])).toBe('partnership');
    const story = { title: 'Acme acquires Widgets Inc.', excerpt: null };
    expect(deriveCategory('blog', [d('added', 'post_added', 'alertable', story)])).toBe('partnership');
    const entry = { title: 'v3', items: ['New: native integration with Salesforce'] };
    expect(deriveCategory('changelog', [d('added', 'entry_added', 'alertable', entry)])).toBe('partnership');
  });

  it('calls headline, CTA and navigation changes positioning', () => {
    expect(deriveCategory('homepage', [d('modified', 'headline_changed'), d('added', 'logo_added')])).toBe('positioning');
    expect(deriveCategory('homepage', [d('added', 'navigation_added')])).toBe('positioning');
  });

  it('calls logos and testimonials social_proof', () => {
    expect(deriveCategory('homepage', [d('added', 'logo_added'), d('removed', 'testimonial_removed')])).toBe('social_proof');
  });

  it('calls posts and docs content', () => {
    expect(deriveCategory('blog', [d('added', 'post_added', 'alertable', { title: 'Our roadmap' })])).toBe('content');
    expect(deriveCategory('docs', [d('added', 'page_added')])).toBe('content');
  });

  it('labels from informational diffs when nothing is alertable, and ignores them otherwise', () => {
    expect(deriveCategory('custom', [d('added', 'content_added', 'informational')])).toBe('content');
    expect(deriveCategory('blog', [d('removed', 'post_removed', 'informational'), d('added', 'logo_added')])).toBe(
      'social_proof',
    );
  });

  it('calls careers openings other, and falls back to the monitor type without diffs', () => {
    expect(deriveCategory('careers', [d('added', 'opening_added')])).toBe('other');
    expect(deriveCategory('changelog', [])).toBe('feature');
  });
});

describe('deriveDirection', () => {
  it('calls a price increase advanced and a price decrease retreated', () => {
    expect(deriveDirection([d('updated', 'price_increased')])).toBe('advanced');
    expect(deriveDirection([d('updated', 'price_decreased')])).toBe('retreated');
  });

  it('calls a removed plan or feature retreated and an added one advanced', () => {
    expect(deriveDirection([d('removed', 'plan_removed')])).toBe('retreated');
    expect(deriveDirection([d('removed', 'feature_removed')])).toBe('retreated');
    expect(deriveDirection([d('added', 'post_added')])).toBe('advanced');
  });

  it('calls a longer trial or a raised customer-count claim advanced', () => {
    const trial: FieldDiff = { ...d('updated', 'free_trial_changed'), old: '14-day free trial', new: '30-day free trial' };
    expect(deriveDirection([trial])).toBe('advanced');
    const claim: FieldDiff = { ...d('updated', 'social_proof_changed'), old: '25,000+ teams', new: '10,000+ teams' };
    expect(deriveDirection([claim])).toBe('retreated');
    expect(deriveDelta([trial, claim])).toEqual({ added: 0, removed: 0, modified: 2 });
  });

  it('weighs additions against removals and ignores non-alertable diffs', () => {
    expect(deriveDirection([d('added', 'plan_added'), d('removed', 'plan_removed')])).toBe('neutral');
    expect(deriveDirection([d('added', 'entry_added'), d('removed', 'entry_removed', 'informational')])).toBe('advanced');
    expect(deriveDirection([d('modified', 'headline_changed')])).toBe('neutral');
  });
});

describe('directionWithin', () => {
  it('keeps a finer direction unless it contradicts one-sided counts, then says neutral', () => {
    expect(directionWithin('retreated', { added: 1, removed: 0, modified: 0 })).toBe('neutral');
    expect(directionWithin('advanced', { added: 0, removed: 2, modified: 0 })).toBe('neutral');
    expect(directionWithin('retreated', { added: 1, removed: 0, modified: 1 })).toBe('retreated');
    expect(directionWithin('advanced', { added: 0, removed: 0, modified: 1 })).toBe('advanced');
  });
});

describe('deriveDelta', () => {
  it('counts alertable diffs by their op exactly: a price raised or cut is modified, a withdrawn plan removed', () => {
    const diffs = [
      d('added', 'plan_added'),
      d('updated', 'price_increased'),
      d('updated', 'price_decreased'),
      d('removed', 'feature_removed'),
      d('modified', 'cta_changed'),
      d('modified', 'post_updated', 'informational'),
    ];
    expect(deriveDelta(diffs)).toEqual({ added: 1, removed: 1, modified: 3 });
    expect(deriveDelta([d('removed', 'plan_removed')])).toEqual({ added: 0, removed: 1, modified: 0 });
  });

  it('is all zero without alertable diffs', () => {
    expect(deriveDelta([d('removed', 'post_removed', 'informational')])).toEqual({ added: 0, removed: 0, modified: 0 });
  });
});
