import { diffKeyedSets, diffTextSets } from './keyed-set';

describe('diffKeyedSets', () => {
  it('ignores order and reports membership changes in list order', () => {
    const diff = diffTextSets(['a', 'b', 'c'], ['d', 'c', 'a']);
    expect(diff.added.map((e) => e.item)).toEqual(['d']);
    expect(diff.removed.map((e) => e.item)).toEqual(['b']);
    expect(diff.matched.map((e) => e.key).sort()).toEqual(['a', 'c']);
  });

  it('counts repeated keys so a duplicate appearing is an addition', () => {
    const diff = diffTextSets(['Free', 'Pro'], ['Pro', 'Free', 'Free']);
    expect(diff.added).toEqual([{ key: 'Free#2', item: 'Free' }]);
  });

  it('skips items without a key', () => {
    expect(diffTextSets(['', '  '], ['   ']).added).toEqual([]);
  });

  it('pairs leftovers through a fallback identity only when it is unique on both sides', () => {
    type Item = { key: string; url: string };
    const before: Item[] = [{ key: 'old-a', url: '/a' }, { key: 'x1', url: '/dup' }];
    const after: Item[] = [
      { key: 'new-a', url: '/a' },
      { key: 'x2', url: '/dup' },
      { key: 'x3', url: '/dup' },
    ];
    const diff = diffKeyedSets(before, after, (i) => i.key, { fallbacks: [(i) => i.url] });
    expect(diff.matched).toEqual([{ key: 'new-a', before: before[0], after: after[0] }]);
    expect(diff.removed.map((e) => e.key)).toEqual(['x1']);
    expect(diff.added.map((e) => e.key)).toEqual(['x2', 'x3']);
  });
});
