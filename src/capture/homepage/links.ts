import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { parsePage } from '../extract/parse-page';
import { documentBaseUrl, toAbsoluteHttpUrl } from './urls';

/** Where a link sits on its page: site navigation and footers name a site's sections. */
export type LinkArea = 'nav' | 'footer' | 'body';

export interface DiscoveredLink {
  url: string;
  text: string;
  area: LinkArea;
}

const AREA_RANK: Record<LinkArea, number> = { nav: 2, footer: 1, body: 0 };

/**
 * Class and id names that mark navigation or footer containers. Many sites (Joplin's included)
 * build their menus from plain divs, so the semantic elements alone would miss them. Menu words
 * count anywhere in a name ("main-nav", "navbar-frontpage"); "header" and "footer" only lead a
 * name or follow "site"-like words, because "card-footer" or "entry-header" belong to content.
 */
const NAV_WORDS = new Set(['nav', 'navbar', 'navigation', 'menu', 'menubar', 'topbar', 'masthead']);
const REGION_QUALIFIERS = new Set(['site', 'global', 'main', 'top', 'page', 'primary']);
/** Wrappers whose classes describe the whole page (`<body class="has-nav">`), not a region. */
const PAGE_WRAPPERS = new Set(['html', 'body', 'main']);

/**
 * Every fetchable link of a page, once per URL: absolute http(s), fragment dropped. When a URL
 * appears several times, the most prominent area wins (nav > footer > body) and the text is the
 * first non-empty one seen there, so a nav entry is not demoted by a repeated body CTA.
 */
export function extractLinks(page: string | CheerioAPI, pageUrl: string): DiscoveredLink[] {
  const $ = typeof page === 'string' ? parsePage(page) : page;
  const base = documentBaseUrl($, pageUrl);
  const byUrl = new Map<string, DiscoveredLink>();
  $('a[href], area[href]').each((_, el) => {
    const url = toAbsoluteHttpUrl($(el).attr('href'), base);
    if (!url) return;
    const link: DiscoveredLink = { url, text: anchorText($, $(el)), area: areaOf($(el)) };
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, link);
    else if (AREA_RANK[link.area] > AREA_RANK[seen.area]) byUrl.set(url, link.text ? link : { ...link, text: seen.text });
    else if (link.area === seen.area && !seen.text) seen.text = link.text;
  });
  return [...byUrl.values()];
}

/** Feed URLs a page advertises with `<link rel="alternate" type="application/rss+xml|atom+xml">`. */
export function extractFeedLinks(page: string | CheerioAPI, pageUrl: string): string[] {
  const $ = typeof page === 'string' ? parsePage(page) : page;
  const base = documentBaseUrl($, pageUrl);
  const feeds = new Set<string>();
  $('link[href]').each((_, el) => {
    const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
    const type = ($(el).attr('type') ?? '').toLowerCase().split(';')[0].trim();
    if (!rel.includes('alternate') || !/^application\/(rss|atom)\+xml$/.test(type)) return;
    const url = toAbsoluteHttpUrl($(el).attr('href'), base);
    if (url) feeds.add(url);
  });
  return [...feeds];
}

/** Visible text, else what assistive technology would read: aria-label, title, image alt. */
function anchorText($: CheerioAPI, anchor: Cheerio<Element>): string {
  const candidates = [
    anchor.text(),
    anchor.attr('aria-label'),
    anchor.attr('title'),
    anchor.find('img[alt]').map((_, img) => $(img).attr('alt')).get().join(' '),
  ];
  for (const candidate of candidates) {
    const text = (candidate ?? '').replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return '';
}

/**
 * A footer anywhere above the link wins over navigation (footer menus are often `<nav>`s
 * themselves, and they are secondary to the header's). Articles, asides and the main content
 * may have their own header and footer; those belong to the content, so they are not counted.
 */
function areaOf(anchor: Cheerio<Element>): LinkArea {
  let area: LinkArea = 'body';
  for (const el of anchor.parents().toArray()) {
    if (PAGE_WRAPPERS.has(el.tagName)) continue;
    const kind = regionKind(el);
    if (kind === 'footer') return 'footer';
    if (kind === 'nav') area = 'nav';
  }
  return area;
}

function regionKind(el: Element): LinkArea | null {
  const tag = el.tagName;
  const role = (el.attribs.role ?? '').toLowerCase();
  if (role === 'contentinfo') return 'footer';
  if (role === 'navigation' || role === 'menubar' || role === 'banner') return 'nav';
  if (tag === 'footer' || tag === 'header') {
    if (insideContentSection(el)) return null;
    return tag === 'footer' ? 'footer' : 'nav';
  }
  if (tag === 'nav') return 'nav';
  const names = attributeNames(el);
  if (names.some((name) => isRegionName(name, 'footer'))) return 'footer';
  if (names.some((name) => isRegionName(name, 'header') || name.split(/[-_]+/).some((w) => NAV_WORDS.has(w)))) return 'nav';
  return null;
}

function insideContentSection(el: Element): boolean {
  for (let p = el.parent; p && p.type === 'tag'; p = p.parent) {
    if (p.tagName === 'article' || p.tagName === 'aside' || p.tagName === 'main') return true;
  }
  return false;
}

function attributeNames(el: Element): string[] {
  return `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`.toLowerCase().split(/\s+/).filter(Boolean);
}

/** "footer", "footer-links", "site-footer" → true; "card-footer" → false. */
function isRegionName(name: string, region: 'header' | 'footer'): boolean {
  const words = name.split(/[-_]+/);
  return words[0] === region || (words[1] === region && REGION_QUALIFIERS.has(words[0]));
}
