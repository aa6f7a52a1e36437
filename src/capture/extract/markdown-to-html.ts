import { escapeHtml, renderInline } from './markdown-inline';

/*
 * A small Markdown-to-HTML renderer for pages served as `text/markdown` or `text/plain`, so they
 * are read by the same extractors as HTML pages: headings (ATX and underlined), lists (nested by
 * indentation), tables, block quotes, fenced code, rules and paragraphs, with inline emphasis,
 * strikethrough, code and links. One pass over the lines; raw HTML in the source stays text.
 */

const LIST_ITEM_RE = /^( *)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_RE = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const QUOTE_RE = /^ {0,3}>/;
/**
 * An id written after a heading or an item: `{#install}` (Hugo, Pandoc), `{ #v0.11.1 }` (Typst's
 * docs) or an MDX comment holding it, as react.dev writes its headings.
 */
const ID_MARK_RE = /\s*\{\s*(?:#([\w.:-]+)|\/\*\s*([\w-]+)\s*\*\/)\s*\}\s*$/;
const MDX_ID_RE = /\s*\{\/\*\s*[\w-]+\s*\*\/\}/g;

/** A line without the ids static-site generators read and never show, and the trailing one, if any. */
export function idMarks(text: string): { text: string; id: string | null } {
  const mark = ID_MARK_RE.exec(text);
  const rest = mark ? text.slice(0, mark.index) : text;
  return { text: rest.replace(MDX_ID_RE, ''), id: mark ? (mark[1] ?? mark[2]) : null };
}
/** Block quotes nested deeper are read as text: each level re-reads its lines. */
const MAX_QUOTE_DEPTH = 4;

export interface MarkdownOptions {
  /** Plain text makes each line a block of its own; Markdown joins the lines of a paragraph. */
  lineBreaks: boolean;
}

interface OpenList {
  indent: number;
  tag: 'ul' | 'ol';
}

function headingText(text: string): string {
  const trimmed = text.trim();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  if (end === trimmed.length) return trimmed;
  return end === 0 || /\s/.test(trimmed[end - 1]) ? trimmed.slice(0, end).trim() : trimmed;
}

function isRule(line: string): boolean {
  return /^(?:-{3,}|\*{3,}|_{3,})$/.test(line.replace(/[ \t]/g, '')) && line.search(/\S/) <= 3;
}

function tableCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

function isDelimiterRow(line: string | undefined): boolean {
  if (line === undefined || !line.includes('-')) return false;
  const cells = tableCells(line);
  return cells.length > 0 && cells.every((cell) => /^:?-+:?$/.test(cell)) && (line.includes('|') || cells.length > 1);
}

class Renderer {
  private readonly out: string[] = [];
  private paragraph: string[] = [];
  private lists: OpenList[] = [];
  private blankInList = false;

  constructor(
    private readonly options: MarkdownOptions,
    private readonly depth: number,
  ) {}

  render(lines: string[]): string {
    for (let i = 0; i < lines.length; i++) i = this.line(lines, i);
    this.flushParagraph();
    this.closeLists();
    return this.out.join('\n');
  }

  /** Renders the block starting at line i; answers the index of the last line it used. */
  private line(lines: string[], i: number): number {
    const line = lines[i];
    if (!line.trim()) {
      this.flushParagraph();
      if (this.lists.length) this.blankInList = true;
      return i;
    }
    const item = LIST_ITEM_RE.exec(line);
    const fence = FENCE_RE.exec(line);
    const atx = ATX_RE.exec(line);
    if (this.lists.length && !item) {
      // A line after an item continues it, unless a blank line came first and it is not indented.
      const startsBlock = fence || atx || isRule(line) || QUOTE_RE.test(line);
      if (!startsBlock && (!this.blankInList || /^ {2,}\S/.test(line))) {
        this.out.push(` ${renderInline(line.trim())}`);
        return i;
      }
      this.closeLists();
    }
    this.blankInList = false;

    if (fence) return this.code(lines, i, fence[1]);
    if (atx) {
      const { text, id } = idMarks(headingText(atx[2] ?? ''));
      return this.block(i, id ? `h${atx[1].length} id="${escapeHtml(id)}"` : `h${atx[1].length}`, renderInline(text));
    }
    if (this.paragraph.length && /^ {0,3}(?:=+|-+)[ \t]*$/.test(line)) {
      const text = this.paragraph.join(' ');
      this.paragraph = [];
      return this.block(i, line.trim().startsWith('=') ? 'h1' : 'h2', renderInline(text));
    }
    if (isRule(line)) return this.block(i, 'hr', null);
    if (item) return this.listItem(i, item[1].length, /\d/.test(item[2]) ? 'ol' : 'ul', item[3]);
    if (line.includes('|') && isDelimiterRow(lines[i + 1])) return this.table(lines, i);
    if (QUOTE_RE.test(line) && this.depth < MAX_QUOTE_DEPTH) return this.quote(lines, i);
    this.paragraph.push(idMarks(line.trim()).text);
    return i;
  }

  private block(i: number, tag: string, html: string | null): number {
    this.flushParagraph();
    const name = tag.split(' ')[0];
    this.out.push(html === null ? `<${tag}>` : `<${tag}>${html}</${name}>`);
    return i;
  }

  private flushParagraph(): void {
    if (!this.paragraph.length) return;
    const lines = this.paragraph.map(renderInline);
    this.out.push(this.options.lineBreaks ? lines.map((line) => `<p>${line}</p>`).join('\n') : `<p>${lines.join(' ')}</p>`);
    this.paragraph = [];
  }

  private code(lines: string[], start: number, fence: string): number {
    this.flushParagraph();
    let end = start + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(fence)) end++;
    this.out.push(`<pre><code>${escapeHtml(lines.slice(start + 1, end).join('\n'))}</code></pre>`);
    return end;
  }

  private listItem(i: number, indent: number, tag: 'ul' | 'ol', text: string): number {
    this.flushParagraph();
    while (this.lists.length && this.lists[this.lists.length - 1].indent > indent) this.closeList();
    const top = this.lists[this.lists.length - 1];
    if (top && top.indent === indent && top.tag !== tag) this.closeList();
    const current = this.lists[this.lists.length - 1];
    if (current && current.indent >= indent) this.out.push('</li>');
    else {
      this.out.push(`<${tag}>`);
      this.lists.push({ indent, tag });
    }
    this.out.push(`<li>${renderInline(idMarks(text).text)}`);
    return i;
  }

  private closeList(): void {
    const list = this.lists.pop()!;
    this.out.push(`</li></${list.tag}>`);
  }

  private closeLists(): void {
    while (this.lists.length) this.closeList();
    this.blankInList = false;
  }

  private table(lines: string[], start: number): number {
    this.flushParagraph();
    const head = tableCells(lines[start]);
    const rows: string[] = [`<thead><tr>${head.map((c) => `<th>${renderInline(c)}</th>`).join('')}</tr></thead><tbody>`];
    let end = start + 2;
    for (; end < lines.length && lines[end].includes('|') && lines[end].trim(); end++) {
      rows.push(`<tr>${tableCells(lines[end]).map((c) => `<td>${renderInline(c)}</td>`).join('')}</tr>`);
    }
    this.out.push(`<table>${rows.join('')}</tbody></table>`);
    return end - 1;
  }

  private quote(lines: string[], start: number): number {
    this.flushParagraph();
    const inner: string[] = [];
    let end = start;
    for (; end < lines.length && QUOTE_RE.test(lines[end]); end++) inner.push(lines[end].replace(/^ {0,3}> ?/, ''));
    this.out.push(`<blockquote>${new Renderer(this.options, this.depth + 1).render(inner)}</blockquote>`);
    return end - 1;
  }
}

/** The body of a Markdown or plain-text page as an HTML document. */
export function markdownToHtml(source: string, options: MarkdownOptions, head = ''): string {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const body = new Renderer(options, 0).render(lines);
  return `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body><main>${body}</main></body></html>`;
}
