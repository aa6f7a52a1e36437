import type { AnyNode, Element } from 'domhandler';
import { findDate, parseDate, stripDate } from './dates';
import { attr, childElements, classAndId, descendants, findAll, headingLevel, isElement, nextElement, tagName, type DomText } from './dom';
import { hintText } from './hint-values';

/*
 * What marks a block of a changelog page as one release or announcement: a version number, a date
 * (a full date or a month), a tag such as "New" or "Fixed", or "Unreleased". Read from the heading,
 * from the card around it, or from the short line right before or after it.
 */

const PREFIXED_VERSION_RE = /(?:^|[^\w.])(v|version\s?|release\s)(\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z][0-9A-Za-z.]*)?)(?![\w.]*\d)/i;
const BARE_VERSION_RE = /(?:^|[^\w.])(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z][0-9A-Za-z.]*)?)(?![\w.]*\d)/;
const RELEASE_LINK_RE = /\/(?:releases\/tag|tree|tags?)\/(v?\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?)\/?$/i;
export const UNRELEASED_RE = /\bunreleased\b|\bupcoming\b/i;

const MONTH_NAMES =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';
const MONTH_NUMBER: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH_YEAR_RE = new RegExp(String.raw`\b(${MONTH_NAMES})\.?,?\s+(\d{4})\b`, 'i');
const ISO_MONTH_RE = /\b(\d{4})-(\d{2})\b(?!-\d)/;

/** Short labels that changelogs put on entries; as a whole tag text, never as part of a title. */
const TAG_RE =
  /^(?:new|improved|improvements?|fixe[sd]|fix|bug ?fix(?:es)?|features?|new features?|updated?|updates|added|changed|removed|deprecated|security|beta|alpha|preview|announcements?|launch(?:ed)?|enhancements?|integrations?|api|breaking(?: changes?)?|performance|ui|mobile|platform)$/i;
const TAG_CLASS_RE = /(?:^|[\s_-])(?:tag|tags|badge|label|pill|chip|category|kind|type)(?:$|[\s_-])/i;
/** Sub-headings that group an entry's items ("### Added") rather than start an entry. */
export const CATEGORY_HEADING_RE =
  /^(?:what'?s (?:new|changed|deprecated|fixed|removed|improved)|added|changed|removed|fixed|fixes|deprecated|security|improvements?|improved|enhancements?|bug ?fix(?:es)?|features?|new features?|new|other(?: (?:updates|changes|improvements|fixes))?|misc(?:ellaneous)?|breaking(?: changes?)?|known issues|notes?|upgrade notes?|highlights|performance|documentation|docs|dependencies|internal|under the hood)\s*:?$/i;
/** Heading words that carry no title of their own once the date is gone ("Week of June 3, 2024"). */
const EMPTY_TITLE_RE = /^(?:released?(?: on)?|week of|updates?(?: for)?|changes|changelog|release notes|product updates|what'?s new|published)?$/i;

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

/** A GitHub-releases-like link ("/releases/tag/v1.4.0") names the version when the title does not. */
export function versionFromLinks(scope: Element): VersionMatch | null {
  for (const a of findAll(scope, 'a')) {
    const m = RELEASE_LINK_RE.exec(attr(a, 'href') ?? '');
    if (m) return findVersion(m[1].startsWith('v') ? m[1] : `v${m[1]}`);
  }
  return null;
}

const MAJOR_HEADING_RE = /^\p{L}[^\d]*\s(\d{1,4})$/u;
const SECTION_SCAN = 60;
/** How many first items of a list under an entry heading may hold its date. */
const LIST_HEAD_ITEMS = 3;

/**
 * A heading that names a major version ("React 19") over a list of its releases ("v19.2.7 (June,
 * 2026)"): the major number is the entry's version. Read only when a list item under the heading,
 * before the next heading of its level, holds a version of that major.
 */
export function majorVersion(dom: DomText, heading: Element, title: string): VersionMatch | null {
  const major = MAJOR_HEADING_RE.exec(title)?.[1];
  if (!major) return null;
  const level = headingLevel(heading);
  let el = nextElement(heading, 'next');
  for (let i = 0; el && i < SECTION_SCAN; i++, el = nextElement(el, 'next')) {
    const l = headingLevel(el);
    if (l && l <= level) break;
    const items = tagName(el) === 'li' ? [el] : findAll(el, 'li');
    if (items.some((li) => findVersion(dom.text(li))?.key.startsWith(`${major}.`))) return { version: major, key: major };
  }
  return null;
}

/** A full date (yyyy-mm-dd) or, failing that, a month ("June 2024" → "2024-06"). */
export function findEntryDate(text: string): { date: string; index: number; length: number } | null {
  const full = findDate(text);
  if (full) return full;
  const named = MONTH_YEAR_RE.exec(text);
  if (named) {
    const month = MONTH_NUMBER[named[1].toLowerCase().slice(0, 3)];
    const year = Number(named[2]);
    if (month && year >= 1990 && year <= 2100) return { date: `${year}-${String(month).padStart(2, '0')}`, index: named.index, length: named[0].length };
  }
  const iso = ISO_MONTH_RE.exec(text);
  if (iso && Number(iso[2]) >= 1 && Number(iso[2]) <= 12 && Number(iso[1]) >= 1990) {
    return { date: `${iso[1]}-${iso[2]}`, index: iso.index, length: iso[0].length };
  }
  return null;
}

export function stripEntryDate(text: string): string {
  if (findDate(text)) return stripDate(text);
  const found = findEntryDate(text);
  return found ? `${text.slice(0, found.index)} ${text.slice(found.index + found.length)}`.trim() : text;
}

/** A heading's title without its date, separators and empty brackets. */
export function entryTitle(text: string): string {
  return stripEntryDate(text)
    .replace(/^[\s\-–—:|•·,_¶#]+|[\s\-–—:|•·,_¶#]+$/g, '')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .trim();
}

/** A heading that is only a date ("June 4, 2024", "Week of May 6, 2024"): its items are the entries. */
export function isDateOnly(text: string): boolean {
  return !!findEntryDate(text) && !findVersion(stripEntryDate(text)) && EMPTY_TITLE_RE.test(entryTitle(text));
}

export function dateOfTime(dom: DomText, time: Element): string | null {
  return parseDate(attr(time, 'datetime')) ?? findEntryDate(dom.text(time))?.date ?? null;
}

/** A date in a short block: a <time> in it, or a date written in at most `max` characters. */
export function dateInBlock(dom: DomText, el: Element, max = 80): string | null {
  const time = tagName(el) === 'time' || tagName(el) === 'relative-time' ? el : findAll(el, ['time', 'relative-time'])[0];
  if (time) {
    const date = dateOfTime(dom, time);
    if (date) return date;
  }
  const text = dom.text(el);
  return text.length <= max ? (findEntryDate(text)?.date ?? null) : null;
}

/**
 * A date in the first items of a list that opens an entry: a line of its own ("- Jul 5, 2026") or
 * under a label ("- 📅 Release date" over "- Jul 5, 2026"), as release notes written as lists give it.
 */
export function dateInListHead(dom: DomText, list: Element): string | null {
  if (tagName(list) !== 'ul' && tagName(list) !== 'ol') return null;
  const items = childElements(list).filter((c) => tagName(c) === 'li').slice(0, LIST_HEAD_ITEMS);
  for (const item of items) {
    const date = dateInBlock(dom, item, 60);
    if (date) return date;
  }
  return null;
}

/** The element right before or after the heading, unless it is itself a heading. */
export function adjacentBlock(heading: Element, direction: 'next' | 'prev'): Element | null {
  const el = nextElement(heading, direction);
  return el && !headingLevel(el) ? el : null;
}

export function isTag(dom: DomText, el: Element): boolean {
  const text = hintText(dom.text(el));
  if (!text || text.length > 24) return false;
  return TAG_RE.test(text.replace(/[\s:!·•]+$/, '')) || (TAG_CLASS_RE.test(classAndId(el)) && text.split(/\s+/).length <= 3);
}

/** Tag-like labels inside a card or right next to the heading. */
export function tagsNear(dom: DomText, heading: Element, card: Element | null): string[] {
  const scope = card ? descendants(card, (el) => el !== heading && !headingLevel(el) && el.children.every((c) => !isElement(c) || tagName(c) === 'span')) : [];
  const around = [adjacentBlock(heading, 'prev'), adjacentBlock(heading, 'next')].filter((el): el is Element => !!el);
  const inHeading = descendants(heading, (el) => tagName(el) === 'span' || tagName(el) === 'small');
  return [...inHeading, ...scope.slice(0, 12), ...around].filter((el) => isTag(dom, el)).map((el) => dom.text(el));
}

/**
 * A stable anchor for an entry: the heading's or its card's id, or a permalink inside the heading.
 * Positional ids ("entry-3", "12") move when entries are inserted, so they are not used.
 */
export function anchorId(heading: Element, card: Element | null): string | null {
  const candidates = [
    attr(heading, 'id'),
    ...findAll(heading, 'a').map((a) => attr(a, 'id') ?? attr(a, 'name') ?? (/^#./.test(attr(a, 'href') ?? '') ? attr(a, 'href')!.slice(1) : null)),
    card ? attr(card, 'id') : null,
  ];
  for (const raw of candidates) {
    const id = (raw ?? '').trim();
    if (!id || id.includes('/') || id.includes(':') || /^(?:[a-z]+[-_]?)?\d{1,3}$/i.test(id) || !/[a-z]{3}/i.test(id)) continue;
    if (!hintText(id)) continue;
    return id.toLowerCase();
  }
  return null;
}
