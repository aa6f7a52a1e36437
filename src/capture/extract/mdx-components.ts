import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { parseDate } from './dates';
import { HEADING_TAGS, headingLevel, tagName } from './dom';

/**
 * MDX components in a Markdown source that a Markdown renderer did not know (Mintlify, Docusaurus
 * and other docs sites write pages in MDX). A component whose attributes hold JavaScript
 * (`tags={["New releases"]}`) is not valid HTML, so the renderer leaves its tags as paragraphs of
 * text: `<Update label="August 21, 2026" tags={[…]}>`, `</Update>`, `<Frame />`. Such a paragraph
 * is markup, never content; one whose component titles what it wraps (a changelog's `<Update
 * label="…">`) becomes that title's heading, so the entry reads as it does on the rendered site.
 * An HTML page that carries the component as an element (`<update label="…">`) gets the same
 * heading, before it.
 */
// A tag alone, its attributes written as attributes: `name`, `name="…"`, `name='…'`, `name={…}`
// ("<T extends Record<string, unknown>>" and "<Card title=\"X\">Some text</Card>" are text, kept).
const OPEN_TAG_RE = /^<([A-Z][\w.]*)(?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{(?:(?!<\/)[^])*\}))?)*\s*\/?>$/;
const CLOSE_TAG_RE = /^<\/([A-Z][\w.]*)\s*>$/;
const TRAILING_CLOSE_TAG_RE = /\s*<\/[A-Z][\w.]*\s*>\s*$/;
/** Components whose `label` (or `title`) names the entry they wrap, and whose `description` adds to it. */
const TITLED_COMPONENTS = new Set(['Update']);
const TITLED_ELEMENTS = new Set([...TITLED_COMPONENTS].map((name) => name.toLowerCase()));
/**
 * Docs frameworks' layout components (Mintlify, Fern, Docusaurus, Nextra), as the HTML parser sees
 * them: unknown elements, inline to a browser, yet each a box of its own on the built site, its
 * `title` shown in bold at its top ("5¢/min for Calls" on a pricing card).
 */
const BOX_ELEMENTS = new Set([
  'accordion', 'accordiongroup', 'callout', 'card', 'cardgroup', 'check', 'column', 'columns', 'danger', 'expandable',
  'frame', 'info', 'note', 'step', 'steps', 'tab', 'tabs', 'tabitem', 'tip', 'warning',
]);
const DEFAULT_LEVEL = 2;
const VERSION_RE = /^v?\d+(?:\.\d+)+\S*$/i;
/**
 * Marks the heading made for a titled component: everything the component wraps is one entry,
 * whatever headings it holds (a changelog's `<Update>` is one release, its `##` headings topics).
 */
export const WHOLE_ENTRY_ATTR = 'data-whole-entry';

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(String.raw`\s${name}=(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|\x60([^\x60]*)\x60)\s*\})`).exec(tag);
  const value = m?.slice(1).find((v) => v !== undefined)?.trim();
  return value || null;
}

interface TitledBlock {
  /** The paragraph of the opening tag, or the component's element. */
  at: Element;
  inside: AnyNode[];
  title: string;
  description: string | null;
}

/** Paragraphs, and elements named like a titled component, in one walk of the document. */
function candidates(root: AnyNode): { paragraphs: Element[]; components: Element[]; boxes: Element[] } {
  const paragraphs: Element[] = [];
  const components: Element[] = [];
  const boxes: Element[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'tag') {
      if (node.name === 'p') paragraphs.push(node);
      else if (TITLED_ELEMENTS.has(node.name)) components.push(node);
      else if (BOX_ELEMENTS.has(node.name)) boxes.push(node);
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return { paragraphs, components, boxes };
}

/** A layout component becomes the box it is on the built site, its title a bold first line. */
function asBox($: CheerioAPI, el: Element): void {
  const title = el.attribs.title?.trim();
  el.name = 'div';
  if (title) $(el).prepend($('<p>').append($('<strong>').text(title)));
}

function nextElement(node: AnyNode): Element | null {
  let next = node.next;
  while (next && next.type !== 'tag') next = next.next;
  return next as Element | null;
}

/**
 * The text of a paragraph that is nothing but one component tag, or null. A tag written over
 * several lines with its `>` on a line of its own (as formatters write MDX) ends the paragraph in
 * an empty blockquote: that blockquote is the tag's end, and `ends` receives it.
 */
function tagText($: CheerioAPI, p: Element, ends?: Element[]): string | null {
  // Most paragraphs are prose: their first text does not open with "<".
  const first = p.children[0];
  if (!first || first.type !== 'text' || !first.data.trimStart().startsWith('<')) return null;
  if (p.children.some((c) => c.type === 'tag' && tagName(c) !== 'br')) return null;
  const text = $(p).text().trim();
  if (text.endsWith('>')) return text;
  const quote = nextElement(p);
  if (!ends || !quote || tagName(quote) !== 'blockquote' || $(quote).text().trim()) return null;
  ends.push(quote);
  return `${text}>`;
}

/** A component's closing tag written against the paragraph's last line ("… per zone.\n</Update>") is markup, not its text. */
function trimClosingTag(p: Element): void {
  const last = p.children.at(-1);
  // The test of the last character spares the regex a scan of every paragraph of a long page.
  if (last?.type !== 'text' || !last.data.trimEnd().endsWith('>')) return;
  const trimmed = last.data.replace(TRAILING_CLOSE_TAG_RE, '');
  // A paragraph that is the closing tag alone stays: it is the component's end.
  if (trimmed.trim() || p.children.length > 1) last.data = trimmed;
}

function headingsIn(nodes: AnyNode[]): Element[] {
  const found: Element[] = [];
  const visit = (node: AnyNode): void => {
    if (node.type !== 'tag') return;
    if (HEADING_TAGS.has(tagName(node))) found.push(node as Element);
    else for (const child of (node as Element).children) visit(child);
  };
  nodes.forEach(visit);
  return found;
}

export function liftComponentTags($: CheerioAPI): void {
  const blocks: TitledBlock[] = [];
  const markup: Element[] = [];
  const { paragraphs, components, boxes } = candidates($.root()[0]);
  for (const el of boxes) asBox($, el);
  for (const p of paragraphs) {
    trimClosingTag(p);
    const ends: Element[] = [];
    const text = tagText($, p, ends);
    if (!text) continue;
    const close = CLOSE_TAG_RE.exec(text);
    const open = close ? null : OPEN_TAG_RE.exec(text);
    if (!close && !open) continue;
    markup.push(p, ...ends);
    if (!open || !TITLED_COMPONENTS.has(open[1]) || text.endsWith('/>')) continue;
    const title = attribute(text, 'label') ?? attribute(text, 'title');
    if (!title) continue;
    const inside: AnyNode[] = [];
    for (let next = (ends[0] ?? p).next; next; next = next.next) {
      // Its closing tag, or the next one opening (a closing tag written against the last line is
      // left inside that line's paragraph).
      const tag = next.type === 'tag' && tagName(next) === 'p' ? (tagText($, next as Element) ?? '') : '';
      if ((CLOSE_TAG_RE.exec(tag) ?? OPEN_TAG_RE.exec(tag))?.[1] === open[1]) break;
      inside.push(next);
    }
    blocks.push({ at: p, inside, title, description: attribute(text, 'description') });
  }
  for (const el of components) {
    const title = el.attribs.label?.trim() || el.attribs.title?.trim();
    if (title) blocks.push({ at: el, inside: el.children, title, description: el.attribs.description?.trim() || null });
  }
  const headings = blocks.map((b) => headingsIn(b.inside));
  if (blocks.length && blocks.every((b, i) => !b.description && parseDate(b.title) && headings[i].length === 1)) {
    // Each entry a date over one heading (bunny.net's `<Update label="2026-06-04">` over "## WebSocket
    // pay-as-you-go pricing"): the heading titles the entry, and the date is the line under it.
    blocks.forEach((block, i) => $(headings[i][0]).after($('<p>').text(block.title)));
    for (const p of markup) $(p).remove();
    return;
  }
  // One level for every entry of the page, above the headings the entries hold.
  const levels = headings.flat().map(headingLevel);
  const lowest = levels.length ? Math.min(...levels) : null;
  const level = lowest === null ? DEFAULT_LEVEL : Math.max(1, lowest - 1);
  for (const block of blocks) {
    // A version given as the description ("v1.4.0") belongs to the title; other text is the entry's first line.
    const version = block.description && VERSION_RE.test(block.description);
    const heading = $(`<h${level}>`)
      .attr(WHOLE_ENTRY_ATTR, '')
      .text(version ? `${block.title} ${block.description}` : block.title);
    $(block.at).before(heading);
    if (block.description && !version) heading.after($('<p>').text(block.description));
  }
  for (const p of markup) $(p).remove();
}
