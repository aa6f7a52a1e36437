import type { Element } from 'domhandler';
import type { ChangelogEntry, ChangelogFields } from '../capture.types';
import { findDate, parseDate, stripDate } from './dates';
import { attr, childElements, findAll, headingLevel, ownListItemText, tagName } from './dom';
import { keyOf, KeyAllocator } from './keys';
import type { PageContext } from './page-context';
import { splitSections, type Section } from './sections';

const PREFIXED_VERSION_RE = /(?:^|[^\w.])(v|version\s?|release\s)(\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z][0-9A-Za-z.]*)?)(?![\w.]*\d)/i;
const BARE_VERSION_RE = /(?:^|[^\w.])(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z][0-9A-Za-z.]*)?)(?![\w.]*\d)/;
const UNRELEASED_RE = /\bunreleased\b|\bupcoming\b/i;
const MAX_ITEMS = 200;

export interface VersionMatch {
  /** As written, e.g. "v2.4.9". */
  version: string;
  /** Identity across versions of the page, e.g. "2.4.9". */
  key: string;
}

/** "v2.4.9", "Version 4.3", "2024.06.1"; dates written with dots (17.12.2021) are not versions. */
export function findVersion(text: string): VersionMatch | null {
  const prefixed = PREFIXED_VERSION_RE.exec(text);
  if (prefixed && (prefixed[2].includes('.') || /^v$/i.test(prefixed[1]))) {
    const number = prefixed[2];
    return { version: /^v$/i.test(prefixed[1]) ? `${prefixed[1]}${number}` : number, key: number.toLowerCase() };
  }
  const bare = BARE_VERSION_RE.exec(text);
  if (bare && !/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(bare[1])) return { version: bare[1], key: bare[1].toLowerCase() };
  return null;
}

function entryTitle(text: string): string {
  return stripDate(text)
    .replace(/^[\s\-–—:|•·,]+|[\s\-–—:|•·,]+$/g, '')
    .replace(/\(\s*\)/g, '')
    .trim();
}

/** A date in the line right below a heading ("<p><time>…</time></p>") belongs to it. */
function dateNearHeading(ctx: PageContext, heading: Element): string | null {
  const inHeading = findAll(heading, 'time').map((t) => parseDate(attr(t, 'datetime')))[0];
  if (inHeading) return inHeading;
  let next = heading.next;
  while (next && !('name' in next)) next = next.next;
  if (!next || headingLevel(next)) return null;
  const el = next as Element;
  const time = tagName(el) === 'time' ? el : findAll(el, 'time')[0];
  if (time) return parseDate(attr(time, 'datetime')) ?? parseDate(ctx.dom.text(time));
  const text = ctx.dom.text(el);
  return text.length <= 80 ? (findDate(text)?.date ?? null) : null;
}

interface HeadingInfo {
  heading: Element;
  level: number;
  text: string;
  version: VersionMatch | null;
  date: string | null;
  unreleased: boolean;
}

function classify(ctx: PageContext, heading: Element): HeadingInfo {
  const text = ctx.dom.text(heading);
  const dateInText = findDate(text)?.date ?? null;
  const withoutDate = dateInText ? stripDate(text) : text;
  return {
    heading,
    level: headingLevel(heading),
    text,
    version: findVersion(withoutDate),
    date: dateInText ?? dateNearHeading(ctx, heading),
    unreleased: UNRELEASED_RE.test(text),
  };
}

function sectionItems(ctx: PageContext, section: Section): string[] {
  const items = section.listItems.map((li) => ownListItemText(ctx.dom, li)).filter(Boolean);
  if (items.length) return items.slice(0, MAX_ITEMS);
  return section.paragraphs
    .map((p) => ctx.dom.text(p))
    .filter((t) => t && !(findDate(t) && t.length < 60))
    .slice(0, MAX_ITEMS);
}

function entriesFromHeadings(ctx: PageContext): ChangelogEntry[] {
  const infos = findAll(ctx.root, ['h1', 'h2', 'h3', 'h4']).map((h) => classify(ctx, h));
  const score = new Map<number, number>();
  for (const info of infos) if (info.version || info.date) score.set(info.level, (score.get(info.level) ?? 0) + 1);
  if (!score.size) return [];
  const entryLevel = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const boundaries = infos.filter((i) => i.level <= entryLevel);
  const sections = splitSections(ctx.root, boundaries.map((i) => i.heading), ctx.dom);
  const keys = new KeyAllocator();
  const entries: ChangelogEntry[] = [];
  sections.forEach((section, index) => {
    const info = boundaries[index];
    if (info.level !== entryLevel || !(info.version || info.date || info.unreleased)) return;
    const title = entryTitle(info.text) || info.text;
    const base = info.version?.key ?? (info.date ? `${info.date}-${keyOf(title)}` : keyOf(title));
    entries.push({
      key: keys.take(base),
      title,
      version: info.version?.version ?? null,
      date: info.date,
      items: sectionItems(ctx, section),
    });
  });
  return entries;
}

/** Changelogs built from cards without headings: each article is an entry. */
function entriesFromArticles(ctx: PageContext): ChangelogEntry[] {
  const keys = new KeyAllocator();
  return findAll(ctx.root, 'article').flatMap((article) => {
    const titleEl = findAll(article, ['h1', 'h2', 'h3', 'h4', 'h5', 'strong'])[0];
    const text = titleEl ? ctx.dom.text(titleEl) : ctx.dom.text(article).slice(0, 80);
    const time = findAll(article, 'time')[0];
    const date = (time && (parseDate(attr(time, 'datetime')) ?? parseDate(ctx.dom.text(time)))) || findDate(ctx.dom.text(article).slice(0, 200))?.date || null;
    const version = findVersion(text);
    if (!version && !date) return [];
    const title = entryTitle(text) || text;
    const items = findAll(article, 'li').map((li) => ownListItemText(ctx.dom, li)).filter(Boolean);
    const paragraphs = childElements(article).filter((c) => tagName(c) === 'p').map((p) => ctx.dom.text(p));
    return [{
      key: keys.take(version?.key ?? (date ? `${date}-${keyOf(title)}` : keyOf(title))),
      title,
      version: version?.version ?? null,
      date,
      items: (items.length ? items : paragraphs).slice(0, MAX_ITEMS),
    }];
  });
}

export function extractChangelog(ctx: PageContext): ChangelogFields {
  const entries = entriesFromHeadings(ctx);
  return { entries: entries.length ? entries : entriesFromArticles(ctx) };
}
