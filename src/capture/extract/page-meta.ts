import type { Element } from 'domhandler';
import type { PageMeta } from '../capture.types';
import { parseDate } from './dates';
import type { DocumentIndex } from './document-index';
import { absoluteUrl, attr, closest, collapseWhitespace, descendants, tagName, textContent } from './dom';
import { hintAuthor, hintText } from './hint-values';
import {
  jsonLdOfType,
  ldText,
  microdataOfType,
  microText,
  type JsonLdNode,
  type StructuredData,
} from './structured-data';

export const ARTICLE_TYPES = ['Article', 'BlogPosting', 'NewsArticle', 'TechArticle', 'Report', 'SocialMediaPosting'];

export type MetaTags = Map<string, string>;

export function readMetaTags(index: DocumentIndex): MetaTags {
  const tags: MetaTags = new Map();
  index.metas.forEach((el) => {
    const key = (attr(el, 'property') ?? attr(el, 'name') ?? attr(el, 'itemprop') ?? attr(el, 'http-equiv') ?? '')
      .trim()
      .toLowerCase();
    // A junk value ("undefined", "[object Object]") is as good as no tag: a later one may still count.
    const content = hintText(attr(el, 'content'));
    if (key && content && !tags.has(key)) tags.set(key, content);
  });
  return tags;
}

function first(tags: MetaTags, keys: string[]): string | null {
  for (const key of keys) {
    const value = tags.get(key);
    if (value) return value;
  }
  return null;
}

function iconSize(sizes: string | null): number {
  const m = /(\d+)x(\d+)/.exec(sizes ?? '');
  return m ? Number(m[1]) : 0;
}

/** apple-touch-icon first (it is the brand mark at a useful size), then the largest icon link. */
function readIcon(index: DocumentIndex, base: string): string | null {
  const candidates: { href: string; rank: number; size: number }[] = [];
  index.links.forEach((el) => {
    const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
    const rank = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed') ? 2 : rel.includes('icon') ? 1 : 0;
    if (!rank) return;
    const href = absoluteUrl(attr(el, 'href'), base);
    if (href) candidates.push({ href, rank, size: iconSize(attr(el, 'sizes')) });
  });
  candidates.sort((a, b) => b.rank - a.rank || b.size - a.size);
  return candidates[0]?.href ?? null;
}

function articleNode(data: StructuredData): JsonLdNode | null {
  return jsonLdOfType(data, ARTICLE_TYPES)[0] ?? null;
}

function siteNameFromStructuredData(data: StructuredData): string | null {
  const article = articleNode(data);
  const publisher = article ? ldText(article.publisher) : null;
  if (publisher) return publisher;
  const site = jsonLdOfType(data, ['WebSite'])[0];
  if (site) return ldText(site.name);
  return null;
}

function authorFromStructuredData(data: StructuredData): string | null {
  const article = articleNode(data);
  if (article) {
    const author = hintAuthor(ldText(article.author));
    if (author) return author;
  }
  for (const item of microdataOfType(data, ARTICLE_TYPES)) {
    const author = hintAuthor(microText(item, 'author'));
    if (author) return author;
  }
  return null;
}

function publishedFromStructuredData(data: StructuredData): string | null {
  const article = articleNode(data);
  const fromLd = article ? parseDate(ldText(article.datePublished) ?? ldText(article.dateCreated)) : null;
  if (fromLd) return fromLd;
  for (const item of microdataOfType(data, ARTICLE_TYPES)) {
    const date = parseDate(microText(item, 'datePublished'));
    if (date) return date;
  }
  return null;
}

/** The base URL for relative links: <base href> when present, else the page URL. */
export function baseUrl(index: DocumentIndex, url: string): string {
  return absoluteUrl(index.bases.map((b) => attr(b, 'href')).find(Boolean), url) ?? url;
}

export function readPageMeta(index: DocumentIndex, tags: MetaTags, url: string, data: StructuredData): PageMeta {
  const base = baseUrl(index, url);
  const titleEl = index.titles.find((t) => closest(t, (a) => tagName(a) === 'head')) ?? index.titles.find((t) => !closest(t, (a) => tagName(a) === 'svg'));
  const docTitle = (titleEl && hintText(textContent(titleEl))) || '';
  const metaAuthor = first(tags, ['author', 'article:author', 'dc.creator', 'parsely-author', 'sailthru.author']);
  const image = first(tags, ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']);
  const lang = collapseWhitespace((index.html && attr(index.html, 'lang')) ?? '') || first(tags, ['content-language', 'og:locale']);
  const pubdate = index.times.find((t) => attr(t, 'pubdate') !== null);
  const postMeta = postMetadata(index);

  return {
    title: first(tags, ['og:title', 'twitter:title']) ?? (docTitle || null),
    site_name: first(tags, ['og:site_name', 'application-name', 'apple-mobile-web-app-title']) ?? siteNameFromStructuredData(data),
    description: first(tags, ['description', 'og:description', 'twitter:description']),
    image: absoluteUrl(image, base),
    icon: readIcon(index, base),
    lang: lang ? lang.replace(/_/g, '-').toLowerCase() : null,
    // A post's own metadata names its author; a site-wide <meta name="author"> names the publisher.
    author: postMeta.author ?? hintAuthor(metaAuthor) ?? authorFromStructuredData(data),
    published_at:
      parseDate(first(tags, ['article:published_time', 'og:published_time', 'datepublished'])) ??
      publishedFromStructuredData(data) ??
      parseDate(first(tags, ['publishdate', 'publish_date', 'publish-date', 'pubdate', 'date', 'dc.date', 'dc.date.issued', 'dcterms.created', 'sailthru.date'])) ??
      parseDate(pubdate ? attr(pubdate, 'datetime') : null) ??
      postMeta.date,
  };
}

/** A block of post metadata: "md-post__meta", "entry-meta", "post-meta", "article-meta". */
const POST_META_RE = /(?:^|[-_])(?:post|entry|article)[-_]*meta(?:$|[-_])/i;
/** Its author element: "md-author", "post__authors", "entry-author". */
const AUTHOR_RE = /(?:^|[-_])authors?(?:$|[-_])/i;
/** How far up from the metadata block its author element may sit (a sibling block of the same sidebar). */
const META_DEPTH = 3;

/**
 * The date and author of a post's metadata block, wherever the theme puts it (a sidebar <nav>
 * beside the article, outside the main content): the one <time datetime> of the page inside such
 * a block, and the person an author element beside it names (an avatar's alt, else its text). An
 * index lists several such dates and gives none.
 */
function postMetadata(index: DocumentIndex): { date: string | null; author: string | null } {
  const classed = (re: RegExp) => (el: Element) => (attr(el, 'class') ?? '').split(/\s+/).some((token) => re.test(token));
  const dated = index.times.filter((time) => attr(time, 'datetime') && closest(time, classed(POST_META_RE)));
  if (dated.length !== 1) return { date: null, author: null };
  const date = parseDate(attr(dated[0], 'datetime'));
  let author: string | null = null;
  let at: Element | null = closest(dated[0], classed(POST_META_RE));
  for (let depth = 0; at && depth <= META_DEPTH && !author; depth++, at = at.parent && at.parent.type === 'tag' ? (at.parent as Element) : null) {
    const element = descendants(at, classed(AUTHOR_RE))[0];
    if (!element) continue;
    const avatar = descendants(element, (el) => tagName(el) === 'img' && Boolean(attr(el, 'alt')))[0];
    author = hintAuthor(avatar ? attr(avatar, 'alt') : collapseWhitespace(textContent(element)));
  }
  return { date, author };
}

/** The document title without a trailing " | Site" part. */
export function stripSiteSuffix(title: string, siteName: string | null, url: string): string {
  const parts = title.split(/\s+[|·•»–—-]\s+/);
  if (parts.length < 2) return title;
  const last = parts[parts.length - 1].toLowerCase().replace(/\s+/g, '');
  let brand = '';
  try {
    const labels = new URL(url).hostname.replace(/^www\./, '').split('.');
    brand = labels.length >= 2 ? labels[labels.length - 2] : labels[0];
  } catch {
    brand = '';
  }
  const site = (siteName ?? '').toLowerCase().replace(/\s+/g, '');
  if ((site && last === site) || (brand && last.replace(/[^a-z0-9]/g, '') === brand)) {
    return title.slice(0, title.length - parts[parts.length - 1].length).replace(/\s+[|·•»–—-]\s*$/, '').trim();
  }
  return title;
}
