import type { Element } from 'domhandler';
import type { BlogFields, BlogPost } from '../capture.types';
import { normalizeUrl } from '../../common/noise';
import { dateInPath, findDate, parseDate } from './dates';
import {
  absoluteUrl,
  attr,
  closest,
  collapseWhitespace,
  descendants,
  findAll,
  HEADING_TAGS,
  headingLevel,
  tagName,
  truncate,
  urlPath,
} from './dom';
import { keyOf, KeyAllocator } from './keys';
import type { PageContext } from './page-context';
import { ARTICLE_TYPES, stripSiteSuffix } from './page-meta';
import { headerAuthor, headerBlocks, leafLines, nameBeforeMeta, nameUnderDate } from './bylines';
import { splitSections, type Section } from './sections';
import { postsFromTableRows } from './blog-table-posts';
import { isPostHref, type PostDraft } from './post-links';
import { hintAuthor, hintText } from './hint-values';
import { jsonLdOfType, ldText, ldUrl, type JsonLdNode } from './structured-data';

const EXCERPT_MAX = 300;
const BYLINE_RE = /(?:^|[\s/|•·-])[Bb]y:?\s+([\p{Lu}][\p{L}.'’-]+(?:\s+[\p{Lu}][\p{L}.'’-]+){0,3})/u;
/** "author", "post-byline", camelCase "authorBlock" or "post-authorName" (not "authority", not "typewriter"). */
const AUTHOR_CLASS_RE = /(?:(?:^|[\s_-])(?:[Aa]uthor|[Bb]yline|[Ww]riter|AUTHOR|BYLINE)|(?<=[a-z])(?:Author|Byline|Writer))(?=$|[\s_-]|[A-Z])/;

function toPosts(drafts: PostDraft[]): BlogPost[] {
  const keys = new KeyAllocator();
  const seen = new Set<string>();
  const posts: BlogPost[] = [];
  for (const raw of drafts) {
    // Tracking parameters and fragments are not part of a post's identity.
    const draft = { ...raw, url: raw.url ? normalizeUrl(raw.url) : null };
    const identity = draft.url ?? draft.title.toLowerCase();
    if (!draft.title || seen.has(identity)) continue;
    seen.add(identity);
    posts.push({ key: keys.take(draft.url ? urlPath(draft.url) : keyOf(draft.title)), ...draft });
  }
  return posts;
}

function postsFromJsonLd(ctx: PageContext): PostDraft[] {
  const nodes: JsonLdNode[] = [];
  for (const blog of jsonLdOfType(ctx.data, ['Blog', 'ItemList', 'CollectionPage'])) {
    const list = blog.blogPost ?? blog.itemListElement ?? blog.hasPart;
    for (const item of Array.isArray(list) ? list : []) {
      if (!item || typeof item !== 'object') continue;
      // A ListItem wraps the post in "item", or only names it and links to it.
      const inner = (item as JsonLdNode).item;
      nodes.push(inner && typeof inner === 'object' ? (inner as JsonLdNode) : (item as JsonLdNode));
    }
  }
  if (nodes.length < 2) nodes.splice(0, nodes.length, ...jsonLdOfType(ctx.data, ['BlogPosting', 'NewsArticle']));
  if (nodes.length < 2) return [];
  return nodes
    .map((node) => ({
      title: ldText(node.headline) ?? ldText(node.name) ?? '',
      url: absoluteUrl(ldUrl(node.url ?? node.mainEntityOfPage ?? node.item ?? node['@id']), ctx.base),
      date: parseDate(ldText(node.datePublished)),
      author: hintAuthor(ldText(node.author)),
      excerpt: ldText(node.description),
    }))
    .filter((post) => post.title);
}

function postLink(heading: Element): Element | null {
  const inside = findAll(heading, 'a').find((a) => isPostHref(attr(a, 'href')));
  if (inside) return inside;
  return closest(heading, (el) => tagName(el) === 'a' && isPostHref(attr(el, 'href'))) ?? articleAnchor(heading);
}

/**
 * A page that shows its posts whole, each in an <article> whose first heading links to the post's
 * own anchor (`<h2><a href="#kafka-3-8-0">Apache Kafka 3.8.0 Release Announcement</a></h2>`).
 */
function articleAnchor(heading: Element): Element | null {
  const article = closest(heading, (el) => tagName(el) === 'article');
  if (!article || findAll(article, [...HEADING_TAGS])[0] !== heading) return null;
  return findAll(heading, 'a').find((a) => /^#[\w-]+$/.test(attr(a, 'href') ?? '')) ?? null;
}

/** Short blocks of a post card ("Jul 28, 2019 | 7 minutes read | By: Joe Johnston" in a <small>). */
function cardLines(ctx: PageContext, section: Section): string[] {
  if (!section.container) return [];
  return descendants(section.container, (el) => el !== section.heading && ['small', 'span', 'div', 'p', 'footer'].includes(tagName(el)))
    .map((el) => ctx.dom.text(el))
    .filter((text) => text && text.length <= 100);
}

function sectionDate(ctx: PageContext, section: Section): string | null {
  for (const time of section.times) {
    const date = parseDate(attr(time, 'datetime')) ?? parseDate(collapseWhitespace(time.children.map((c) => ('data' in c ? c.data : '')).join(' ')));
    if (date) return date;
  }
  // Dates are written near the title ("Published on 17 Dec 2021"); look at the first lines only.
  for (const line of section.lines.slice(0, 4)) {
    const found = findDate(line);
    if (found) return found.date;
  }
  for (const line of cardLines(ctx, section)) {
    const found = findDate(line);
    if (found) return found.date;
  }
  return null;
}

function sectionAuthor(ctx: PageContext, section: Section): string | null {
  const scope = section.container ?? null;
  if (scope) {
    const byClass = descendants(scope, (el) => AUTHOR_CLASS_RE.test(`${el.attribs?.class ?? ''} ${attr(el, 'rel') ?? ''} ${attr(el, 'itemprop') ?? ''}`));
    // A byline block often holds more than the name ("Martin Donath · @handle · June 4, 2024").
    const author = byClass.map((el) => hintAuthor(cleanAuthor(ctx.dom.text(el)))).find(Boolean);
    if (author) return author;
  }
  const leaves = scope ? leafLines(ctx.dom, scope) : [];
  for (const line of [...leaves, ...section.lines.slice(0, 4), ...cardLines(ctx, section)]) {
    if (line.length > 120) continue;
    const author = bylineName(line);
    if (author !== undefined) return author;
  }
  return leaves.map(nameBeforeMeta).find(Boolean) ?? nameUnderDate(section.lines.slice(0, 6));
}

/** "Posted on: Sat 14 December 2024 by timsaucer": a username, lower-case, ending a line that dates the post before it. */
const DATED_HANDLE_RE = /\bby:?\s+@?([\p{Ll}\d][\p{L}\d_.-]{0,37}[\p{L}\d_])\.?$/u;
const NOT_HANDLES = new Set(['default', 'design', 'hand', 'email', 'request', 'invitation', 'appointment', 'us', 'me', 'them', 'now']);

function datedHandle(line: string): string | null {
  const m = DATED_HANDLE_RE.exec(line);
  const date = m && findDate(line.slice(0, m.index));
  // Only separators between the date and "by": "…2024, sorted by date" is no byline.
  if (!m || !date || !/^[\s,·|–-]*$/.test(line.slice(date.index + date.length, m.index))) return null;
  return NOT_HANDLES.has(m[1].toLowerCase()) ? null : hintAuthor(m[1]);
}

/** The author a line names after "By" (null when nothing is left of it once cleaned), or a dated handle; undefined when the line is no byline. */
function bylineName(line: string): string | null | undefined {
  const m = BYLINE_RE.exec(line);
  if (m) return hintAuthor(cleanAuthor(m[1]));
  return datedHandle(line) ?? undefined;
}

function cleanAuthor(text: string): string | null {
  const cleaned = collapseWhitespace(text.replace(/^(?:\W*\s*)?(?:written\s+)?by\s+/i, '').split(/\s[•·|]\s|\s(?:on|in)\s/)[0]);
  const withoutDate = findDate(cleaned) ? cleaned.slice(0, findDate(cleaned)!.index).replace(/[\s,•·|-]+$/, '') : cleaned;
  return withoutDate && withoutDate.length <= 80 ? withoutDate : null;
}

function sectionExcerpt(ctx: PageContext, section: Section, title: string): string | null {
  for (const p of section.paragraphs) {
    const text = ctx.dom.text(p);
    if (text.length < 40 || text === title) continue;
    if (findDate(text) && text.length < 80) continue;
    return truncate(text, EXCERPT_MAX);
  }
  return null;
}

/** Headings that link to a post; the level with the most of them holds the post titles. */
function titleHeadings(ctx: PageContext): Element[] {
  const byLevel = new Map<number, Element[]>();
  for (const heading of findAll(ctx.root, ['h1', 'h2', 'h3', 'h4', 'h5'])) {
    const link = postLink(heading);
    if (!link) continue;
    const headingText = ctx.dom.text(heading);
    const linkText = ctx.dom.text(link);
    if (!headingText || (findAll(heading, 'a').length && linkText.length < headingText.length * 0.5)) continue;
    const level = headingLevel(heading);
    byLevel.set(level, [...(byLevel.get(level) ?? []), heading]);
  }
  let best: Element[] = [];
  for (const level of [...byLevel.keys()].sort()) {
    const headings = byLevel.get(level)!;
    if (headings.length > best.length) best = headings;
  }
  return best.length >= 2 ? best : [];
}

function postsFromHeadings(ctx: PageContext): PostDraft[] {
  const headings = titleHeadings(ctx);
  if (!headings.length) return [];
  return splitSections(ctx.root, headings, ctx.dom).map((section) => {
    const title = ctx.dom.text(section.heading);
    const href = attr(postLink(section.heading)!, 'href');
    // A post shown whole links only to its own anchor: it has no page of its own.
    const url = href?.startsWith('#') ? null : absoluteUrl(href, ctx.base);
    return {
      title,
      url,
      date: sectionDate(ctx, section) ?? dateInPath(url),
      author: sectionAuthor(ctx, section),
      excerpt: sectionExcerpt(ctx, section, title),
    };
  });
}

/** Plain link lists ("RSS-like"): list items each holding a post link and a date. */
function postsFromLinkLists(ctx: PageContext): PostDraft[] {
  let best: PostDraft[] = [];
  for (const list of findAll(ctx.root, ['ul', 'ol'])) {
    const drafts: PostDraft[] = [];
    for (const li of list.children.filter((c): c is Element => tagName(c) === 'li')) {
      const link = findAll(li, 'a').find((a) => !(attr(a, 'href') ?? '#').startsWith('#'));
      const date = parseDate(findAll(li, 'time').map((t) => attr(t, 'datetime')).find(Boolean) ?? ctx.dom.text(li));
      if (!link || !date) continue;
      drafts.push({ title: ctx.dom.text(link), url: absoluteUrl(attr(link, 'href'), ctx.base), date, author: null, excerpt: null });
    }
    if (drafts.length >= 3 && drafts.length > best.length) best = drafts;
  }
  return best;
}

/** og:type=article or a lone Article node: a page that says it is one post. */
function claimsSingleArticle(ctx: PageContext): boolean {
  const articles = jsonLdOfType(ctx.data, ARTICLE_TYPES).length;
  const lists = jsonLdOfType(ctx.data, ['Blog', 'ItemList', 'CollectionPage']).length;
  return ctx.ogType === 'article' || (articles === 1 && lists === 0);
}

/** Text a reader passes before the first listed post: an article body, or an index's short intro. */
const ARTICLE_BODY_CHARS = 1200;
/** How far after the title a byline date may stand. */
const BYLINE_DATE_WINDOW = 600;

/**
 * Page metadata is a hint: many blog themes mark their index pages og:type=article. A page whose
 * main content opens with its list of posts is an index, whatever it claims; a post with "related
 * posts" under it has its own long body first.
 */
function isSingleArticlePage(ctx: PageContext, listed: PostDraft[]): boolean {
  if (!claimsSingleArticle(ctx)) return false;
  if (listed.length < 2) return true;
  const text = ctx.dom.text(ctx.root);
  const first = Math.min(...listed.map((post) => text.indexOf(post.title)).filter((i) => i >= 0));
  return Number.isFinite(first) && first >= ARTICLE_BODY_CHARS;
}

/** A byline in the article's own markup, for posts whose metadata names no author. */
function bylineAuthor(ctx: PageContext): string | null {
  const marked = descendants(ctx.root, (el) => AUTHOR_CLASS_RE.test(`${el.attribs?.class ?? ''} ${attr(el, 'rel') ?? ''} ${attr(el, 'itemprop') ?? ''}`));
  for (const el of marked) {
    const author = hintAuthor(cleanAuthor(ctx.dom.text(el)));
    if (author) return author;
  }
  const lines = findAll(ctx.root, ['p', 'span', 'div', 'address']).map((el) => ctx.dom.text(el)).filter((t) => t.length <= 120);
  for (const line of lines.slice(0, 40)) {
    const author = bylineName(line);
    if (author !== undefined) return author;
  }
  const heading = titleHeading(ctx);
  return heading ? headerAuthor(ctx.dom, heading) : null;
}

const pageTitle = (ctx: PageContext): string | null => (ctx.meta.title ? stripSiteSuffix(ctx.meta.title, ctx.meta.site_name, ctx.base) : null);

/**
 * The heading that titles the post: its h1, or, on a theme that gives the title an h2 or h3, the
 * first such heading the page title starts with ("Announcing Rust 1.71.0" in "Announcing Rust
 * 1.71.0 | Rust Blog").
 */
function titleHeading(ctx: PageContext): Element | null {
  const h1 = findAll(ctx.root, 'h1')[0];
  if (h1) return h1;
  const title = pageTitle(ctx)?.toLowerCase();
  if (!title) return null;
  return (
    findAll(ctx.root, ['h2', 'h3']).find((h) => {
      const text = ctx.dom.text(h).toLowerCase();
      return text.length >= 8 && title.startsWith(text);
    }) ?? null
  );
}

function singleArticle(ctx: PageContext): PostDraft | null {
  const article = jsonLdOfType(ctx.data, ARTICLE_TYPES)[0];
  const h1 = titleHeading(ctx);
  const metaTitle = pageTitle(ctx);
  const h1Text = h1 ? hintText(ctx.dom.text(h1)) : null;
  // The page title is the headline plus the site's name in whatever form; the h1 is the headline alone.
  const fromMeta = metaTitle && h1Text && metaTitle.toLowerCase().startsWith(h1Text.toLowerCase()) ? h1Text : metaTitle;
  const title = (article && ldText(article.headline)) ?? fromMeta ?? h1Text;
  if (!title) return null;
  const firstParagraph = findAll(ctx.root, 'p').map((p) => ctx.dom.text(p)).find((t) => t.length >= 80);
  return {
    title,
    url: ctx.canonical,
    date: ctx.meta.published_at ?? bylineDate(ctx),
    author: ctx.meta.author ?? bylineAuthor(ctx),
    excerpt: ctx.meta.description ?? (firstParagraph ? truncate(firstParagraph, EXCERPT_MAX) : null),
  };
}

/** The page's own list wins; structured data only fills what the list leaves out (a date, an author). */
function withStructuredHints(listed: PostDraft[], hinted: PostDraft[]): PostDraft[] {
  const byUrl = new Map(hinted.filter((h) => h.url).map((h) => [normalizeUrl(h.url!), h]));
  const byTitle = new Map(hinted.map((h) => [h.title.toLowerCase(), h]));
  return listed.map((post) => {
    const hint = (post.url && byUrl.get(normalizeUrl(post.url))) || byTitle.get(post.title.toLowerCase());
    if (!hint) return post;
    return { ...post, date: post.date ?? hint.date, author: post.author ?? hint.author, excerpt: post.excerpt ?? hint.excerpt };
  });
}

export function extractBlog(ctx: PageContext): BlogFields {
  const single = (): BlogFields => {
    const post = singleArticle(ctx);
    return { posts: post ? toPosts([post]) : [] };
  };
  const fromDom = [postsFromHeadings(ctx), postsFromLinkLists(ctx), postsFromTableRows(ctx)].reduce((a, b) => (b.length > a.length ? b : a));
  if (isSingleArticlePage(ctx, fromDom)) return single();
  const fromData = postsFromJsonLd(ctx);
  // Metadata that lists fewer posts than the page shows is incomplete: the DOM wins.
  const best = fromData.length > fromDom.length ? fromData : withStructuredHints(fromDom, fromData);
  if (best.length >= 2) return { posts: toPosts(best) };
  if (ctx.meta.published_at || looksLikeArticle(ctx)) return single();
  return { posts: toPosts(best) };
}

/**
 * A title heading over a long body: a post, even when its metadata does not say so. One h1 is its
 * title, and so are several that link nowhere (a Markdown post whose sections are "# " headings:
 * an index's h1s would link to its posts); with no h1, the heading the page title names.
 */
function looksLikeArticle(ctx: PageContext): boolean {
  const h1s = findAll(ctx.root, 'h1');
  const titled = h1s.length === 0 ? !!titleHeading(ctx) : h1s.length === 1 || h1s.every((h1) => !postLink(h1));
  return titled && ctx.dom.size(ctx.root) >= ARTICLE_BODY_CHARS * 2;
}

/** A date written in the byline under the title ("Martin Donath · June 4, 2024 · 5 min read"). */
function bylineDate(ctx: PageContext): string | null {
  const h1 = titleHeading(ctx);
  if (!h1) return null;
  const fromHeader = headerBlocks(ctx.dom, h1).map((block) => findDate(ctx.dom.text(block))?.date).find(Boolean);
  if (fromHeader) return fromHeader;
  const text = ctx.dom.text(ctx.root);
  const at = text.indexOf(ctx.dom.text(h1));
  return at < 0 ? null : (findDate(text.slice(at, at + BYLINE_DATE_WINDOW))?.date ?? null);
}
