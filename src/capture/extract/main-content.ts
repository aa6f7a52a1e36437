import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { DomText } from './dom';

const MAIN_SELECTORS = [
  'main',
  '[role="main"]',
  '#main-content',
  '.main-content',
  '#maincontent',
  '#main',
  '#content',
  '#primary',
  '.site-content',
  '.page-content',
];

/**
 * The element that holds the page's main content: an explicit <main> or a conventional content
 * container, when it carries a fair share of the page's text; otherwise the body.
 */
export function findMainRoot($: CheerioAPI, dom: DomText): Element {
  const body = ($('body')[0] as Element | undefined) ?? ($.root()[0] as unknown as Element);
  const bodyLength = dom.text(body).length || 1;
  for (const selector of MAIN_SELECTORS) {
    const candidates = $(selector).toArray() as Element[];
    if (!candidates.length) continue;
    const best = candidates.reduce((a, b) => (dom.text(b).length > dom.text(a).length ? b : a));
    if (dom.text(best).length >= bodyLength * 0.2) return best;
  }
  return body;
}
