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
 * Blanks at a line's edges dropped, runs of blanks inside a line made one space, and at most one
 * empty line in a row. Line by line: a pass over the whole page would copy it, and a string of a
 * page's size costs its memory pages afresh each time; a line's strings are small and reused.
 */
function tidyBlock(text: string): string {
  const kept: string[] = [];
  let afterEmpty = false;
  for (const raw of text.split('\n')) {
    // Only runs of blanks are rewritten: replacing every single space would copy every line.
    const line = raw.replace(EDGE_OR_RUN, (_blanks: string, run?: string) => (run ? ' ' : ''));
    if (!line && afterEmpty) continue;
    afterEmpty = !line;
    kept.push(line);
  }
  return kept.join('\n').trim();
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

function renderNode(node: AnyNode, state: RenderState): string {
  if (node.type === 'text') {
    if (state.inPre) return node.data;
    return escapeText(node.data.replace(SPACE_RUN, ' '));
  }
  if (!isElement(node)) return '';
  const name = tagName(node);
  if (SKIPPED.has(name)) return '';
  switch (name) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = inlineOnly(renderChildren(node, { ...state, inline: true }));
      if (!text) return '';
      return state.inline ? ` ${text} ` : `\n\n${'#'.repeat(Number(name[1]))} ${text}\n\n`;
    }
    case 'br':
      return state.inline ? ' ' : '\n';
    case 'hr':
      return state.inline ? ' ' : '\n\n---\n\n';
    case 'ul':
    case 'ol':
      return state.inline ? ` ${renderChildren(node, state)} ` : renderList(node, state);
    case 'table':
      return state.inline ? ` ${renderChildren(node, state)} ` : renderTable(node, state);
    case 'blockquote': {
      if (state.inline) return ` ${renderChildren(node, state)} `;
      const body = tidyBlock(renderChildren(node, state));
      return body ? `\n\n${body.split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n')}\n\n` : '';
    }
    case 'pre':
      return state.inline ? ` \`${inlineOnly(textContent(node))}\` ` : renderPre(node, state);
    case 'code': {
      if (state.inPre) return textContent(node);
      const text = inlineOnly(textContent(node));
      return text ? `\`${text.replace(/`/g, "'")}\`` : '';
    }
    case 'a':
      return renderLink(node, state);
    case 'img':
      return renderImage(node, state);
    case 'strong':
    case 'b':
      return wrapInline('**', renderChildren(node, state));
    case 'em':
    case 'i':
    case 'cite':
      return wrapInline('*', renderChildren(node, state));
    case 's':
    case 'del':
    case 'strike':
      return wrapInline('~~', renderChildren(node, state));
    case 'dt':
      return block(wrapInline('**', inlineOnly(renderChildren(node, { ...state, inline: true }))), state);
    default:
      return BLOCK_TAGS.has(name) ? block(renderChildren(node, state), state) : renderChildren(node, state);
  }
}

export function renderMarkdown(root: Element, baseUrl: string): string {
  const state: RenderState = { base: baseUrl, code: [], inPre: false, inline: false };
  const rendered = tagName(root) === 'pre' ? renderPre(root, state) : renderChildren(root, state);
  return tidyBlock(rendered)
    .replace(new RegExp(INDENT, 'g'), ' ')
    .replace(new RegExp(`${CODE_OPEN}(\\d+)${CODE_CLOSE}`, 'g'), (_m, i: string) => state.code[Number(i)]);
}
