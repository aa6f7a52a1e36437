/**
 * Field-diff paths are written for people (`plans[pro].prices[month].amount`) and keys are free
 * text that may itself contain brackets or dots ("Automations (1,000 runs/month)"), so a path is
 * read by its known shape: the base, then the key up to the `]` that is followed by one of the
 * sub-fields that base can have, or by the end.
 */
export interface ParsedPath {
  /** `plans`, `line_items`, `posts`, `headline`… */
  base: string;
  /** Key inside the first brackets, or null for single-value fields (`headline`, `free_trial`). */
  key: string | null;
  /** What follows the first bracket group, without the leading dot: `prices[month].amount`. */
  rest: string;
}

const SUBFIELDS: Record<string, string[]> = {
  entries: ['title', 'date', 'items', 'version'],
  line_items: ['price', 'label'],
  openings: ['title', 'location', 'team'],
  pages: ['title'],
  plans: ['name', 'prices', 'features', 'cta', 'free', 'contact_sales'],
  posts: ['title', 'excerpt', 'date', 'author'],
  sections: ['title'],
};

export function parsePath(path: string): ParsedPath {
  const open = path.indexOf('[');
  if (open < 0) return { base: path, key: null, rest: '' };
  const base = path.slice(0, open);
  const inner = path.slice(open + 1);
  const subfields = SUBFIELDS[base];
  if (subfields) {
    const pattern = new RegExp(`^([\\s\\S]*?)\\](?:\\.(${subfields.join('|')})(?=[.\\[]|$)([\\s\\S]*))?$`);
    // Lazy key first: the shortest key after which a known sub-field (or the end) follows.
    const match = pattern.exec(inner);
    if (match && (match[2] !== undefined || inner.endsWith(']'))) {
      const key = match[2] !== undefined ? match[1] : inner.slice(0, -1);
      const rest = match[2] !== undefined ? `${match[2]}${match[3] ?? ''}` : '';
      return { base, key, rest };
    }
  }
  const close = inner.lastIndexOf(']');
  return { base, key: close >= 0 ? inner.slice(0, close) : inner, rest: close >= 0 ? inner.slice(close + 2) : '' };
}

/** `prices[month].amount` → { sub: 'prices', key: 'month', rest: 'amount' }. */
export function parseSub(rest: string): { sub: string; key: string | null; tail: string } {
  const open = rest.indexOf('[');
  const dot = rest.indexOf('.');
  if (open < 0 || (dot >= 0 && dot < open)) {
    return { sub: dot < 0 ? rest : rest.slice(0, dot), key: null, tail: dot < 0 ? '' : rest.slice(dot + 1) };
  }
  const sub = rest.slice(0, open);
  const inner = rest.slice(open + 1);
  // The sub-key ends at the last `]` that is followed by `.field` or the end of the path.
  const match = /^([\s\S]*)\](?:\.(\w+))?$/.exec(inner);
  if (!match) return { sub, key: inner, tail: '' };
  return { sub, key: match[1], tail: match[2] ?? '' };
}
