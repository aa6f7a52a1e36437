import { createHash } from 'node:crypto';
import { normalizeMarkdownForHash, normalizeText } from '../../common/noise';
import type { CaptureFields } from '../capture.types';
import { contentHash, stableJson } from './content-hash';

describe('contentHash', () => {
  // The hash is fed the normalised lines a few KB at a time; the digest must stay the one of the
  // joined text, or every snapshot stored before would look changed at its next check.
  it('is the digest of the normalised markdown and fields joined, on a page far longer than one piece', () => {
    const paragraph = (i: number) => `Question ${i} about ✓ plans?\n\n  * Answer   ${i} with  spaces and “quotes” — ${'word '.repeat(i % 90)}\n\n\n`;
    const markdown = Array.from({ length: 900 }, (_, i) => paragraph(i)).join('');
    const fields = { plans: [{ name: 'Pro', price: '$49' }], sections: ['FAQ'] } as unknown as CaptureFields;
    const joined = createHash('sha256')
      .update(`${normalizeMarkdownForHash(markdown)}\n\u0000\n${normalizeText(stableJson(fields))}`)
      .digest('hex');
    expect(markdown.length).toBeGreaterThan(200_000);
    expect(contentHash(markdown, fields)).toBe(joined);
    expect(contentHash('', fields)).toBe(createHash('sha256').update(`\n\u0000\n${normalizeText(stableJson(fields))}`).digest('hex'));
  });
});
