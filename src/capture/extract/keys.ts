import { slugify } from '../../common/slug';
import { normalizeTypography } from '../../common/noise';

/** Lowercase slug of a label, stable across typographic variants (curly quotes, dashes). */
export function keyOf(label: string, fallback = 'item'): string {
  return slugify(normalizeTypography(label), fallback);
}

/** Hands out keys unique within one list: a repeated key gets a context prefix, then a counter. */
export class KeyAllocator {
  private readonly used = new Set<string>();

  take(base: string, context?: string | null): string {
    let key = base;
    if (this.used.has(key) && context) key = `${keyOf(context)}-${base}`;
    let n = 2;
    const stem = key;
    while (this.used.has(key)) key = `${stem}-${n++}`;
    this.used.add(key);
    return key;
  }
}
