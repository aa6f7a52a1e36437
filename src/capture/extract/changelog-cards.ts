import type { ChangelogEntry } from '../capture.types';
import type { Element } from 'domhandler';
import { anchorId, dateInBlock, dateOfTime, entryTitle, findEntryDate, findVersion, isTag, versionFromLinks } from './changelog-signals';
import { toEntries, type EntryDraft } from './changelog-entry-keys';
import { attr, childElements, closest, descendants, findAll, isElement, ownListItemText, tagName, truncate } from './dom';
import { labelValues, valueOf, type LabelValue } from './label-values';
import type { PageContext } from './page-context';

const TITLE_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'a'];
const TITLE_MAX = 200;
const MIN_CARDS = 2;
const TITLE_LABEL_RE = /^(?:feature(?: name)?|title|name|update|release|change|announcement|what'?s new|headline|subject)$/i;
const DATE_LABEL_RE = /^(?:date|released?(?: on| date)?|release date|published(?: on)?|launch(?:ed)?(?: date)?|shipped(?: on)?|available(?: from| since)?|rollout date|updated(?: on)?)$/i;
const DESCRIPTION_LABEL_RE = /^(?:description|details?|summary|what changed|notes?|changes?|impact)$/i;
const VERSION_LABEL_RE = /^(?:version|release version|build)$/i;

/** Siblings built from one template share a tag and their first class names. */
function signature(el: Element): string {
  return `${tagName(el)}.${(el.attribs?.class ?? '').split(/\s+/).filter(Boolean).slice(0, 2).sort().join('.')}`;
}

/** Leaf-ish blocks of a card in order: its lines. */
function lines(card: Element): Element[] {
  return descendants(card, (el) => el.children.every((c) => !isElement(c) || !/^(?:p|div|ul|ol|li|section|article|header|footer)$/.test(c.name)));
}

function cardDate(ctx: PageContext, card: Element): string | null {
  const time = findAll(card, ['time', 'relative-time'])[0];
  const fromTime = time ? dateOfTime(ctx.dom, time) : null;
  if (fromTime) return fromTime;
  for (const line of lines(card).slice(0, 6)) {
    const date = dateInBlock(ctx.dom, line, 60);
    if (date) return date;
  }
  return tagName(card) === 'li' ? (findEntryDate(ownListItemText(ctx.dom, card).slice(0, 80))?.date ?? null) : null;
}

function cardTitle(ctx: PageContext, card: Element): string | null {
  for (const el of findAll(card, TITLE_TAGS)) {
    const text = ctx.dom.text(el);
    const title = entryTitle(text);
    if (title.length >= 3 && !isTag(ctx.dom, el)) return truncate(title, TITLE_MAX);
  }
  const first = tagName(card) === 'li' ? ownListItemText(ctx.dom, card) : ctx.dom.text(lines(card).find((l) => entryTitle(ctx.dom.text(l)).length >= 3) ?? card);
  const title = entryTitle(first);
  return title ? truncate(title, TITLE_MAX) : null;
}

/**
 * A card of "Label: value" lines ("Feature: Bulk import", "Date: 21-February-2025",
 * "Description: …"), as a <dl> or a two-column table too: the entry its labels name.
 */
function labelledEntry(ctx: PageContext, card: Element): EntryDraft | null {
  const pairs = tagName(card) === 'tr' ? columnValues(ctx, card) : labelValues(ctx.dom, card);
  const title = valueOf(pairs, TITLE_LABEL_RE);
  const written = valueOf(pairs, DATE_LABEL_RE);
  const date = written ? (findEntryDate(written)?.date ?? null) : null;
  if (!title || !date) return null;
  const version = findVersion(valueOf(pairs, VERSION_LABEL_RE) ?? '');
  const items = pairs.filter((p) => DESCRIPTION_LABEL_RE.test(p.label) && p.value !== title).map((p) => p.value);
  return { title: truncate(title, TITLE_MAX), version, date, anchor: attr(card, 'id') ? anchorId(card, null) : null, items };
}

/** A table row's cells labelled by its table's header ("Change | Description | Date"). */
function columnValues(ctx: PageContext, row: Element): LabelValue[] {
  const table = closest(row, (a) => tagName(a) === 'table');
  const header = table ? findAll(table, 'tr')[0] : null;
  if (!header || header === row) return [];
  const labels = childElements(header).map((cell) => ctx.dom.text(cell));
  const cells = childElements(row).filter((cell) => /^t[dh]$/.test(tagName(cell)));
  return cells.flatMap((cell, i) => (labels[i] ? [{ label: labels[i], value: ctx.dom.text(cell) }] : []));
}

function cardEntry(ctx: PageContext, card: Element): EntryDraft | null {
  const labelled = labelledEntry(ctx, card);
  if (labelled) return labelled;
  const title = cardTitle(ctx, card);
  if (!title) return null;
  const date = cardDate(ctx, card);
  const version = findVersion(title) ?? versionFromLinks(card);
  if (!date && !version) return null;
  const listed = findAll(card, 'li').map((li) => ownListItemText(ctx.dom, li)).filter(Boolean);
  const paragraphs = findAll(card, 'p')
    .map((p) => ctx.dom.text(p))
    .filter((t) => t && !t.includes(title) && !(findEntryDate(t) && t.length < 60));
  const heading = findAll(card, TITLE_TAGS)[0] ?? card;
  return { title, version, date, anchor: version ? null : anchorId(heading, card), items: listed.length ? listed : paragraphs };
}

/**
 * Changelogs built from repeated cards or list items without entry headings ("<div class=release">
 * with a <strong> title and a date, "<li>2024-06-04 — Launched SSO</li>"): the largest group of
 * same-template siblings of which each names a date or a version.
 */
export function entriesFromCards(ctx: PageContext): ChangelogEntry[] {
  let best: EntryDraft[] = [];
  const parents = [ctx.root, ...descendants(ctx.root, (el) => el.children.length >= MIN_CARDS)];
  for (const parent of parents) {
    const groups = new Map<string, Element[]>();
    for (const child of childElements(parent)) {
      const key = signature(child);
      groups.set(key, [...(groups.get(key) ?? []), child]);
    }
    for (const group of groups.values()) {
      if (group.length < MIN_CARDS || group.length <= best.length) continue;
      const drafts = group.map((card) => cardEntry(ctx, card)).filter((d): d is EntryDraft => !!d);
      // Most cards of the group must read as entries, or the group is a list of something else.
      if (drafts.length >= MIN_CARDS && drafts.length > best.length && drafts.length * 2 >= group.length) best = drafts;
    }
  }
  return toEntries(best);
}
