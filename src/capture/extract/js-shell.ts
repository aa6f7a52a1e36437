import type { AnyNode } from 'domhandler';
import { collapseWhitespace, isElement, tagName } from './dom';
import { parsePage } from './parse-page';

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
const HIDDEN_START = /<(script|style|noscript|template|svg|head)(?=[\s/>])/iy;

/**
 * One pass, linear in the page: every search starts where the last one ended, and a closing tag
 * found missing once is not looked for again (hostile pages open thousands of `<script`s).
 * With `enough`, counting stops once the text reaches it. A `cut` page is the start of a longer
 * one: a hidden element that does not close within it ends the count, so that the count never
 * exceeds the whole page's.
 */
function roughTextLength(html: string, enough = Infinity, cut = false): number {
  const unclosed = new Set<string>();
  let length = 0;
  let i = 0;
  while (i < html.length && length < enough) {
    const lt = html.indexOf('<', i);
    length += html.slice(i, lt < 0 ? html.length : lt).replace(/\s+/g, '').length;
    if (lt < 0) break;
    i = pastMarkup(html, lt, unclosed, cut);
  }
  return length;
}

/** The characters of a page the event loop reads to find it plainly no shell: a bounded cost whatever the page. */
const PLAIN_PAGE_SCAN = 64 * 1024;

/**
 * True when the first 64K characters of the page alone hold plenty of text, so it is no JavaScript
 * shell: known on the event loop without sending the page to a thread. A hidden element (a script,
 * say) that does not close within them ends the count there rather than counting its content.
 * False says nothing: looksLikeJavaScriptShell then decides on the thread.
 */
export function plainlyNoShell(html: string): boolean {
  return roughTextLength(html.slice(0, PLAIN_PAGE_SCAN), ROUGH_TEXT_PLENTY, html.length > PLAIN_PAGE_SCAN) >= ROUGH_TEXT_PLENTY;
}

/** Past the comment, hidden element or tag at `lt`; an unterminated one runs to the end of the page. */
function pastMarkup(html: string, lt: number, unclosed: Set<string>, cut: boolean): number {
  if (html.startsWith('<!--', lt)) return endOf(html.indexOf('-->', lt + 4), 3, html);
  HIDDEN_START.lastIndex = lt;
  const hidden = HIDDEN_START.exec(html)?.[1].toLowerCase();
  if (hidden && !unclosed.has(hidden)) {
    const closing = new RegExp(`</${hidden}\\s*>`, 'gi');
    closing.lastIndex = lt;
    const found = closing.exec(html);
    if (found) return found.index + found[0].length;
    if (cut) return html.length;
    unclosed.add(hidden);
  }
  return endOf(html.indexOf('>', lt), 1, html);
}

function endOf(found: number, length: number, html: string): number {
  return found < 0 ? html.length : found + length;
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
  const $ = parsePage(html);
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
