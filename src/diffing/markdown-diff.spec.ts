import { markdownDiff } from './markdown-diff';

const page = (price: string, footer: string) =>
  ['# Pricing', '', '## Pro', '', `- ${price} per month`, '- 10 GB storage', '', footer, ''].join('\n');

describe('markdownDiff', () => {
  it('is empty when the pages differ only by noise', () => {
    const before = page('$49', 'Last updated 2024-05-01T10:00:00Z. Request id: a1B2c3D4e5F6g7H8i9J0k');
    const after = [
      '# Pricing',
      '',
      '',
      '## Pro',
      '* $49  per month',
      '*   10 GB storage',
      '',
      'Last updated 2024-05-02T11:30:00Z. Request id: Zz9Yy8Xx7Ww6Vv5Uu4Tt3',
    ].join('\n');
    expect(markdownDiff(before, after)).toBe('');
  });

  it('shows a real change as a unified hunk with context', () => {
    const patch = markdownDiff(page('$49', 'Thanks'), page('$59', 'Thanks'));
    expect(patch).toContain('--- before');
    expect(patch).toContain('+++ after');
    expect(patch).toContain('-- $49 per month');
    expect(patch).toContain('+- $59 per month');
    expect(patch).toContain(' ## Pro');
  });

  it('shows noise-equal neighbours of a change with their before text, not as changes', () => {
    const before = 'Intro “quoted”\nPrice $10\nOutro';
    const after = 'Intro "quoted"\nPrice $12\nOutro';
    const patch = markdownDiff(before, after);
    expect(patch).toContain(' Intro “quoted”');
    expect(patch).not.toContain('+Intro');
    expect(patch.split('\n').filter((line) => /^[+-][^+-]/.test(line))).toEqual(['-Price $10', '+Price $12']);
  });

  it('does not show noise lines that shifted between posts as changes', () => {
    const before = ['## Post A', '3 days ago', '## Post B', '4 days ago', '## Pro', '$49 a month'].join('\n');
    const after = ['## Post A', '4 days ago', '## Post B', '5 days ago', '## Pro', '$59 a month'].join('\n');
    const diff = markdownDiff(before, after);
    const changed = diff.split('\n').filter((line) => /^[-+](?![-+])/.test(line));
    expect(changed).toEqual(['-$49 a month', '+$59 a month']);
  });

  it('writes a valid hunk header when one side has no lines', () => {
    expect(markdownDiff('', '# Pricing\n\nPro $49\n')).toContain('@@ -0,0 +1,2 @@');
    expect(markdownDiff('# Pricing\n\nPro $49\n', '')).toContain('@@ -1,2 +0,0 @@');
  });

  it('handles a 400 KB page with a change at the top and near the bottom', () => {
    const lines = Array.from({ length: 8000 }, (_, i) => `- Fixed: issue number ${i} in the sync engine (${i.toString(16)}a)`);
    const before = ['## v2.4.8', ...lines].join('\n');
    const changed = [...lines];
    changed[7990] = '- Fixed: a different fix entirely';
    const after = ['## v2.4.9', '- Improved: import', '## v2.4.8 (Pre-release)', ...changed].join('\n');
    expect(before.length).toBeGreaterThan(400_000);

    const patch = markdownDiff(before, after);
    expect(patch).toContain('+## v2.4.9');
    expect(patch).toContain('+- Fixed: a different fix entirely');
    expect(patch.length).toBeLessThan(2000);
  });
});
