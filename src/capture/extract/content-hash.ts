import { createHash } from 'node:crypto';
import type { CaptureFields } from '../capture.types';
import { normalizeMarkdownForHash, normalizeText, normalizeUrl } from '../../diffing/noise';

/** JSON with object keys sorted, so equal values always serialise to equal text. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

function normalizeValue(value: unknown): unknown {
  if (typeof value === 'string') return /^(?:https?:)?\/\//i.test(value) ? normalizeUrl(value) : normalizeText(value);
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, normalizeValue(v)]));
  }
  return value;
}

/** sha256 of the noise-normalised markdown and fields: pages that differ only in noise hash equal. */
export function contentHash(markdown: string, fields: CaptureFields): string {
  const payload = `${normalizeMarkdownForHash(markdown)}\n\u0000\n${stableJson(normalizeValue(fields))}`;
  return createHash('sha256').update(payload).digest('hex');
}
