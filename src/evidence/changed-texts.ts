import type { FieldDiff } from '../diffing/diff.types';
import { textKey } from '../diffing/keyed-set';

export type Side = 'before' | 'after';

/** Fields that name what a record is, in the order they best identify it on the page. */
const NAMING_FIELDS = ['text', 'title', 'name', 'label', 'headline'];
/** String fields that are never shown as such on a page (addresses, keys, codes). */
const HIDDEN_FIELDS = new Set(['key', 'url', 'href', 'slug', 'date', 'currency', 'period', 'id']);
/** Long texts are searched by their beginning: extractors trim and join them in ways the page does not. */
const MAX_TEXT_CHARS = 80;

/**
 * The texts to look for on one side's page (DESIGN §5e): the old values of the change's alertable
 * field diffs on the `before` side, the new ones on the `after` side. A value that is not text (an
 * amount, a flag) is found through the record that holds it in that side's capture (a price's
 * own text, "$49/month"; a plan's name).
 */
export function changedTexts(diffs: readonly FieldDiff[], side: Side, fields: unknown): string[] {
  const texts = new Set<string>();
  for (const diff of diffs) {
    if (diff.tier !== 'alertable') continue;
    const value = side === 'before' ? diff.old : diff.new;
    if (value === null || value === undefined) continue;
    const own = textsOf(value);
    const found = own.length > 0 ? own : textsOf(ownerOf(fields, diff.path));
    for (const text of found) texts.add(text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS).replace(/\s+\S*$/, '') : text);
  }
  return [...texts];
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const naming = NAMING_FIELDS.map((field) => record[field]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (naming.length > 0) return [naming[0].trim()];
  return Object.entries(record).flatMap(([field, v]) => (HIDDEN_FIELDS.has(field) ? [] : textsOf(v)));
}

/**
 * The innermost record on `path` (`plans[pro].prices[month].amount`) in a capture's fields: the
 * record that holds the value the path ends on. Keys in brackets are matched like the differs key
 * items: by their key, name, title, label or period, noise-normalised.
 */
function ownerOf(fields: unknown, path: string): unknown {
  let owner: unknown = null;
  let node: unknown = fields;
  for (const [, name, key] of path.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    if (node && typeof node === 'object' && !Array.isArray(node)) owner = node;
    if (name !== undefined) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;
    else node = Array.isArray(node) ? node.find((item) => itemHasKey(item, key)) : undefined;
    if (node === undefined) return owner;
  }
  return node && typeof node === 'object' ? node : owner;
}

function itemHasKey(item: unknown, key: string): boolean {
  if (typeof item === 'string') return textKey(item) === textKey(key);
  if (!item || typeof item !== 'object') return false;
  const record = item as Record<string, unknown>;
  const wanted = textKey(key);
  const candidates = ['key', 'name', 'title', 'label', 'period'].map((field) => record[field]);
  if (typeof record.period === 'string') candidates.push(`${record.period}:${textKey(record.unit as string | null)}`);
  return candidates.some((c) => typeof c === 'string' && textKey(c) === wanted);
}
