import type { AnyNode, Element, ParentNode } from 'domhandler';
import { isRealHref } from './hint-values';

/** Elements that start a new line when text is read; everything else flows inline. */
export const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'dialog', 'div',
  'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function isElement(node: AnyNode | null | undefined): node is Element {
  return !!node && (node.type === 'tag' || node.type === 'script' || node.type === 'style');
}

/** htmlparser2 lower-cases tag names in HTML mode. */
export function tagName(node: AnyNode | null | undefined): string {
  return isElement(node) ? node.name : '';
}

/** Raw character data under a node (script bodies, <pre>), whitespace untouched. */
export function textContent(node: AnyNode): string {
  if (node.type === 'text' || node.type === 'cdata') return 'data' in node ? String(node.data) : '';
  if (!('children' in node)) return '';
  return (node as ParentNode).children.map(textContent).join('');
}

export function headingLevel(node: AnyNode): number {
  const name = tagName(node);
  return HEADING_TAGS.has(name) ? Number(name[1]) : 0;
}

export function childElements(node: ParentNode): Element[] {
  return node.children.filter(isElement);
}

/** The element sibling after or before a node, whatever it is. */
export function nextElement(node: AnyNode, direction: 'next' | 'prev' = 'next'): Element | null {
  let current = node[direction];
  while (current && !isElement(current)) current = current[direction];
  return current ?? null;
}

export function attr(node: Element, name: string): string | null {
  const value = node.attribs?.[name];
  return value === undefined ? null : value;
}

export function classAndId(node: Element): string {
  return `${node.attribs?.class ?? ''} ${node.attribs?.id ?? ''}`.trim();
}

export function classTokens(node: Element): string[] {
  return (node.attribs?.class ?? '').split(/\s+/).filter(Boolean);
}

/** All descendant elements in document order. */
export function descendants(root: ParentNode, accept?: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (!accept || accept(node)) out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

export function findAll(root: ParentNode, tags: string | string[]): Element[] {
  const wanted = new Set(Array.isArray(tags) ? tags : [tags]);
  return descendants(root, (el) => wanted.has(el.name));
}

export function closest(node: AnyNode, test: (el: Element) => boolean, stop?: AnyNode | null): Element | null {
  let current: AnyNode | null = node;
  while (current && current !== stop) {
    if (isElement(current) && test(current)) return current;
    current = current.parent;
  }
  return null;
}

export function contains(ancestor: AnyNode, node: AnyNode | null): boolean {
  let current: AnyNode | null = node;
  while (current) {
    if (current === ancestor) return true;
    current = current.parent;
  }
  return false;
}

export function ancestors(node: AnyNode, stop?: AnyNode | null): Element[] {
  const out: Element[] = [];
  let current = node.parent;
  while (current && current !== stop) {
    if (isElement(current)) out.push(current);
    current = current.parent;
  }
  return out;
}

const ZERO_WIDTH = /[\u200B\uFEFF]/g;
/**
 * Runs of blanks, or any single blank other than a plain space: single spaces are left untouched.
 * Written as "a blank that is not a space, or a space, then the rest of the run" (the same matches
 * as `\s{2,}|[^\S ]`) because it fails faster on the single spaces between words.
 */
export const SPACE_RUN = /[^\S ]\s*| \s+/g;

export function collapseWhitespace(s: string): string {
  return collapseRuns(s).trim();
}

/** Zero-width characters dropped and every run of whitespace made one space; the ends kept. */
function collapseRuns(s: string): string {
  const visible = s.includes('\u200B') || s.includes('\uFEFF') ? s.replace(ZERO_WIDTH, '') : s;
  return visible.replace(SPACE_RUN, ' ');
}

/**
 * Visible text of elements, memoised per document. Block boundaries become spaces so that
 * "<div>Basic</div><div>$9</div>" reads "Basic $9" and "<span>$</span><span>9</span>" reads "$9".
 */
export class DomText {
  // Maps, not WeakMaps: the caches live as long as one extraction, and ephemeron tables with
  // thousands of keys make every garbage collection slow.
  private readonly cache = new Map<AnyNode, string>();
  private readonly sizes = new Map<AnyNode, number>();
  private readonly flats = new Map<AnyNode, string>();

  /** `hidden`: elements whose text this reader leaves out (for pricing, struck-through old prices). */
  constructor(private readonly hidden?: (el: Element) => boolean) {}

  private silent(node: AnyNode): boolean {
    if (!isElement(node)) return false;
    return SILENT_TAGS.has(node.name) || (this.hidden !== undefined && this.hidden(node));
  }

  /** Visible text of a node, whitespace collapsed; memoised, so meant for small and mid-sized nodes. */
  text(node: AnyNode): string {
    return this.raw(node).trim();
  }

  /**
   * Approximate visible text length, memoised without building strings: enough to compare the
   * size of a container with the page or to skip large blocks cheaply.
   */
  size(node: AnyNode): number {
    if (node.type === 'text') return countVisible(node.data);
    if (!isElement(node) && node.type !== 'root') return 0;
    const cached = this.sizes.get(node);
    if (cached !== undefined) return cached;
    let total = 0;
    if (!this.silent(node)) for (const child of (node as ParentNode).children) total += this.size(child);
    this.sizes.set(node, total);
    return total;
  }

  /**
   * Text of a whole subtree in one pass, for page-wide searches. Memoised apart from `text`: the
   * page's readers (trial, credits, plan names) search the same root, and one pass builds no
   * per-node strings.
   */
  flat(node: AnyNode): string {
    const cached = this.flats.get(node);
    if (cached !== undefined) return cached;
    // Whitespace is collapsed piece by piece, and where two pieces meet: the same text as
    // collapsing the joined pieces, without a second page-sized copy.
    const parts: string[] = [];
    let afterSpace = true;
    const add = (piece: string): void => {
      let text = collapseRuns(piece);
      if (afterSpace && text.startsWith(' ')) text = text.slice(1);
      if (!text) return;
      parts.push(text);
      afterSpace = text.endsWith(' ');
    };
    const walk = (current: AnyNode): void => {
      if (current.type === 'text') {
        add(current.data);
        return;
      }
      if (!isElement(current) && current.type !== 'root') return;
      if (this.silent(current)) return;
      const name = isElement(current) ? current.name : '';
      const block = BLOCK_TAGS.has(name);
      if (block) add(' ');
      for (const child of (current as ParentNode).children) walk(child);
      if (block) add(' ');
    };
    walk(node);
    const out = parts.join('').trim();
    this.flats.set(node, out);
    return out;
  }

  /** Forgets what was read about the node's ancestors; call before the node is removed. */
  invalidate(node: AnyNode): void {
    for (let current = node.parent; current; current = current.parent) {
      this.cache.delete(current);
      this.sizes.delete(current);
      this.flats.delete(current);
    }
  }

  /** Whitespace already collapsed to single spaces; only the ends may carry one. */
  private raw(node: AnyNode): string {
    if (node.type === 'text') return collapseRuns(node.data);
    if (!isElement(node) && node.type !== 'root') return '';
    const cached = this.cache.get(node);
    if (cached !== undefined) return cached;
    const name = isElement(node) ? node.name : '';
    let out = '';
    if (name === 'br') out = ' ';
    else if (!this.silent(node)) {
      // join() yields flat strings; appending to a rope and probing its ends would flatten it repeatedly.
      const parts: string[] = [];
      for (const child of (node as ParentNode).children) {
        const piece = this.raw(child);
        if (!piece) continue;
        if (isElement(child) && BLOCK_TAGS.has(child.name)) parts.push(' ', piece, ' ');
        else parts.push(piece);
      }
      out = parts.join('');
      if (out.includes('  ')) out = out.replace(/ {2,}/g, ' ');
    }
    this.cache.set(node, out);
    return out;
  }
}

const SILENT_TAGS = new Set(['script', 'style', 'template', 'svg']);

function countVisible(data: string): number {
  let count = 0;
  let space = true;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    const isSpace = code === 32 || (code >= 9 && code <= 13) || code === 160;
    if (isSpace) {
      if (!space) count++;
      space = true;
    } else {
      count++;
      space = false;
    }
  }
  return count;
}

/** Text of an element without the text of nested lists (a list item's own line). */
export function ownListItemText(dom: DomText, li: Element): string {
  let out = '';
  for (const child of li.children) {
    const name = tagName(child);
    if (name === 'ul' || name === 'ol') continue;
    const piece = child.type === 'text' ? child.data : dom.text(child);
    out += isElement(child) && BLOCK_TAGS.has(name) ? ` ${piece} ` : piece;
  }
  return collapseWhitespace(out);
}

export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed || !isRealHref(trimmed)) return null;
  try {
    return new URL(trimmed, base).toString();
  } catch {
    return null;
  }
}

export function sameSite(a: string, b: string): boolean {
  try {
    const ha = new URL(a).hostname.replace(/^www\./, '');
    const hb = new URL(b).hostname.replace(/^www\./, '');
    return ha === hb || ha.endsWith(`.${hb}`) || hb.endsWith(`.${ha}`);
  } catch {
    return false;
  }
}

/** Path (and query) of an absolute URL, the stable identity of a page within a site. */
export function urlPath(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export function uniqueStrings(values: Iterable<string>, limit = Infinity): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const trimmed = collapseWhitespace(value);
    const key = trimmed.toLowerCase();
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
    if (out.length >= limit) break;
  }
  return out;
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A block whose children are all inline: it reads as one line of text. */
export function isLeafBlock(el: Element): boolean {
  const name = tagName(el);
  if (!BLOCK_TAGS.has(name) && name !== 'span') return false;
  return el.children.every((c) => !isElement(c) || !BLOCK_TAGS.has(tagName(c)) || tagName(c) === 'br');
}

/** Text of the nearest heading before the element in document order, within the root. */
export function precedingHeading(dom: DomText, el: Element, root: AnyNode, skip?: (title: string) => boolean): string | null {
  let current: AnyNode | null = el;
  while (current && current !== root) {
    let sibling: AnyNode | null = current.prev;
    while (sibling) {
      if (isElement(sibling)) {
        const headings = HEADING_TAGS.has(tagName(sibling)) ? [sibling] : findAll(sibling, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
        for (let i = headings.length - 1; i >= 0; i--) {
          const title = dom.text(headings[i]);
          if (!skip || !title || !skip(title)) return title || null;
        }
      }
      sibling = sibling.prev;
    }
    current = current.parent;
  }
  return null;
}
