import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { marked as Marked } from 'marked';
import type { FieldsByType, MonitorType } from '../../capture.types';
import { extractPage } from '../extract-page';
import { frontMatterHead, readFrontMatter, splitFrontMatter } from '../front-matter';
import { idMarks } from '../markdown-to-html';

/** The corpus of real third-party pages (test/fixtures/corpus; each folder's SOURCE.md names its origin and licence). */
export const CORPUS_DIR = path.resolve(__dirname, '../../../../test/fixtures/corpus');
export const FIXTURES_DIR = __dirname;

export function corpusFile(relative: string): string {
  return readFileSync(path.join(CORPUS_DIR, relative), 'utf8');
}

export function fixtureFile(name: string): string {
  return readFileSync(path.join(FIXTURES_DIR, name), 'utf8');
}

let markedInstance: typeof Marked | null = null;

/**
 * marked 16 ships only ES modules plus a UMD bundle, and jest on Node 20 cannot require ES
 * modules; the UMD bundle is evaluated as CommonJS instead.
 */
function loadMarked(): typeof Marked {
  if (markedInstance) return markedInstance;
  const packageDir = path.dirname(require.resolve('marked/package.json'));
  const source = readFileSync(path.join(packageDir, 'lib', 'marked.umd.js'), 'utf8');
  const module = { exports: {} as { marked: typeof Marked } };
  new Function('module', 'exports', source)(module, module.exports);
  markedInstance = module.exports.marked;
  return markedInstance;
}

/**
 * marked shows an id mark (`{#id}`, or an MDX comment holding the id) as text; a generator makes
 * a heading's mark its id and shows none. The marks are taken out of the source (outside code
 * fences), a heading's kept as a token that marked leaves alone, then made its id.
 */
function withoutIdMarks(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^ {0,3}(?:`{3,}|~{3,})/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const { text, id } = idMarks(line);
      return id && /^ {0,3}#{1,6}\s/.test(line) ? `${text} ID-MARK-${id}-ID-MARK` : text;
    })
    .join('\n');
}

const HTML_BLOCK_TAGS = 'div|section|article|aside|header|footer|nav|main|table|form|figure|details|ul|ol|dl';
const HTML_BLOCK_OPEN_RE = new RegExp(String.raw`^<(?:${HTML_BLOCK_TAGS})[\s>]`);
const HTML_OPENS_RE = new RegExp(String.raw`<(?:${HTML_BLOCK_TAGS})[\s>]`, 'g');
const HTML_CLOSES_RE = new RegExp(String.raw`</(?:${HTML_BLOCK_TAGS})>`, 'g');
const MARKDOWN_ATTRIBUTE_RE = /\smarkdown=["']?(?:1|block)\b/;

/**
 * kramdown (Jekyll) ends an HTML block at its closing tag; CommonMark (marked) ends it at the
 * first blank line, and the indented lines after it become code. A blank line inside a block that
 * opens at the start of a line (lowercase HTML, not an MDX component) is kept from ending it.
 * An element marked `markdown="1"` holds Markdown for kramdown: its tags stand apart, on lines of
 * their own between blank lines, so marked renders what is between them as Markdown.
 */
function wholeHtmlBlocks(markdown: string): string {
  // One entry per open element: whether kramdown reads its content as Markdown.
  const open: boolean[] = [];
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^ {0,3}(?:`{3,}|~{3,})/.test(line)) fenced = !fenced;
      if (fenced || (open.length === 0 && !HTML_BLOCK_OPEN_RE.test(line))) return line;
      if (!line.trim()) return open.at(-1) ? line : '<!-- -->';
      const closes = line.match(HTML_CLOSES_RE)?.length ?? 0;
      const closesMarkdown = open.slice(open.length - closes).some(Boolean);
      open.length = Math.max(0, open.length - closes);
      const opens = line.match(HTML_OPENS_RE)?.length ?? 0;
      const holdsMarkdown = MARKDOWN_ATTRIBUTE_RE.test(line);
      for (let i = 0; i < opens; i++) open.push(holdsMarkdown);
      return `${closesMarkdown ? '\n' : ''}${line}${holdsMarkdown ? '\n' : ''}`;
    })
    .join('\n');
}

/** MDX's JSX attributes as the built page has them: `className` is written `class` (only inside tags, never in code text). */
function jsxClasses(html: string): string {
  return html.replace(/(<[a-zA-Z][\w-]*\s[^<>]*?)\bclassName=/g, '$1class=');
}

function headingIds(html: string): string {
  return html.replace(/<h([1-6])>(.*?) ID-MARK-([\w.:-]+)-ID-MARK<\/h\1>/g, '<h$1 id="$3">$2</h$1>');
}

/**
 * Renders a Markdown source page as a static site generator would: the body by marked, the front
 * matter as the head the pipeline makes of it for a `text/markdown` fetch (parse-page.ts), so its
 * title, date and author reach the extractors the same way.
 */
export function renderMarkdownSource(markdown: string, title = 'Page'): string {
  const { body: source, lines } = splitFrontMatter(markdown);
  const meta = lines ? readFrontMatter(lines) : null;
  const head = meta ? frontMatterHead(meta) : '';
  const body = jsxClasses(headingIds(loadMarked().parse(wholeHtmlBlocks(withoutIdMarks(source)), { async: false }) as string));
  const fallbackTitle = meta?.title ? '' : `<title>${title}</title>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${fallbackTitle}${head}</head><body><main>${body}</main></body></html>`;
}

export function corpusPage(relative: string): string {
  const text = corpusFile(relative);
  return relative.endsWith('.md') ? renderMarkdownSource(text) : text;
}

/** Extracts a page and returns its typed fields. */
export function fieldsOf<T extends MonitorType>(html: string, url: string, type: T): FieldsByType[T] {
  return extractPage(html, url, type).fields as FieldsByType[T];
}

/** Fills {{name}} placeholders of a fixture template. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}
