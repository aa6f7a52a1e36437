import type { AnyNode, Element } from 'domhandler';
import { absoluteUrl, attr, BLOCK_TAGS, childElements, collapseWhitespace, findAll, isElement, SPACE_RUN, tagName } from './dom';

/**
 * DOM → Markdown over the already parsed document (no second parse). Output is deliberately
 * regular — "-" list markers, ATX headings, one blank line between blocks — so that two captures
 * of the same content produce the same text.
 */

// Indentation and code are carried by placeholders so that whitespace tidying cannot touch them.
const INDENT = '\u0001';
const CODE_OPEN = '\u0002';
const CODE_CLOSE = '\u0003';

interface RenderState {
  base: string;
  code: string[];
  inPre: boolean;
  inline: boolean;
}

const SKIPPED = new Set(['svg', 'math']);

const NEEDS_ESCAPE = /[\\*`_]/;

function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/\\/g, '\\\\')
    .replace(/([*`])/g, '\\$1')
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (m) => m.replace('_', '\\_'));
}

/** Blanks at the edge of a line, or a run of blanks (a tab, or two or more) inside one: the run is captured. */
const EDGE_OR_RUN = /^[ \t]+|[ \t]+$|([ \t]{2,}|\t)/gm;

/**
 * Text taken in pieces and tidied line by line as it comes: blanks at a line's edges dropped, runs
 * of blanks inside a line made one space, and at most one empty line in a row. The page's blocks
 * are written to one as they are rendered, so no page-sized string is built, flattened and split
 * again (on a 170 KB page that was half of the rendering); a line's strings are small and reused.
 */
class TidyLines {
  private readonly kept: string[] = [];
  private partial = '';
  private afterEmpty = false;

  write(piece: string): void {
    let start = 0;
    for (let nl = piece.indexOf('\n'); nl >= 0; nl = piece.indexOf('\n', start)) {
      this.line(this.partial + piece.slice(start, nl));
      this.partial = '';
      start = nl + 1;
    }
    this.partial += start ? piece.slice(start) : piece;
  }

  /** The tidied text, trimmed; ends the writing. */
  text(): string {
    this.line(this.partial);
    this.partial = '';
    return this.kept.join('\n').trim();
  }

  private line(raw: string): void {
    // Only runs of blanks are rewritten: replacing every single space would copy every line.
    const line = raw.replace(EDGE_OR_RUN, (_blanks: string, run?: string) => (run ? ' ' : ''));
    if (!line && this.afterEmpty) return;
    this.afterEmpty = !line;
    this.kept.push(line);
  }
}

function tidyBlock(text: string): string {
  const lines = new TidyLines();
  lines.write(text);
  return lines.text();
}

function inlineOnly(text: string): string {
  return collapseWhitespace(text.replace(/\n+/g, ' '));
}

function wrapInline(marker: string, inner: string): string {
  const trimmed = inner.trim();
  if (!trimmed) return inner;
  const lead = /^\s/.test(inner) ? ' ' : '';
  const trail = /\s$/.test(inner) ? ' ' : '';
  return `${lead}${marker}${trimmed}${marker}${trail}`;
}

function renderChildren(node: Element, state: RenderState): string {
  let out = '';
  for (const child of node.children) out += renderNode(child, state);
  return out;
}

function renderList(list: Element, state: RenderState): string {
  const ordered = tagName(list) === 'ol';
  let index = Number(attr(list, 'start') ?? '1') || 1;
  const items: string[] = [];
  for (const li of childElements(list)) {
    const rendered = tagName(li) === 'li' ? renderChildren(li, state) : renderNode(li, state);
    // Most items are one line: skip the multi-line tidy for them.
    const body = rendered.includes('\n') ? tidyBlock(rendered).replace(/\n{2,}/g, '\n') : inlineOnly(rendered);
    if (!body) continue;
    const marker = ordered ? `${index++}. ` : '- ';
    const pad = INDENT.repeat(marker.length);
    items.push(marker + body.split('\n').join(`\n${pad}`));
  }
  return items.length ? `\n\n${items.join('\n')}\n\n` : '';
}

function isLayoutTable(table: Element): boolean {
  if (findAll(table, 'table').length) return true;
  const rows = findAll(table, 'tr');
  return rows.length > 0 && rows.every((row) => childElements(row).filter((c) => /^t[dh]$/.test(tagName(c))).length <= 1);
}

function renderTable(table: Element, state: RenderState): string {
  if (isLayoutTable(table)) return `\n\n${renderChildren(table, state)}\n\n`;
  const rows: string[][] = [];
  for (const tr of findAll(table, 'tr')) {
    const cells: string[] = [];
    for (const cell of childElements(tr)) {
      if (!/^t[dh]$/.test(tagName(cell))) continue;
      const text = inlineOnly(renderChildren(cell, { ...state, inline: true })).replace(/\|/g, '\\|');
      const span = Math.min(Number(attr(cell, 'colspan') ?? '1') || 1, 20);
      cells.push(text, ...Array<string>(span - 1).fill(''));
    }
    if (cells.some(Boolean)) rows.push(cells);
  }
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]): string => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
  const [head, ...rest] = rows;
  return `\n\n${[line(head), line(Array<string>(width).fill('---')), ...rest.map(line)].join('\n')}\n\n`;
}

function renderLink(el: Element, state: RenderState): string {
  const inner = renderChildren(el, { ...state, inline: true });
  const text = inlineOnly(inner);
  const href = attr(el, 'href') ?? '';
  const url = href.startsWith('#') ? null : absoluteUrl(href, state.base);
  if (!text) return '';
  if (!url || state.inPre) return inner;
  const lead = /^\s/.test(inner) ? ' ' : '';
  const trail = /\s$/.test(inner) ? ' ' : '';
  return `${lead}[${text}](${url})${trail}`;
}

function renderImage(el: Element, state: RenderState): string {
  const alt = collapseWhitespace(attr(el, 'alt') ?? '');
  const src = absoluteUrl(attr(el, 'src') ?? attr(el, 'data-src'), state.base);
  if (!alt || !src) return '';
  return `![${alt.replace(/[[\]]/g, '')}](${src})`;
}

function renderPre(el: Element, state: RenderState): string {
  const raw = textContent(el).replace(/^\n+|\s+$/g, '');
  if (!raw) return '';
  const code = findAll(el, 'code')[0];
  const lang = /(?:^|\s)(?:language|lang)-([\w+-]+)/.exec(code?.attribs?.class ?? el.attribs?.class ?? '')?.[1] ?? '';
  state.code.push(`\`\`\`${lang}\n${raw}\n\`\`\``);
  return `\n\n${CODE_OPEN}${state.code.length - 1}${CODE_CLOSE}\n\n`;
}

function textContent(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  if (!isElement(node)) return '';
  if (tagName(node) === 'br') return '\n';
  return node.children.map(textContent).join('');
}

function block(content: string, state: RenderState): string {
  return state.inline ? ` ${content} ` : `\n\n${content}\n\n`;
}

function renderHeading(node: Element, state: RenderState): string {
  const text = inlineOnly(renderChildren(node, { ...state, inline: true }));
  if (!text) return '';
  return state.inline ? ` ${text} ` : `\n\n${'#'.repeat(Number(tagName(node)[1]))} ${text}\n\n`;
}

function renderQuote(node: Element, state: RenderState): string {
  if (state.inline) return ` ${renderChildren(node, state)} `;
  const body = tidyBlock(renderChildren(node, state));
  return body ? `\n\n${body.split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n')}\n\n` : '';
}

function renderCode(node: Element, state: RenderState): string {
  if (state.inPre) return textContent(node);
  const text = inlineOnly(textContent(node));
  return text ? `\`${text.replace(/`/g, "'")}\`` : '';
}

type Renderer = (node: Element, state: RenderState) => string;
const strong: Renderer = (node, state) => wrapInline('**', renderChildren(node, state));
const emphasis: Renderer = (node, state) => wrapInline('*', renderChildren(node, state));
const struck: Renderer = (node, state) => wrapInline('~~', renderChildren(node, state));

/** Elements with a rendering of their own; any other only wraps its children (a block in blank lines). */
const RENDERERS: Record<string, Renderer> = {
  h1: renderHeading,
  h2: renderHeading,
  h3: renderHeading,
  h4: renderHeading,
  h5: renderHeading,
  h6: renderHeading,
  br: (_node, state) => (state.inline ? ' ' : '\n'),
  hr: (_node, state) => (state.inline ? ' ' : '\n\n---\n\n'),
  ul: (node, state) => (state.inline ? ` ${renderChildren(node, state)} ` : renderList(node, state)),
  ol: (node, state) => (state.inline ? ` ${renderChildren(node, state)} ` : renderList(node, state)),
  table: (node, state) => (state.inline ? ` ${renderChildren(node, state)} ` : renderTable(node, state)),
  blockquote: renderQuote,
  pre: (node, state) => (state.inline ? ` \`${inlineOnly(textContent(node))}\` ` : renderPre(node, state)),
  code: renderCode,
  a: renderLink,
  img: renderImage,
  strong,
  b: strong,
  em: emphasis,
  i: emphasis,
  cite: emphasis,
  s: struck,
  del: struck,
  strike: struck,
  dt: (node, state) => block(wrapInline('**', inlineOnly(renderChildren(node, { ...state, inline: true }))), state),
};

function renderNode(node: AnyNode, state: RenderState): string {
  if (node.type === 'text') {
    if (state.inPre) return node.data;
    return escapeText(node.data.replace(SPACE_RUN, ' '));
  }
  if (!isElement(node)) return '';
  const name = tagName(node);
  if (SKIPPED.has(name)) return '';
  const own = RENDERERS[name];
  if (own) return own(node, state);
  return BLOCK_TAGS.has(name) ? block(renderChildren(node, state), state) : renderChildren(node, state);
}

/**
 * The same text as renderNode, written to `out` as it is rendered: an element that only wraps its
 * children (the page's sections, divs and paragraphs) writes them one by one.
 */
function writeNode(node: AnyNode, state: RenderState, out: TidyLines): void {
  const name = isElement(node) ? tagName(node) : '';
  if (!name || SKIPPED.has(name) || RENDERERS[name]) {
    out.write(renderNode(node, state));
    return;
  }
  const wrap = BLOCK_TAGS.has(name) ? (state.inline ? ' ' : '\n\n') : '';
  out.write(wrap);
  for (const child of (node as Element).children) writeNode(child, state, out);
  out.write(wrap);
}

export function renderMarkdown(root: Element, baseUrl: string): string {
  const state: RenderState = { base: baseUrl, code: [], inPre: false, inline: false };
  const lines = new TidyLines();
  if (tagName(root) === 'pre') lines.write(renderPre(root, state));
  else for (const child of root.children) writeNode(child, state, lines);
  return lines
    .text()
    .replace(new RegExp(INDENT, 'g'), ' ')
    .replace(new RegExp(`${CODE_OPEN}(\\d+)${CODE_CLOSE}`, 'g'), (_m, i: string) => state.code[Number(i)]);
}
