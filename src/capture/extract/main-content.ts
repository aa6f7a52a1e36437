import type { Element } from 'domhandler';
import { attr, classTokens, closest, descendants, DomText, tagName } from './dom';

/** Conventional containers of the main content, most explicit first. */
const MAIN_RULES: ((el: Element) => boolean)[] = [
  (el) => tagName(el) === 'main',
  (el) => attr(el, 'role') === 'main',
  (el) => /^(?:main-content|maincontent|main|content|primary)$/i.test(attr(el, 'id') ?? ''),
  (el) => classTokens(el).some((c) => /^(?:main-content|site-content|page-content)$/i.test(c)),
];

/**
 * The element that holds the page's main content: an explicit <main> or a conventional content
 * container, when it carries a fair share of the page's text; otherwise the body.
 */
export function findMainRoot(body: Element, dom: DomText): Element {
  const bodyLength = dom.size(body) || 1;
  const matches: Element[][] = MAIN_RULES.map(() => []);
  for (const el of descendants(body)) {
    MAIN_RULES.forEach((rule, i) => {
      if (rule(el)) matches[i].push(el);
    });
  }
  for (const candidates of matches) {
    if (!candidates.length) continue;
    const best = candidates.reduce((a, b) => (dom.size(b) > dom.size(a) ? b : a));
    if (contentSize(best, dom) >= bodyLength * 0.2) return best;
  }
  return body;
}

/**
 * A container's text without its navigation: a docs theme's landing page keeps <main> for its
 * sidebars and empty article and draws the page's content in a section beside it.
 */
function contentSize(el: Element, dom: DomText): number {
  const isNav = (d: Element) => tagName(d) === 'nav';
  const outermost = descendants(el, isNav).filter((nav) => !closest(nav.parent as Element, isNav, el));
  return dom.size(el) - outermost.reduce((sum, nav) => sum + dom.size(nav), 0);
}
