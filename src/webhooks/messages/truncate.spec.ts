import { truncateAtWord } from './truncate';

describe('truncateAtWord', () => {
  it('keeps text within the limit as it is', () => {
    expect(truncateAtWord('Acme raised Pro', 15)).toBe('Acme raised Pro');
  });

  it('cuts at the last word boundary and adds an ellipsis', () => {
    const out = truncateAtWord('Acme raised the Pro plan from $49 to $59 a month', 24);
    expect(out).toBe('Acme raised the Pro…');
    expect(Array.from(out).length).toBeLessThanOrEqual(24);
  });

  it('drops punctuation left at the cut', () => {
    expect(truncateAtWord('Pricing, packaging, positioning and more', 21)).toBe('Pricing, packaging…');
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(truncateAtWord('Supercalifragilistic', 6)).toBe('Super…');
  });

  it('counts code points, so an emoji is never split', () => {
    const out = truncateAtWord('🚀🚀🚀 launch week', 5);
    expect(out).toBe('🚀🚀🚀…');
  });
});
