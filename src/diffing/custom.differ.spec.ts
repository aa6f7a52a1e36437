import { diffCustom } from './custom.differ';

describe('diffCustom', () => {
  it('alerts on a new heading and records new text as informational', () => {
    const before = { title: 'Security', headings: ['Encryption'], text_blocks: ['All data is encrypted at rest.'] };
    const after = {
      title: 'Security',
      headings: ['Encryption', 'SOC 2'],
      text_blocks: ['All data is encrypted at rest.', 'We completed our SOC 2 Type II audit.'],
    };
    expect(diffCustom(before, after).map((d) => [d.change_type, d.path, d.tier])).toEqual([
      ['heading_added', 'headings[SOC 2]', 'alertable'],
      ['content_added', 'text_blocks[We completed our SOC 2 Type II audit.]', 'informational'],
    ]);
  });

  it('reports nothing when blocks are only reordered or re-spaced', () => {
    const before = { title: 'T', headings: ['A', 'B'], text_blocks: ['one  two', 'three'] };
    const after = { title: 'T', headings: ['B', 'A'], text_blocks: ['three', 'one two'] };
    expect(diffCustom(before, after)).toEqual([]);
  });
});
