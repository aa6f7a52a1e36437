import { diffCaptures } from './diff-captures';
import { homepage, plan, price, pricing } from './test-builders';

describe('diffCaptures', () => {
  it('gives no field diffs and an empty raw diff when a page changed only by noise', () => {
    const before = {
      fields: homepage({ headline: 'Ship faster — with Acme', ctas: ['Start free'] }),
      markdown: '# Ship faster — with Acme\n\n[Start free](/signup?utm_source=x)\n\nRendered at 10:42:01 UTC, build 9f8e7d6c5b4a39281706\n',
    };
    const after = {
      fields: homepage({ headline: '  Ship faster - with  Acme ', ctas: ['Start free '] }),
      markdown: '# Ship faster - with Acme\n[Start free](/signup)\n\nRendered at 11:02:17 UTC, build 0a1b2c3d4e5f60718293\n',
    };
    const result = diffCaptures('homepage', before, after);
    expect(result.field_diffs).toEqual([]);
    expect(result.raw_diff).toBe('');
    expect(result.alertable).toBe(false);
    expect(result.delta).toEqual({ added: 0, removed: 0, modified: 0 });
    expect(result.direction).toBe('neutral');
  });

  it('reports a price rise as an alertable, advancing pricing change', () => {
    const before = { fields: pricing([plan('pro', [price(49)])]), markdown: '## Pro\n$49 per month\n' };
    const after = { fields: pricing([plan('pro', [price(59)])]), markdown: '## Pro\n$59 per month\n' };
    const result = diffCaptures('pricing', before, after);
    expect(result).toMatchObject({
      monitor_type: 'pricing',
      category: 'pricing',
      direction: 'advanced',
      delta: { added: 0, removed: 0, modified: 1 },
      alertable: true,
    });
    expect(result.field_diffs.map((d) => d.change_type)).toEqual(['price_increased']);
    expect(result.raw_diff).toContain('+$59 per month');
  });

  it('is not alertable when only informational diffs remain', () => {
    const before = { fields: { posts: [] }, markdown: '' };
    const old = { key: '/blog/a', title: 'A', url: null, date: null, author: null, excerpt: 'x' };
    const result = diffCaptures('blog', { fields: { posts: [old] }, markdown: 'A' }, before);
    expect(result.alertable).toBe(false);
    expect(result.category).toBe('content');
    expect(result.delta).toEqual({ added: 0, removed: 0, modified: 0 });
  });
});
