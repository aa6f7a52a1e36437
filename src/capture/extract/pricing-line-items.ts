import type { AnyNode, Element } from 'domhandler';
import type { PricingFields } from '../capture.types';
import { normalizeText } from '../../common/noise';
import { BLOCK_TAGS, closest, isElement, isLeafBlock, ownListItemText, precedingHeading, tagName } from './dom';
import { keyOf, KeyAllocator } from './keys';
import type { PageContext } from './page-context';
import { creditPrices, creditRate } from './credit-prices';
import { cleanLabel } from './price-label';
import { findPrices, type FoundPrice } from './price-parser';
import { usageTableCells, type TableRow } from './pricing-table';

type LineItem = PricingFields['line_items'][number];
type CreditReader = ReturnType<typeof creditPrices>;

interface Draft {
  label: string;
  price: FoundPrice;
  context: string | null;
  /** A table row's own label, without its column: the name two tables may share ("standard-2"). */
  row?: string;
  /** The label shown when it differs from the one keyed: the row named with its section. */
  shown?: string;
}

const SHORT_BLOCK = 110;
/** The label that leads a list item of prose: "Storage costs: The worker container …". */
const LEAD_LABEL_RE = /^([\p{L}][^:.!?$€£]{1,40}):\s/u;
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'button', 'code', 'em', 'i', 'img', 'kbd', 'label', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'del', 'ins', 'svg', 'input', 'select', 'option', 'script', 'style', 'template', 'noscript']);
/** "a fee of $0.1 per GB for the bandwidth usage", "Beyond that, we charge $0.03 per GB": a fee whose subject is elsewhere. */
const FEE_LEAD = String.raw`(?:(?:a|an|the)\s+fee\s+of|we\s+charge(?:\s+(?:a|an)(?:\s+[\p{L}-]+)?\s+(?:rate|fee|price)\s+of)?|(?:is|are)\s+charged)\s+$`;
const FEE_LEAD_RE = new RegExp(String.raw`\b${FEE_LEAD}`, 'iu');
/** "Chroma Cloud charges $2.50 per GiB": a product's name (capitalised words, matched with case) charging, like "we charge". */
const VENDOR_CHARGES_RE = /(?:^|\s)[\p{Lu}][\p{L}\d.-]*(?:\s+[\p{Lu}][\p{L}\d.-]*){1,3}\s+charges\s+$/u;
const FEE_FOR_RE = /^\s*(?:for\s+(?:the\s+|your\s+)?)([\p{L}][\p{L}\s-]{2,40}?)\s*(?:[.,;]|$)/u;
/** "For a public IPv4 address, we charge $3.00/month": the fee's subject leads the sentence (not "For example, …"). */
const FEE_SUBJECT_RE = new RegExp(String.raw`^\s*(?:for|on)\s+(?:a|an|the|each|every|any|your)\s+([\p{L}][^,;:]{2,60}?)\s*,\s*${FEE_LEAD}`, 'iu');
const MAX_LABEL_WORDS = 12;
const MAX_ITEMS = 300;
const FILLER_RE = /^(?:additional|plus|only|from|starting|starting at|just|extra|and|then|about|approx\.?|approximately|around|or|at|roughly)$/i;
const VERB_RE = /(?:^|[,;:]\s*)([^,;:]{3,120}?),?\s+(?:(?:is|are)\s+(?:charged|billed|priced)(?:\s+(?:hourly|daily|weekly|monthly|annually|yearly|by\s+the\s+\w+))?\s+at(?:\s+a\s+rate\s+of)?|(?:is|are)\s+(?:available|offered|priced|sold)\s+(?:for|at|from)|is|are|costs?|starts? at|will cost|runs?|priced at)\s+(?:(?:about|around|only|just|from|roughly|approximately)\s+)?$/i;
/** A subject that names nothing by itself: "Anything over this value", "This", "Everything else". */
const VAGUE_SUBJECT_RE = /^(?:anything|everything|this|that|these|those|it|they|each one|the rest|the excess)\b/i;
const PAREN_NAME_RE = /([\p{Lu}][\p{L}\d+-]*(?:\s+[\p{Lu}\d][\p{L}\d+-]*){0,2})\s*\(\s*(?:(?:starting|starts)\s+at\s+|from\s+|only\s+)?$/u;

/**
 * Table cells sometimes hold unrendered bullet lists ("- North America<br>- Europe"); a cell that
 * does not open with a bullet keeps its dashes ("Key Value Store - Reads").
 */
function stripBullets(text: string): string {
  if (!/^\s*[-•*]\s/.test(text)) return text.trim();
  return text.replace(/(^|\s)[-•*]\s+/g, '$1').trim();
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** "L40S: $1.25/hr per GPU" → "L40S"; "$5/month for 10GB" → context + " – for 10GB". */
function itemFromLine(text: string, context: string | null, credits: CreditReader = null): Draft | null {
  const first = findPrices(text)[0] ?? credits?.(text);
  if (!first) return null;
  const before = cleanLabel(text.slice(0, first.index));
  // "5¢/min for Calls": the "for" leads into what is priced.
  const after = cleanLabel(text.slice(first.end).replace(/^[\s,.;:)]+/, '').replace(/^for\s+(?=\p{L})/iu, '').replace(/[.;]+$/, ''));
  const meaningful = /\p{L}/u.test(before) && !FILLER_RE.test(before) && !findPrices(before).length;
  if (meaningful && wordCount(before) <= MAX_LABEL_WORDS) return { label: before, price: first, context };
  // "**$0.04 per GiB processed** — data processed through Sync, …": the rate names what it meters; the rest describes it.
  const metered = !before && first.price.unit ? /^((?:\p{L}+\s+){0,2}\p{Ll}+ed)(?:\s+[—–:-]\s|$)/u.exec(after) : null;
  if (metered) return { label: [context, `${first.price.unit} ${metered[1]}`].filter(Boolean).join(' – '), price: first, context };
  const detail = [before, after].filter(Boolean).join(' ').trim();
  const label = [context, detail].filter(Boolean).join(' – ');
  return label ? { label, price: first, context } : null;
}

/** "$0.50/GB transferred": what a rate meters, written after its unit. */
const METERED_RE = /^\s*(transferred|stored|processed|ingested|scanned|written|read|sent|received|delivered|served|indexed|egressed)\b/i;

/** "Momento Cache costs $0.50/GB transferred" prices the data it transfers: "Momento Cache – GB transferred". */
function withMetered(label: string, found: FoundPrice, sentence: string): string {
  const metered = METERED_RE.exec(sentence.slice(found.end));
  const unit = found.price.unit?.replace(/^per\s+/i, '');
  return metered && unit ? `${label} – ${unit} ${metered[1].toLowerCase()}` : label;
}

/** A subject that says only that a price follows: "the price is …", "pricing is …". */
const GENERIC_SUBJECT_RE = /^(?:price|prices|cost|costs|pricing|fee|fees|rate|rates)$/i;

/** "the price is $99/month per environment on AWS/GCP + $2.5/month per resource in each environment": each amount named by what it is per. */
function perUnitItems(sentence: string, prices: FoundPrice[], context: string | null): Draft[] {
  return prices.flatMap((found, i) => {
    const rest = sentence.slice(found.end, prices[i + 1]?.index ?? sentence.length).replace(/(?:\s*(?:[+,;.]|\band\b|\bplus\b))+\s*$/i, '').trim();
    const label = found.price.unit ? `${found.price.unit} ${rest}`.trim() : '';
    return /^per\s/i.test(label) && wordCount(label) <= MAX_LABEL_WORDS ? [{ label, price: found, context }] : [];
  });
}

/** A worked example ("10 min x $0.02/min = $0.20"): arithmetic on prices, not a price of its own. */
const isArithmetic = (text: string): boolean => /\s[x×*+]\s+[$€£]?\s*\d[^=]*=\s*[$€£]?\s*\d/i.test(text);

/** A list item of a list nested in another item. */
const isSubItem = (li: Element): boolean => {
  const parent = li.parent?.parent;
  return !!parent && isElement(parent) && tagName(parent) === 'li';
};

/** An FAQ's question ("Is it really just $.50/GB transferred?") asks about a price; it lists none. */
const isQuestion = (text: string): boolean => text.trimEnd().endsWith('?');

/** Sentences in running text: "a Standard ($29/month) package", "Dedicated IPv4 addresses are $2/mo", "macOS hosts are available for $449/month". */
function itemsFromSentence(sentence: string, context: string | null, previous: string | null = null): Draft[] {
  const prices = findPrices(sentence);
  const drafts: Draft[] = [];
  for (const found of prices) {
    const named = PAREN_NAME_RE.exec(sentence.slice(0, found.index));
    if (named) drafts.push({ label: named[1], price: found, context });
  }
  if (drafts.length) return drafts;
  const first = prices[0];
  const verb = first ? VERB_RE.exec(sentence.slice(0, first.index)) : null;
  if (verb && GENERIC_SUBJECT_RE.test(cleanLabel(verb[1]))) {
    const perUnit = perUnitItems(sentence, prices, context);
    if (perUnit.length) return perUnit;
  }
  if (verb) {
    // "Anything over this value is charged at $0.25 per GiB" under "Bandwidth": the section names it.
    const label = VAGUE_SUBJECT_RE.test(verb[1].trim()) && context ? context : cleanLabel(verb[1]);
    if (label && !findPrices(label).length && wordCount(label) <= MAX_LABEL_WORDS) drafts.push({ label: withMetered(label, first, sentence), price: first, context });
  }
  if (!drafts.length && first && (FEE_LEAD_RE.test(sentence.slice(0, first.index)) || VENDOR_CHARGES_RE.test(sentence.slice(0, first.index)))) {
    // The fee names what it is for after the price, or the sentence before says it.
    // "… for using the platform" says why, not what: the section's heading names the fee then.
    const feeFor = FEE_FOR_RE.exec(sentence.slice(first.end))?.[1];
    const label = (feeFor && !/^\p{L}+ing\b/u.test(feeFor) ? feeFor : null) ?? FEE_SUBJECT_RE.exec(sentence.slice(0, first.index))?.[1] ?? previous ?? context;
    if (label && wordCount(label) <= MAX_LABEL_WORDS * 2) drafts.push({ label: cleanLabel(label), price: first, context });
  }
  return drafts;
}

/** A priced table cell as a line item: its row's label, and its column's where the row prices several. */
function tableDraft(ctx: PageContext, row: TableRow, context: string | null): Draft | null {
  const price = findPrices(row.text ?? ctx.dom.text(row.cell))[0];
  const label = [row.label, row.column].filter((p): p is string => !!p).map(stripBullets).join(' – ');
  return price && label ? { label, price, context, row: normalizeText(row.label).toLowerCase() } : null;
}

/**
 * Rows that two tables of the page name alike ("standard-2" under "Compute" and under "Managed
 * PostgreSQL") are shown with their section's name before them. Their keys stay as they were: the
 * section already tells repeated keys apart.
 */
function nameSharedRows(drafts: Draft[]): void {
  const sections = new Map<string, Set<string | null>>();
  for (const d of drafts) if (d.row) sections.set(d.row, (sections.get(d.row) ?? new Set()).add(d.context));
  for (const d of drafts) if (d.row && d.context && sections.get(d.row)!.size > 1) d.shown = `${d.context} ${d.label}`;
}

/** A documentation component holding text (MDX `<Info>`, `<Note>`, `<Callout>`): read as a paragraph. */
function isCallout(el: Element): boolean {
  return !BLOCK_TAGS.has(tagName(el)) && !INLINE_TAGS.has(tagName(el)) && el.children.some((c) => c.type === 'text' && /\p{L}/u.test(c.data));
}

/** The priced sentences of a block of text, each read with the one before it (which may name the fee). */
function sentenceDrafts(text: string, context: string | null): Draft[] {
  const sentences = splitSentences(text).filter((sentence) => !isQuestion(sentence));
  return sentences.flatMap((sentence, i) => itemsFromSentence(sentence, context, i > 0 ? sentences[i - 1].replace(/[.!?]+$/, '') : null));
}

function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[\p{Lu}\d$€£])/u);
}

/** Headings that name no priced thing: a card's "What's included", a page's "Pricing". */
const GENERIC_HEADING_RE = /^(?:what['’]s included|what you get|included|includes|features|details|overview|summary|pricing|prices)\s*:?$/i;

/** The heading a price stands under, generic ones passed over ("Active Monitoring" above "What's included"). */
const sectionOf = (ctx: PageContext, el: Element): string | null => precedingHeading(ctx.dom, el, ctx.root, (title) => GENERIC_HEADING_RE.test(title));

function listContext(ctx: PageContext, li: Element): string | null {
  const list = li.parent as Element | null;
  let prev: AnyNode | null = list?.prev ?? null;
  while (prev && !isElement(prev)) prev = prev.prev;
  if (prev && isElement(prev) && !/^h[1-6]$/.test(tagName(prev))) {
    const text = ctx.dom.text(prev);
    // A lead-in that names the list ("Shared Machines", "On-demand GPU pricing:"), not a sentence
    // ("Sync pricing is usage-based:", "Read costs are based on …:").
    const sentence = wordCount(text) > 8 || /\b(?:is|are|was|were|costs?|charges?|depends?|based)\b/i.test(text);
    const leadIn = !sentence && (text.endsWith(':') || (wordCount(text) <= 6 && !/[.!?]$/.test(text)));
    if (text && leadIn && !findPrices(text).length) return text.replace(/:$/, '');
  }
  return sectionOf(ctx, li);
}

/** Lines that price a plan and more: read for their other prices, never for one naming a plan. */
export interface SharedLines {
  blocks: Set<Element>;
  planNames: string[];
}

/**
 * Usage-based prices outside plan cards: price lists, usage tables and priced sentences, each keyed
 * by its label (the section heading disambiguates repeated labels).
 */
export function readLineItems(ctx: PageContext, claimed: (el: Element) => boolean, usageTables: Element[], usageRows: TableRow[], shared?: SharedLines): LineItem[] {
  const drafts: Draft[] = [];
  const planNames = (shared?.planNames ?? []).map((name) => name.toLowerCase());
  const namesPlan = (draft: Draft) => planNames.some((name) => draft.label.toLowerCase().includes(name));
  const usage = new Set(usageTables);
  const credits = creditPrices(ctx);
  const visit = (node: AnyNode): void => {
    if (!isElement(node) || claimed(node)) return;
    const name = tagName(node);
    if (name === 'table') {
      if (!usage.has(node)) return;
      const context = sectionOf(ctx, node);
      for (const row of usageTableCells(ctx, node)) {
        const draft = tableDraft(ctx, row, context);
        if (draft) drafts.push(draft);
      }
      return;
    }
    if (name === 'li') {
      const text = ownListItemText(ctx.dom, node);
      const context = listContext(ctx, node);
      const lead = text.length > SHORT_BLOCK ? LEAD_LABEL_RE.exec(text)?.[1] : undefined;
      if (lead) {
        // An item that is a labelled paragraph ("**Storage costs**: The worker container volume
        // incurs … The storage cost is $0.000011574 per GB …") is read sentence by sentence; one
        // price is named by the label.
        const read = sentenceDrafts(text.slice(lead.length + 1), lead);
        drafts.push(...(read.length === 1 ? [{ ...read[0], label: lead }] : read));
      } else {
        const item = isArithmetic(text) ? null : itemFromLine(text, context, credits);
        // "**GPT-4o**:" over "Input: $5.00 per 1 million tokens": the rate is the model's input.
        if (item && context && isSubItem(node) && !item.label.includes(context)) item.label = `${context} – ${item.label}`;
        if (item) drafts.push(item);
      }
      for (const child of node.children) if (tagName(child) === 'ul' || tagName(child) === 'ol') visit(child);
      return;
    }
    if (shared?.blocks.has(node)) {
      drafts.push(...sentenceDrafts(ctx.dom.text(node), sectionOf(ctx, node)).filter((d) => !namesPlan(d)));
      return;
    }
    if (name === 'p' || name === 'dd' || (isLeafBlock(node) && name !== 'span') || isCallout(node)) {
      const text = ctx.dom.text(node);
      const context = sectionOf(ctx, node);
      if (!findPrices(text).length) {
        // A rate in credits says "credits"; most unpriced paragraphs need no splitting.
        if (!text.includes('credit')) return;
        const rates = splitSentences(text).map(creditRate).filter((r): r is NonNullable<typeof r> => !!r);
        drafts.push(...rates.map((r) => ({ label: r.label, price: r.price, context })));
        return;
      }
      if (text.length <= SHORT_BLOCK) {
        const item = isQuestion(text) ? null : itemFromLine(text, context);
        const sentenceItems = sentenceDrafts(text, context);
        drafts.push(...(sentenceItems.length ? sentenceItems : item ? [item] : []));
      } else {
        drafts.push(...sentenceDrafts(text, context));
      }
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(ctx.root);
  for (const row of usageRows) {
    const table = closest(row.cell, (a) => tagName(a) === 'table', ctx.root);
    const draft = table && tableDraft(ctx, row, sectionOf(ctx, table as Element));
    if (draft) drafts.push(draft);
  }
  nameSharedRows(drafts);

  const keys = new KeyAllocator();
  const seen = new Set<string>();
  const items: LineItem[] = [];
  for (const draft of drafts) {
    const identity = `${normalizeText(draft.shown ?? draft.label).toLowerCase()}|${draft.price.price.text}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    items.push({ key: keys.take(keyOf(draft.label), draft.context), label: draft.shown ?? draft.label, price: draft.price.price });
    if (items.length >= MAX_ITEMS) break;
  }
  return items;
}
