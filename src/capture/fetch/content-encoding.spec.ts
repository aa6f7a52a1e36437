import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { decompress, UnsupportedEncodingError } from './content-encoding';

const text = Buffer.from('<html><body>' + 'Pricing plans and features. '.repeat(2000) + '</body></html>');

describe('decompress', () => {
  it.each([
    ['gzip', gzipSync(text)],
    ['x-gzip', gzipSync(text)],
    ['br', brotliCompressSync(text)],
    ['deflate', deflateSync(text)],
    ['deflate', deflateRawSync(text)],
  ])('undoes %s', async (coding, body) => {
    expect((await decompress(body, coding, 1024 * 1024)).equals(text)).toBe(true);
  });

  it('undoes stacked codings from the last applied', async () => {
    expect((await decompress(brotliCompressSync(gzipSync(text)), 'gzip, br', 1024 * 1024)).equals(text)).toBe(true);
  });

  it('passes identity and missing codings through', async () => {
    expect(await decompress(text, null, 10)).toBe(text);
    expect((await decompress(text, 'identity', 10)).equals(text)).toBe(true);
  });

  it('stops a decompression bomb at the cap', async () => {
    await expect(decompress(gzipSync(Buffer.alloc(8 * 1024 * 1024)), 'gzip', 1024 * 1024)).rejects.toMatchObject({ code: 'ERR_BUFFER_TOO_LARGE' });
    await expect(decompress(brotliCompressSync(Buffer.alloc(8 * 1024 * 1024)), 'br', 1024 * 1024)).rejects.toMatchObject({ code: 'ERR_BUFFER_TOO_LARGE' });
  });

  it('decodes multi-member gzip, whose trailer states only the last member’s size', async () => {
    const gz = Buffer.concat([gzipSync(text), gzipSync(Buffer.from('tail'))]);
    expect((await decompress(gz, 'gzip', 1024 * 1024)).toString()).toBe(`${text}tail`);
  });

  it('accepts a gzip body cut short, as browsers do', async () => {
    const gz = gzipSync(text);
    const cut = await decompress(gz.subarray(0, gz.length - 8), 'gzip', 1024 * 1024);
    expect(text.toString().startsWith(cut.toString())).toBe(true);
  });

  it('refuses codings it cannot undo', async () => {
    await expect(decompress(text, 'zstd', 1024)).rejects.toBeInstanceOf(UnsupportedEncodingError);
  });
});
