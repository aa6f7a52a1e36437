import type { Element } from 'domhandler';
import type { ChangelogEntry, ChangelogFields } from '../capture.types';
import {
  adjacentBlock,
  anchorId,
  CATEGORY_HEADING_RE,
  dateInBlock,
  dateInListHead,
  dateOfTime,
  entryTitle,
  findEntryDate,
  findVersion,
  isDateOnly,
  isTag,
  majorVersion,
  tagsNear,
  UNRELEASED_RE,
  versionFromLinks,
  type VersionMatch,
} from './changelog-signals';
import { entriesFromCards } from './changelog-cards';
import { toEntries, type EntryDraft } from './changelog-entry-keys';
import { attr, closest, descendants, findAll, headingLevel, isElement, nextElement, ownListItemText, tagName, truncate } from './dom';
import { WHOLE_ENTRY_ATTR } from './mdx-components';
import type { PageContext } from './page-context';
import { headingCards, splitSections, type Section } from './sections';

export { findVersion } from './changelog-signals';

const TITLE_MAX = 200;
const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4'];

/**
 * Changelog entries, however the page heads them: by version ("v2.4.9", Keep a Changelog's
 * "[1.2.0] - 2024-06-01"), by date ("June 4, 2024 — Launched SSO", a <time> before or after an
 * <h2>), by a title with a tag ("New"), as list items under date headings, or as release cards
 * without headings. Keys are stable across reorders: the version, else the entry's anchor id,
 * else its normalised title with its date.
 */
export function extractChangelog(ctx: PageContext): ChangelogFields {
  const fromHeadings = entriesFromHeadings(ctx);
  const fromCards = entriesFromCards(ctx);
  return { entries: fromCards.length > fromHeadings.length && !cardsBelongToHeadings(fromCards, fromHeadings) ? fromCards : fromHeadings };
}

/**
 * Cards the heading entries already hold: only a version each, with no date and nothing listed
 * (links to other changelogs, "Previous Releases: v1.13, v1.12 …"), or mostly the items of one
 * versioned heading's entry (react.dev's release links listed under "React 19").
 */
function cardsBelongToHeadings(cards: ChangelogEntry[], headings: ChangelogEntry[]): boolean {
  if (!headings.length) return false;
  if (cards.every((e) => !e.date && !e.items.length)) return true;
  return headings.some((entry) => !!entry.version && cards.filter((card) => entry.items.some((item) => item.includes(card.title))).length * 2 > cards.length);
}

interface HeadingInfo {
  heading: Element;
  level: number;
  text: string;
  card: Element | null;
  version: VersionMatch | null;
  date: string | null;
  unreleased: boolean;
  tagged: boolean;
}

/** The first few short lines of a card, where a date or a tag stands. */
function cardDate(ctx: PageContext, heading: Element, card: Element): string | null {
  const time = findAll(card, ['time', 'relative-time'])[0];
  if (time) {
    const date = dateOfTime(ctx.dom, time);
    if (date) return date;
  }
  const lines = descendants(card, (el) => el !== heading && !headingLevel(el) && el.children.every((c) => !isElement(c) || !/^(?:p|div|ul|ol|li|section|article|h\d)$/.test(c.name)));
  for (const line of lines.slice(0, 8)) {
    const date = dateInBlock(ctx.dom, line, 60);
    if (date) return date;
  }
  return null;
}

/**
 * A date written as a smaller heading right under the title ("## Introducing: Review Changes" over
 * "#### May 06, 2026"). Not under the page's own title: "# Changelog" over "## 2023-10-09" is the
 * page over its first release.
 */
function dateHeadingBelow(ctx: PageContext, heading: Element): string | null {
  if (headingLevel(heading) === 1) return null;
  const next = nextElement(heading, 'next');
  if (!next || headingLevel(next) <= headingLevel(heading)) return null;
  const text = ctx.dom.text(next);
  return isDateOnly(text) ? (findEntryDate(text)?.date ?? null) : null;
}

/** A short dated line right before the heading ("<time>Jun 4</time><h2>…"). */
function dateBefore(ctx: PageContext, heading: Element): string | null {
  const prev = adjacentBlock(heading, 'prev');
  return prev ? dateInBlock(ctx.dom, prev, 60) : null;
}

/**
 * `datesBefore`: whether this level's entries put their date before the heading. Read only when
 * most headings of the level do, so a page's own date line above the first entry is not taken.
 */
function classify(ctx: PageContext, heading: Element, card: Element | null, datesBefore = false): HeadingInfo {
  const text = ctx.dom.text(heading);
  const inText = findEntryDate(text)?.date ?? null;
  const inTime = findAll(heading, 'time').map((t) => dateOfTime(ctx.dom, t)).find(Boolean) ?? null;
  const next = adjacentBlock(heading, 'next');
  const date =
    inText ??
    inTime ??
    (card ? cardDate(ctx, heading, card) : null) ??
    (next ? (dateInBlock(ctx.dom, next) ?? dateInListHead(ctx.dom, next)) : dateHeadingBelow(ctx, heading)) ??
    (!card && datesBefore ? dateBefore(ctx, heading) : null);
  const title = entryTitle(text);
  return {
    heading,
    level: headingLevel(heading),
    text,
    card,
    version: findVersion(title) ?? versionFromLinks(heading) ?? (card ? versionFromLinks(card) : null) ?? majorVersion(ctx.dom, heading, title),
    date,
    unreleased: UNRELEASED_RE.test(text),
    tagged: tagsNear(ctx.dom, heading, card).length > 0,
  };
}

const hasSignal = (info: HeadingInfo): boolean => !!(info.version || info.date || info.unreleased || info.tagged);

/** The heading level whose headings most often carry a version, a date or a tag. */
function entryLevel(ctx: PageContext, headings: Element[]): { level: number; infos: Map<Element, HeadingInfo> } | null {
  let best: { level: number; score: number; infos: Map<Element, HeadingInfo> } | null = null;
  for (let level = 1; level <= 4; level++) {
    const atLevel = headings.filter((h) => headingLevel(h) === level);
    if (!atLevel.length) continue;
    const cards = headingCards(ctx.root, atLevel, ctx.dom);
    const datesBefore = atLevel.filter((h) => dateBefore(ctx, h)).length * 2 >= atLevel.length;
    const infos = new Map(atLevel.map((h) => [h, classify(ctx, h, cards.get(h) ?? null, datesBefore)]));
    const score = [...infos.values()].filter(hasSignal).length;
    if (score && (!best || score > best.score)) best = { level, score, infos };
  }
  return best && { level: best.level, infos: best.infos };
}

function sectionItems(ctx: PageContext, section: Section, title: string): string[] {
  const items = section.listItems.map((li) => ownListItemText(ctx.dom, li)).filter(Boolean);
  if (items.length) return items;
  return section.paragraphs
    .filter((p) => !isTag(ctx.dom, p))
    .map((p) => ctx.dom.text(p))
    .filter((t) => t && t !== title && !(findEntryDate(t) && t.length < 60));
}

/**
 * What one release holds: each announcement a topic heading titles ("## Bitbucket Cloud support"
 * over its paragraph) as "title: text", its other paragraphs, then the lines of its lists.
 */
function wholeEntryItems(ctx: PageContext, section: Section): string[] {
  const paragraphs = entryParagraphs(ctx, section).map((p) => {
    let prev = p.prev;
    while (prev && !isElement(prev)) prev = prev.prev;
    const text = ctx.dom.text(p);
    const heading = prev && prev !== section.heading && /^h[1-6]$/.test(tagName(prev)) ? ctx.dom.text(prev as Element) : '';
    return heading && !CATEGORY_HEADING_RE.test(heading) ? `${heading}: ${text}` : text;
  });
  return [...paragraphs, ...section.listItems.map((li) => ownListItemText(ctx.dom, li)).filter(Boolean)];
}

/** Paragraphs of a section outside lists that say more than a date or a tag. */
function entryParagraphs(ctx: PageContext, section: Section): Element[] {
  return section.paragraphs.filter((p) => {
    const text = ctx.dom.text(p);
    return text && !isTag(ctx.dom, p) && !closest(p, (a) => tagName(a) === 'li', ctx.root) && !(findEntryDate(text) && text.length < 60);
  });
}

/** "<p><strong>Bulk import.</strong> Import users from CSV.</p>": the bold lead-in titles the entry. */
function paragraphEntry(ctx: PageContext, p: Element, date: string | null): EntryDraft {
  const text = ctx.dom.text(p);
  const first = p.children.find((c) => c.type !== 'text' || c.data.trim());
  const lead = first && /^(?:strong|b)$/.test(tagName(first)) ? ctx.dom.text(first as Element) : '';
  const title = lead.replace(/[\s.:–—-]+$/, '');
  if (title.length >= 3 && text.length > lead.length) {
    return { title: truncate(title, TITLE_MAX), version: null, date, anchor: null, items: [text.slice(text.indexOf(lead) + lead.length).replace(/^[\s.:–—-]+/, '')] };
  }
  return { title: truncate(text, TITLE_MAX), version: null, date, anchor: null, items: [] };
}

const TITLE_WORDS = 8;

/**
 * A line that titles an announcement: a short name without a closing period ("Launched SSO"), a
 * short line led by a bold name ("**Webhooks v2** with retries"), or a line led by code ("`POST`
 * /orders …"). A bold name followed by a paragraph ("**Key Connector**: When using SSO …") is a
 * feature described in the release, not an announcement of its own.
 */
function isTitledLine(ctx: PageContext, li: Element): boolean {
  const lead = (el: Element) => el.children.find((c) => c.type !== 'text' || c.data.trim());
  let first = lead(li);
  // A loose list wraps each item's text in a paragraph.
  if (first && tagName(first) === 'p') first = lead(first as Element);
  if (first && tagName(first) === 'code') return true;
  const text = ownListItemText(ctx.dom, li);
  const words = text.split(/\s+/).length;
  if (first && /^(?:strong|b)$/.test(tagName(first))) return words <= TITLE_WORDS * 2;
  return words <= TITLE_WORDS && !/[.!]$/.test(text);
}

/** List items that are not nested in another item of the same section. */
function topLevelItems(section: Section): Element[] {
  const all = new Set(section.listItems);
  return section.listItems.filter((li) => {
    for (let p = li.parent; p && p !== section.container; p = p.parent) if (all.has(p as Element)) return false;
    return true;
  });
}

/** Headings below a date-only heading that title entries of their own (not "Added", "Fixed"). */
function subHeadingsByParent(headings: Element[], level: number, parents: Set<Element>, ctx: PageContext): Map<Element, Element[]> {
  const out = new Map<Element, Element[]>();
  let parent: Element | null = null;
  for (const heading of headings) {
    const l = headingLevel(heading);
    if (l <= level) parent = parents.has(heading) ? heading : null;
    else if (parent && l === level + 1 && !CATEGORY_HEADING_RE.test(ctx.dom.text(heading))) {
      out.set(parent, [...(out.get(parent) ?? []), heading]);
    }
  }
  // A day whose sub-headings each head a list and nothing else ("### Dialog" over its fixes)
  // groups its lines by topic: the day is the release.
  for (const [parent, children] of out) if (children.every(headsOnlyLists)) out.delete(parent);
  return out;
}

/** A heading followed by lists alone up to the next heading (in the same container). */
function headsOnlyLists(heading: Element): boolean {
  let lists = 0;
  for (let node = heading.next; node; node = node.next) {
    if (!isElement(node)) {
      if (node.type === 'text' && node.data.trim()) return false;
      continue;
    }
    if (headingLevel(node)) break;
    if (!/^(?:ul|ol)$/.test(node.name)) return false;
    lists++;
  }
  return lists > 0;
}

function entriesFromHeadings(ctx: PageContext): ChangelogEntry[] {
  const headings = findAll(ctx.root, HEADING_TAGS);
  const found = entryLevel(ctx, headings);
  if (!found) return [];
  const { level, infos } = found;
  const dateOnly = new Set([...infos.values()].filter((i) => hasSignal(i) && !i.version && isDateOnly(i.text)).map((i) => i.heading));
  const splittable = new Set([...dateOnly].filter((h) => attr(h, WHOLE_ENTRY_ATTR) === null));
  const subs = subHeadingsByParent(headings, level, splittable, ctx);
  const subParent = new Map<Element, Element>();
  for (const [parent, children] of subs) for (const child of children) subParent.set(child, parent);
  const boundaries = headings.filter((h) => headingLevel(h) <= level || subParent.has(h));
  const sections = splitSections(ctx.root, boundaries, ctx.dom);

  const drafts: EntryDraft[] = [];
  let lastPromoted: EntryDraft | null = null;
  for (const section of sections) {
    const heading = section.heading;
    const parent = subParent.get(heading);
    if (parent) {
      const parentInfo = infos.get(parent)!;
      const text = ctx.dom.text(heading);
      const title = entryTitle(text) || text;
      drafts.push({
        title,
        version: findVersion(title),
        date: findEntryDate(text)?.date ?? parentInfo.date,
        anchor: anchorId(heading, section.container),
        items: sectionItems(ctx, section, title),
      });
      continue;
    }
    // A release written one level up ("# 0.13.3 — 2024-09-24" above "## v0.13.1") is an entry too.
    const promoted = !infos.has(heading) && findVersion(entryTitle(ctx.dom.text(heading))) ? classify(ctx, heading, null) : null;
    const info = infos.get(heading) ?? promoted;
    if (info && !hasSignal(info) && CATEGORY_HEADING_RE.test(info.text) && lastPromoted) {
      // "## Fixed" under a promoted release groups that release's items.
      lastPromoted.items.push(...sectionItems(ctx, section, info.text));
      continue;
    }
    if (!info || !hasSignal(info) || subs.has(heading)) continue;
    if (attr(heading, WHOLE_ENTRY_ATTR) !== null) {
      drafts.push({ title: info.text, version: info.version, date: info.date, anchor: anchorId(heading, null), items: wholeEntryItems(ctx, section) });
      continue;
    }
    const title = entryTitle(info.text) || info.text;
    const items = topLevelItems(section);
    const grouped = items.some((li) => CATEGORY_HEADING_RE.test(ownListItemText(ctx.dom, li)));
    if (dateOnly.has(heading) && items.length && (grouped || !items.every((li) => isTitledLine(ctx, li)))) {
      // Lines written as sentences ("You can now change the deployment region …"), or grouped
      // under "Breaking changes:" and the like, are what the day shipped: one entry titled by its
      // date, the lines its items.
      drafts.push({ title: info.text, version: null, date: info.date, anchor: anchorId(heading, null), items: sectionItems(ctx, section, info.text) });
      continue;
    }
    if (dateOnly.has(heading) && items.length) {
      // Each line under a date heading that is a title of its own is an announcement of its own.
      for (const li of items) {
        const line = truncate(ownListItemText(ctx.dom, li), TITLE_MAX);
        if (!line) continue;
        const nested = findAll(li, 'li').map((n) => ownListItemText(ctx.dom, n)).filter(Boolean);
        drafts.push({ title: line, version: null, date: info.date, anchor: attr(li, 'id') ? anchorId(li, null) : null, items: nested });
      }
      continue;
    }
    const paragraphs = dateOnly.has(heading) && !section.container ? entryParagraphs(ctx, section) : [];
    if (paragraphs.length) {
      // Each paragraph that follows a day or month heading is an announcement of its own; a day
      // drawn as a card of its own stays one entry, its paragraphs its items.
      drafts.push(...paragraphs.map((p) => paragraphEntry(ctx, p, info.date)));
      continue;
    }
    const draft = {
      title,
      version: info.version,
      date: info.date,
      anchor: info.version ? null : anchorId(heading, info.card),
      items: sectionItems(ctx, section, title),
    };
    drafts.push(draft);
    lastPromoted = promoted ? draft : null;
  }
  return toEntries(drafts);
}
