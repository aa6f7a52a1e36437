/** A rectangle on the page, in CSS pixels from the document's top left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rendered element holding text: its visible text, its box, and the index of the nearest recorded ancestor (-1 for none). */
export interface TextBox {
  t: string;
  x: number;
  y: number;
  w: number;
  h: number;
  p: number;
}

/** A text that names more elements than this says nothing about where the change is. */
const MAX_MATCHES_PER_TEXT = 6;

/** Case, spaces and compatibility forms do not matter when finding a text on the page. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/**
 * The region of the page that holds the given texts: for each text, the innermost elements whose
 * visible text contains it (as a whole word where it starts or ends with a letter or digit),
 * united into one box. Texts found in too many places are ignored; null when none is found.
 */
export function locateRegion(layout: readonly TextBox[], texts: readonly string[]): Box | null {
  const haystacks = layout.map((box) => normalizeForSearch(box.t));
  let region: Box | null = null;
  for (const text of texts) {
    const needle = normalizeForSearch(text);
    if (needle.length < 2) continue;
    const matches = haystacks.flatMap((hay, i) => (containsWord(hay, needle) ? [i] : []));
    const innermost = withoutAncestors(layout, matches);
    if (innermost.length === 0 || innermost.length > MAX_MATCHES_PER_TEXT) continue;
    for (const i of innermost) region = union(region, { x: layout[i].x, y: layout[i].y, width: layout[i].w, height: layout[i].h });
  }
  return region;
}

/** The box grown by `padding` on every side and to at least `min` in each dimension, kept inside the page. */
export function cropBox(region: Box, page: { width: number; height: number }, padding: number, min: { width: number; height: number }): Box {
  const width = Math.min(page.width, Math.max(region.width + 2 * padding, min.width));
  const height = Math.min(page.height, Math.max(region.height + 2 * padding, min.height));
  const x = clamp(region.x + region.width / 2 - width / 2, 0, page.width - width);
  const y = clamp(region.y + region.height / 2 - height / 2, 0, page.height - height);
  return { x: Math.floor(x), y: Math.floor(y), width: Math.ceil(width), height: Math.ceil(height) };
}

function containsWord(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const startsClean = !isWordChar(needle[0]) || at === 0 || !isWordChar(haystack[at - 1]);
    const end = at + needle.length;
    const endsClean = !isWordChar(needle[needle.length - 1]) || end === haystack.length || !isWordChar(haystack[end]);
    if (startsClean && endsClean) return true;
  }
  return false;
}

function isWordChar(char: string): boolean {
  return /[\p{L}\p{N}]/u.test(char);
}

/** Drops every match that has another match inside it: the innermost elements hold the text. */
function withoutAncestors(layout: readonly TextBox[], matches: number[]): number[] {
  const hasInnerMatch = new Set<number>();
  for (const i of matches) {
    for (let p = layout[i].p; p >= 0 && !hasInnerMatch.has(p); p = layout[p].p) hasInnerMatch.add(p);
  }
  return matches.filter((i) => !hasInnerMatch.has(i));
}

function union(a: Box | null, b: Box): Box {
  if (!a) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high));
}
