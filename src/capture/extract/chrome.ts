import type { AnyNode, Element } from 'domhandler';
import { removeNode } from './clean';
import {
  absoluteUrl,
  attr,
  closest,
  collapseWhitespace,
  contains,
  descendants,
  DomText,
  findAll,
  isElement,
  tagName,
  uniqueStrings,
} from './dom';

export interface PageLink {
  text: string;
  url: string;
  /** Nesting depth of the list the link sits in (1 = top level). */
  depth: number;
}

/** Site chrome read before it is removed from the main content. */
export interface PageChrome {
  /** Labels of the primary (header) navigation, in page order. */
  navigation: string[];
  /** Links of header navigation, sidebars and tables of contents. */
  links: PageLink[];
  announcement: string | null;
}

const NAV_TOKEN_RE =
  /^(?:(?:site|main|global|top|primary|secondary|mobile|sub|side|page|header|footer)[-_]?)?(?:nav|navbar|navigation|menu|menubar|sidebar|side-bar|toc|table-of-contents|breadcrumbs?|skip-?links?|pagination|pager)(?:[-_].*)?$/i;
const FOOTER_TOKEN_RE = /^(?:(?:site|page|global|main)[-_])?footer(?:[-_].*)?$/i;
const HEADER_TOKEN_RE = /^(?:(?:site|global|main|top)[-_]header|masthead|topbar|top-bar)(?:[-_].*)?$/i;
const SIDEBAR_RE = /sidebar|side-bar|toc|table-of-contents/i;
const BYLINE_RE = /(?:^|[\s_-])(?:author|byline|post-?meta|entry-?meta)(?:$|[\s_-])/i;
const ANNOUNCEMENT_RE =
  /(?:^|[\s_-])(?:announcement|announce|announcement-bar|promo-?bar|promo-banner|notice-?bar|hello-?bar|alert-bar|site-alert|top-?banner|ribbon|marquee|banner)(?:$|[\s_-])/i;

type ChromeKind = 'nav' | 'header' | 'footer' | 'sidebar' | 'other';

function tokensOf(el: Element): string[] {
  return `${el.attribs?.class ?? ''} ${el.attribs?.id ?? ''}`.split(/\s+/).filter(Boolean);
}

/** A <header> holding a heading and no link at all: the title of an article (a site header links home). */
function isTitleHeader(el: Element): boolean {
  return tagName(el) === 'header' && findAll(el, 'a').length === 0 && findAll(el, ['h2', 'h3']).length > 0;
}

function chromeKind(el: Element, insideArticle: boolean): ChromeKind | null {
  const name = tagName(el);
  const role = attr(el, 'role');
  if (name === 'nav' || role === 'navigation' || role === 'search') return 'nav';
  // A post's byline is sometimes an <aside> inside the article: it names the author and date.
  if (name === 'aside' && insideArticle && BYLINE_RE.test(`${el.attribs?.class ?? ''}`)) return null;
  if (name === 'aside' || role === 'complementary') return 'sidebar';
  if ((name === 'footer' && !insideArticle) || role === 'contentinfo') return 'footer';
  if ((name === 'header' && !insideArticle) || role === 'banner') return 'header';
  const tokens = tokensOf(el);
  if (tokens.some((t) => FOOTER_TOKEN_RE.test(t))) return 'footer';
  if (tokens.some((t) => HEADER_TOKEN_RE.test(t)) || attr(el, 'id') === 'header') return 'header';
  if (tokens.some((t) => NAV_TOKEN_RE.test(t))) {
    if (tokens.some((t) => /breadcrumb|pagination|pager|skip/i.test(t))) return 'other';
    return tokens.some((t) => SIDEBAR_RE.test(t)) ? 'sidebar' : 'nav';
  }
  return null;
}

function listDepth(link: Element, stop: Element): number {
  let depth = 0;
  let current: AnyNode | null = link.parent;
  while (current && current !== stop.parent) {
    if (isElement(current) && (current.name === 'ul' || current.name === 'ol')) depth++;
    current = current.parent;
  }
  return Math.max(depth, 1);
}

function readLinks(el: Element, dom: DomText, base: string): PageLink[] {
  const out: PageLink[] = [];
  for (const a of findAll(el, 'a')) {
    const url = absoluteUrl(attr(a, 'href'), base);
    const text = dom.text(a) || collapseWhitespace(attr(a, 'title') ?? attr(a, 'aria-label') ?? '');
    if (url && text) out.push({ text, url, depth: listDepth(a, el) });
  }
  return out;
}

function navigationLabels(el: Element, dom: DomText): string[] {
  const labels: string[] = [];
  for (const item of descendants(el, (d) => tagName(d) === 'a' || tagName(d) === 'button')) {
    if (closest(item.parent as AnyNode, (p) => tagName(p) === 'a' || tagName(p) === 'button', el)) continue;
    const text = dom.text(item);
    if (text && text.length <= 40) labels.push(text);
  }
  return labels;
}

function findAnnouncement(body: Element, dom: DomText): string | null {
  for (const el of descendants(body)) {
    const descriptor = `${el.attribs?.class ?? ''} ${el.attribs?.id ?? ''}`;
    if (!ANNOUNCEMENT_RE.test(descriptor) || /cookie|consent|hero/i.test(descriptor)) continue;
    if (findAll(el, ['h1']).length) continue;
    if (dom.size(el) > 300) continue;
    const text = dom.text(el);
    if (text.length >= 5 && text.length <= 250) return text;
  }
  return null;
}

/**
 * Collects navigation labels, sidebar links and the announcement bar, then removes the chrome
 * (navigation, header, footer, sidebars) from the document, except what holds the main content.
 */
export function extractChrome(body: Element, mainRoot: Element, base: string, dom: DomText): PageChrome {
  const bodyTextLength = dom.size(body) || 1;
  const announcement = findAnnouncement(body, dom);
  const chrome: { el: Element; kind: ChromeKind }[] = [];

  const visit = (el: Element, insideArticle: boolean): void => {
    for (const child of el.children) {
      if (!isElement(child)) continue;
      const kind = chromeKind(child, insideArticle);
      const holdsMain = contains(child, mainRoot) || child === mainRoot;
      const tooBig = dom.size(child) > bodyTextLength * 0.6;
      const hasPageTitle = kind === 'header' && (findAll(child, 'h1').length > 0 || isTitleHeader(child));
      if (kind && !holdsMain && !tooBig && !hasPageTitle) {
        chrome.push({ el: child, kind });
        continue;
      }
      visit(child, insideArticle || child.name === 'article' || child.name === 'main');
    }
  };
  visit(body, false);

  const navigation: string[] = [];
  const links: PageLink[] = [];
  for (const { el, kind } of chrome) {
    if (kind === 'nav' || kind === 'header') navigation.push(...navigationLabels(el, dom));
    if (kind !== 'footer') links.push(...readLinks(el, dom, base));
  }
  for (const { el } of chrome) {
    dom.invalidate(el);
    removeNode(el);
  }
  return { navigation: uniqueStrings(navigation, 40), links, announcement };
}
