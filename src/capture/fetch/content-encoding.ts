import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Decompresses a whole (already size-capped) body. One zlib call on the thread pool is cheaper
 * than a stream pipeline per response, and `maxOutputLength` stops decompression bombs: zlib
 * throws ERR_BUFFER_TOO_LARGE as soon as the output would pass the cap.
 */
const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

export const ACCEPT_ENCODING = 'gzip, deflate, br';

export class UnsupportedEncodingError extends Error {
  override readonly name = 'UnsupportedEncodingError';
}

const MIN_CHUNK = 16 * 1024;
const MAX_CHUNK = 1024 * 1024;

/**
 * zlib's default 16 KB output chunk costs a callback and a copy per chunk; sizing the chunk
 * near the output (gzip states it in its trailer, others get a typical HTML ratio) roughly
 * halves decompression time for 100 KB pages.
 */
function outputChunkSize(input: Buffer, coding: string, maxBytes: number): number {
  const estimate = (coding === 'gzip' || coding === 'x-gzip') && input.length >= 18 ? input.readUInt32LE(input.length - 4) + 1 : input.length * 6;
  return Math.max(MIN_CHUNK, Math.min(estimate, MAX_CHUNK, maxBytes + 1));
}

export async function decompress(body: Buffer, contentEncoding: string | null | undefined, maxBytes: number): Promise<Buffer> {
  if (!contentEncoding || body.length === 0) return body;
  // Codings are listed in the order applied, so undo them from the last.
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity')
    .reverse();
  let out = body;
  for (const coding of codings) {
    const opts = { maxOutputLength: maxBytes, chunkSize: outputChunkSize(out, coding, maxBytes) };
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        out = await gunzip(out, { ...opts, finishFlush: zlib.constants.Z_SYNC_FLUSH });
        break;
      case 'deflate':
        // "deflate" should be zlib-wrapped, but some servers send raw deflate; 0x78 is the zlib header.
        out = (out[0] & 0x0f) === 0x08 && (out[0] << 8 | out[1]) % 31 === 0 ? await inflate(out, opts) : await inflateRaw(out, opts);
        break;
      case 'br':
        out = await brotli(out, opts);
        break;
      default:
        throw new UnsupportedEncodingError(`Unsupported Content-Encoding: ${coding}`);
    }
  }
  return out;
}
