/** Small wording helpers shared by the sentence writers. */

export function quote(text: string, max = 90): string {
  return `“${truncate(text, max)}”`;
}

/**
 * At most `max` characters, cut where a reader would stop: after the last whole sentence when one
 * fills at least half the budget, else at the last word boundary, always ending in an ellipsis.
 * Never mid-word: a single word longer than the budget is the only thing cut inside a word.
 */
export function truncate(text: string, max: number): string {
  const clean = squash(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const sentenceEnd = Math.max(...[...cut.matchAll(/[.!?](?=\s)/g)].map((m) => m.index ?? -1), -1);
  if (sentenceEnd >= max * 0.5) return `${cut.slice(0, sentenceEnd + 1)} …`;
  // The character after the cut tells whether the cut fell between words.
  const atBoundary = !/[\p{L}\p{N}]/u.test(clean[max - 1] ?? ' ');
  const space = atBoundary ? cut.length : cut.lastIndexOf(' ');
  const kept = space > 0 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** Whitespace collapsed; diff values are `unknown`, so anything but a string or number reads as empty. */
export function squash(text: unknown): string {
  const value = typeof text === 'string' ? text : typeof text === 'number' ? String(text) : '';
  return value.replace(/\s+/g, ' ').trim();
}

/** ["a"] → "a"; ["a","b"] → "a and b"; ["a","b","c"] → "a, b and c"; long lists end "and N more". */
export function listJoin(items: string[], max = 4): string {
  const shown = items.slice(0, max);
  const hidden = items.length - shown.length;
  if (hidden > 0) return `${shown.join(', ')} and ${hidden} more`;
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "pro" → "Pro", "business-plus" → "Business Plus": for keys when no display name is known. */
export function titleCase(key: string): string {
  return squash(key.replace(/[-_]+/g, ' '))
    .split(' ')
    .map((word) => (word ? word[0].toUpperCase() + word.slice(1) : word))
    .join(' ');
}

export function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Words of a text, lower-cased, for similarity and keyword work. */
export function words(text: string | null | undefined): string[] {
  return (text ?? '').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’+.-]*/gu)?.map((w) => w.replace(/[.'’-]+$/, '')) ?? [];
}

/** Share of words two texts have in common (Jaccard): 1 for the same words, 0 for none. */
export function similarity(a: string | null | undefined, b: string | null | undefined): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Ends a sentence with exactly one full stop. */
export function sentence(text: string): string {
  const clean = squash(text).replace(/[\s.]+$/, '');
  // A text cut with an ellipsis (or ending in ! or ?) is already ended: no "…." at the end.
  return /[…!?][”"’)]*$/.test(clean) ? clean : `${clean}.`;
}

/** The indefinite article a word takes in speech: "an Enterprise plan", "a Team plan". */
export function article(word: string): string {
  return /^[aeiou]/i.test(squash(word)) ? 'an' : 'a';
}
