import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { collapseWhitespace, isElement, tagName } from './dom';

const APP_ROOT_SELECTORS = [
  '#root',
  '#app',
  '#__next',
  '#__nuxt',
  '#___gatsby',
  '#svelte',
  '#q-app',
  '[data-reactroot]',
  '[ng-app]',
  '[data-ng-app]',
  '[ng-version]',
  'app-root',
  '[data-v-app]',
  '[data-server-rendered]',
];
const JS_WARNING_RE =
  /enable\s+javascript|javascript\s+(?:is\s+)?(?:required|disabled|must be enabled|needs to be enabled)|requires\s+javascript|turn\s+on\s+javascript|javascript\s+to\s+run\s+this\s+app|without\s+javascript/i;
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title', 'meta', 'link', 'iframe']);

/** Thresholds in characters of visible body text. */
const EMPTY_SHELL = 200;
const THIN_SHELL = 600;

/**
 * Text outside tags, scripts, styles and the head, counted without parsing: an upper bound of the
 * visible text (entities count as several characters), so only pages with plenty of it skip the
 * parse. Most pages have; parsing a 300 KB page only to learn it is no shell costs milliseconds.
 */
const ROUGH_TEXT_PLENTY = 4 * THIN_SHELL;
const NOT_TEXT = /<(script|style|noscript|template|svg|head)(?=[\s/>])[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>|\s+/gi;

function roughTextLength(html: string): number {
  return html.replace(NOT_TEXT, '').length;
}

function visibleText(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  if (!isElement(node) || INVISIBLE.has(tagName(node))) return '';
  return node.children.map((c) => ` ${visibleText(c)}`).join('');
}

/**
 * True when the static HTML is an empty application shell that only JavaScript fills: almost no
 * visible text plus an app root element and/or a noscript "enable JavaScript" warning.
 */
export function looksLikeJavaScriptShell(html: string): boolean {
  if (roughTextLength(html) >= ROUGH_TEXT_PLENTY) return false;
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const body = $('body')[0] ?? $.root()[0];
  const textLength = collapseWhitespace(visibleText(body)).length;
  if (textLength >= THIN_SHELL) return false;
  const appRoot = APP_ROOT_SELECTORS.some((selector) => $(selector).length > 0);
  const jsWarning = $('noscript')
    .toArray()
    .some((el) => JS_WARNING_RE.test($(el).text()));
  const scripts = $('script[src], script:not([type="application/ld+json"])').length;
  if (textLength < EMPTY_SHELL) return appRoot || jsWarning || (scripts > 0 && textLength < 50);
  return appRoot && jsWarning;
}
