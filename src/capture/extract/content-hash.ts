import { createHash, type Hash } from 'node:crypto';
import type { CaptureFields } from '../capture.types';
import { markdownLinesForHash, normalizeText, normalizeUrl } from '../../common/noise';

/** JSON with object keys sorted, so equal values always serialise to equal text. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/** About this many characters go to the hash at a time. */
const HASH_CHUNK = 16_384;

/**
 * The lines joined by newlines, fed to the hash a few KB at a time: the same digest as the joined
 * text, without a page-sized string to build and encode (on a 170 KB page that cost four times more).
 */
function updateWithLines(hash: Hash, lines: string[]): Hash {
  let from = 0;
  let size = 0;
  for (let i = 0; i < lines.length; i++) {
    size += lines[i].length + 1;
    if (size < HASH_CHUNK && i < lines.length - 1) continue;
    hash.update((from ? '\n' : '') + lines.slice(from, i + 1).join('\n'));
    from = i + 1;
    size = 0;
  }
  return hash;
}

const QUOTED_URL = /"((?:https?:)?\/\/[^"\s]+)"/g;

/**
 * sha256 of the noise-normalised markdown and fields: pages that differ only in noise hash equal.
 * The fields are normalised as one serialised text rather than string by string: the result only
 * feeds the hash, and one pass over a large changelog is many times cheaper than thousands.
 */
export function contentHash(markdown: string, fields: CaptureFields): string {
  const json = stableJson(fields).replace(QUOTED_URL, (_m, url: string) => `"${normalizeUrl(url)}"`);
  // Hashed part by part, the digest of the parts joined: joining them would copy the page once more.
  return updateWithLines(createHash('sha256'), markdownLinesForHash(markdown)).update('\n\u0000\n').update(normalizeText(json)).digest('hex');
}
