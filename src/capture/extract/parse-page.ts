import { load, type CheerioAPI } from 'cheerio';
import { frontMatterHead, readFrontMatter, splitFrontMatter } from './front-matter';
import { markdownToHtml, type MarkdownOptions } from './markdown-to-html';
import { assertPageWithinLimits } from './page-complexity';

/** Media types whose bodies are rendered to HTML before they are parsed. */
const TEXT_SOURCES = new Map<string, MarkdownOptions>([
  ['text/markdown', { lineBreaks: false }],
  ['text/x-markdown', { lineBreaks: false }],
  ['text/plain', { lineBreaks: true }],
]);

function textSource(contentType: string | null): MarkdownOptions | null {
  return TEXT_SOURCES.get(contentType?.split(';')[0].trim().toLowerCase() ?? '') ?? null;
}

/** A Markdown or plain-text body: no JavaScript shell, and rendered before it is parsed. */
export function isTextSource(contentType: string | null): boolean {
  return textSource(contentType) !== null;
}

/**
 * The fetched body as HTML: a Markdown or plain-text page is rendered, anything else is HTML
 * already. A static-site source's front matter is not shown: its title, date and author become
 * the head a generator would render from them, read like any page's meta tags.
 */
function pageHtml(body: string, contentType: string | null): string {
  const source = textSource(contentType);
  const { body: page, lines } = source?.lineBreaks ? { body, lines: null } : splitFrontMatter(body);
  const head = lines ? frontMatterHead(readFrontMatter(lines)) : '';
  return source ? markdownToHtml(page, source, head) : head + page;
}

/**
 * The one way fetched pages are parsed: rendered to HTML when served as Markdown or plain text,
 * measured, so a page past PAGE_LIMITS fails with `page_too_complex` before a parser sees it,
 * then parsed by htmlparser2 (the fast parser, and the tree the measure follows).
 */
export function parsePage(body: string, contentType: string | null = null): CheerioAPI {
  const html = pageHtml(body, contentType);
  assertPageWithinLimits(html);
  return load(html, { xml: { xmlMode: false, decodeEntities: true } });
}
