import type { AnyNode, Element, Text } from 'domhandler';
import { escapeRegExp } from '../../common/regexp';
import { childElements, closest, findAll, HEADING_TAGS, ownListItemText, tagName } from './dom';
import type { PageContext } from './page-context';
import { findPrices, isFreeText, type FoundPrice } from './price-parser';
import type { PlanDraft } from './pricing-plan';
import { tierName } from './pricing-table';
import { splitSections } from './sections';

const MIN_PLANS = 2;
const MAX_NAME_WORDS = 3;
/** Words that make "… plan" a phrase about plans, not a plan's name ("Configuring Your Credit Plan"). */
const NOT_NAME_RE = /^(?:your|our|my|their|this|that|these|each|every|which|what|how|why|the|a|an|to|of|on|in|for|and|or|with|new|current|legacy|credit|credits|pricing|usage|subscription|billing|all|other|any|key|choose|select|change|switch)$/i;
const NAME_WORD_RE = /^[\p{Lu}\d][\p{L}\d&+.'-]*$/u;
/** "Paid plan", "Open Source plan", "Grandfathered plans for Semaphore Classic users". */
const PLAN_HEADING_RE = /^(?:the\s+)?(.+?)\s+(?:plan|plans\s+for\s+.+)$/i;
const SEPARATOR_RE = /^\s*["”']?\s*(?:[-–—:]\s+)/;
const PLAN_AFTER_RE = /^\s*["”']?\s+plan\b/i;
/** An amount that is an allowance, not a fee: "$10 (up to 1300 build minutes) of free credit", "$45 credits". */
const CREDIT_AFTER_RE = /^\s*(?:\([^)]*\)\s*)?(?:of\s+)?(?:free\s+)?(?:usage\s+)?credits?\b/i;
const LEAD_IN_RE = /\bplans?\b/i;
const INCLUDES_RE = /\binclud/i;

interface Mention {
  name: string;
  /** Elements whose text may state the plan's price and list what it includes, in document order. */
  blocks: Element[];
  /** The heading or bold line that names the plan. */
  anchor: Element;
  /** What a list item naming the plan says of it after the name ("Scale plan: 250 concurrent VMs"), and whether it calls it free. */
  says?: { free: boolean; text: string };
}

export interface ProsePlans {
  drafts: PlanDraft[];
  /** The headings and lines the plans were named and priced by. */
  blocks: Element[];
}

/** A heading that is one or two tier names and nothing else: "Pro", "Enterprise Starter". */
function isTierHeading(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length <= 2 && words.every((w) => tierName(w));
}

/** "Open Source" from "Open Source plan": one to three capitalised words, none of them a phrase word. */
function planName(text: string): string | null {
  const words = text.replace(/["”“']/g, '').trim().split(/\s+/);
  if (!words.length || words.length > MAX_NAME_WORDS) return null;
  if (words.some((w) => !NAME_WORD_RE.test(w) || NOT_NAME_RE.test(w) || /ing$/i.test(w))) return null;
  return words.join(' ');
}

/** "Pro ($29/license/month)", "Any Cloud ($39/license/month)": a bold name with its price in brackets. */
const PRICED_NAME_RE = /^(.+?)\s*\(([^()]{2,40})\)$/;
const DETERMINER_RE = /^(?:the|a|an|our|your|my|their|this|that|each|every)$/i;

function pricedName(text: string): string | null {
  const m = PRICED_NAME_RE.exec(text.trim());
  if (!m || !findPrices(m[2]).length) return null;
  const words = m[1].trim().split(/\s+/);
  if (words.length > MAX_NAME_WORDS || DETERMINER_RE.test(words[0]) || words.some((w) => !NAME_WORD_RE.test(w))) return null;
  return words.join(' ');
}

const isBold = (el: Element): boolean => tagName(el) === 'strong' || tagName(el) === 'b';
const inTable = (ctx: PageContext, el: Element): boolean => !!closest(el, (a) => tagName(a) === 'table', ctx.root);

/** The bold element a line opens with, and the text after it. */
function boldLead(ctx: PageContext, line: Element): { bold: Element; rest: string } | null {
  const first = line.children.find((c) => c.type !== 'text' || c.data.trim());
  if (!first || first.type !== 'tag' || !isBold(first as Element)) return null;
  const text = tagName(line) === 'li' ? ownListItemText(ctx.dom, line) : ctx.dom.text(line);
  const bold = first as Element;
  return { bold, rest: text.slice(ctx.dom.text(bold).length) };
}

/** Headings that name a plan: each takes its section's lines. */
function headingMentions(ctx: PageContext, claimed: (el: Element) => boolean): Mention[] {
  const headings = findAll(ctx.root, [...HEADING_TAGS]);
  const names = new Map<Element, string>();
  const tiers = new Map<Element, string>();
  for (const heading of headings) {
    if (claimed(heading)) continue;
    const text = ctx.dom.text(heading);
    const match = PLAN_HEADING_RE.exec(text);
    const name = match ? planName(match[1]) : null;
    if (name) names.set(heading, name);
    else if (isTierHeading(text)) tiers.set(heading, text.trim());
  }
  // Headings that are tier names alone ("## Free", "## Pro", "### Enterprise Starter") name plans when there are two or more.
  if (tiers.size >= MIN_PLANS) for (const [heading, name] of tiers) names.set(heading, name);
  // The page is split into sections only when a heading names a plan: most pricing pages have none.
  if (!names.size) return [];
  const mentions: Mention[] = [];
  for (const section of splitSections(ctx.root, headings, ctx.dom)) {
    const name = names.get(section.heading);
    if (!name) continue;
    const blocks = [...section.paragraphs, ...section.listItems].filter((el) => !inTable(ctx, el) && !claimed(el));
    mentions.push({ name, anchor: section.heading, blocks });
  }
  return mentions;
}

/**
 * Lines that name a plan in bold: a paragraph or list item opening with "**Free plan**" or with a
 * name and its price in brackets ("**Pro ($29/license/month)** For teams …"), a line with a bold
 * name followed by "plan" ('Choose the "**Growth**" plan for …', "a paid **Pro** plan"), or a list
 * introduced as plans whose every item opens with a bold name and a dash ("**Starter** - …").
 */
function boldMentions(ctx: PageContext, claimed: (el: Element) => boolean): Mention[] {
  const mentions: Mention[] = [];
  for (const line of findAll(ctx.root, ['p', 'li'])) {
    if (claimed(line) || inTable(ctx, line)) continue;
    const lead = boldLead(ctx, line);
    const leadMatch = lead ? /^(.+?)\s+plan$/i.exec(ctx.dom.text(lead.bold)) : null;
    const leadName = leadMatch ? planName(leadMatch[1]) : null;
    const name = leadName ?? (lead ? pricedName(ctx.dom.text(lead.bold)) : null);
    if (name) {
      mentions.push({ name, anchor: line, blocks: [line] });
      continue;
    }
    const named = findAll(line, ['strong', 'b']).find((b) => PLAN_AFTER_RE.test(textAfter(b)) && planName(ctx.dom.text(b)));
    if (named) mentions.push({ name: planName(ctx.dom.text(named))!, anchor: line, blocks: [line] });
  }
  for (const list of findAll(ctx.root, ['ul', 'ol'])) {
    const items = childElements(list).filter((li) => tagName(li) === 'li');
    if (items.length < MIN_PLANS || items.some((li) => claimed(li) || inTable(ctx, li))) continue;
    const leadIn = leadInOf(ctx, list);
    if (!leadIn || !LEAD_IN_RE.test(leadIn) || INCLUDES_RE.test(leadIn)) continue;
    const named = items.map((li) => {
      const lead = boldLead(ctx, li);
      if (lead) return SEPARATOR_RE.test(lead.rest) ? { name: planName(ctx.dom.text(lead.bold)), says: undefined } : null;
      return plainListedPlan(ownListItemText(ctx.dom, li));
    });
    if (named.some((n) => !n?.name)) continue;
    items.forEach((li, i) => mentions.push({ name: named[i]!.name!, anchor: li, blocks: [li], says: named[i]!.says }));
  }
  return mentions;
}

/** "Scale plan: 250 concurrent VMs", "Build (free) plan: 10 concurrent VMs": an item naming a plan and saying what it gives. */
const LISTED_PLAN_RE = /^(.+?)(?:\s*\(([^()]{1,20})\))?\s+plan\s*[:–—-]\s+(.{1,120})$/i;

function plainListedPlan(text: string): { name: string | null; says: NonNullable<Mention['says']> } | null {
  const m = LISTED_PLAN_RE.exec(text);
  if (!m) return null;
  return { name: planName(m[1]), says: { free: isFreeText(m[2] ?? ''), text: m[3].trim() } };
}

/** Whether only white space follows the node inside its parent. */
function endsItsParent(node: AnyNode): boolean {
  for (let next = node.next; next; next = next.next) if (next.type !== 'text' || (next as Text).data.trim()) return false;
  return true;
}

/** Text right after an element, up to the next element ('" plan for …'); after its link when it is all a link holds ("[**Ultimate**](…) plan"). */
function textAfter(el: Element): string {
  let from: Element = el;
  while (endsItsParent(from) && from.parent && tagName(from.parent) === 'a') from = from.parent as Element;
  let out = '';
  for (let node = from.next; node && out.length < 20; node = node.next) {
    if (node.type !== 'text') break;
    out += node.data;
  }
  return out;
}

/** The paragraph or heading just before a list that introduces it. */
function leadInOf(ctx: PageContext, list: Element): string | null {
  let prev = list.prev;
  while (prev && prev.type !== 'tag') prev = prev.prev;
  return prev ? ctx.dom.text(prev as Element) : null;
}

/** A lead-in naming the plan ("With the Performance plan you have:") and the list it introduces. */
function leadInLists(ctx: PageContext, name: string): Element[] {
  // Written as the plan's name ("the Performance plan"), not a common noun ("over the free plan").
  const mention = new RegExp(`\\b${escapeRegExp(name)}\\s+plan\\b`);
  const items: Element[] = [];
  for (const list of findAll(ctx.root, ['ul', 'ol'])) {
    const leadIn = leadInOf(ctx, list);
    if (leadIn && leadIn.trim().endsWith(':') && mention.test(leadIn)) items.push(...childElements(list).filter((li) => tagName(li) === 'li'));
  }
  return items;
}

/** Lines pricing the plan by name: "Base price of Scale plan: $170", "The price of the Pro plan is $20". */
function priceLines(ctx: PageContext, name: string): Element[] {
  const label = new RegExp(`^(?:the\\s+)?(?:base\\s+|monthly\\s+|yearly\\s+|annual\\s+)?(?:price|cost|fee)\\s+(?:of|for)\\s+(?:the\\s+|a\\s+|your\\s+)?${escapeRegExp(name)}\\s+plan\\b`, 'i');
  return findAll(ctx.root, ['p', 'li']).filter((el) => !inTable(ctx, el) && label.test(tagName(el) === 'li' ? ownListItemText(ctx.dom, el) : ctx.dom.text(el)));
}

/** The first fee among the plan's lines; an allowance in credits is not its price. */
function firstFee(ctx: PageContext, blocks: Element[]): { price: FoundPrice; block: Element } | null {
  for (const block of blocks) {
    const text = tagName(block) === 'li' ? ownListItemText(ctx.dom, block) : ctx.dom.text(block);
    const fee = findPrices(text).find((p) => !CREDIT_AFTER_RE.test(text.slice(p.end)));
    if (fee) return { price: fee, block };
  }
  return null;
}

/** "Seat cost", "Storage pricing": a section that prices one thing of the plan. */
const COST_HEADING_RE = /^([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*)?)\s+(?:cost|costs|price|prices|pricing|fee|fees)$/iu;
const LIMIT_RE = /\bup\s+to\s+\d/i;

/**
 * On a page titled by its plan ("# Startup plan"), a "Seat cost" section's price is the plan's
 * price per seat ("$15 per seat per month" → "Effective seat cost is $0").
 */
function unitPrices(ctx: PageContext, claimed: (el: Element) => boolean): Array<{ price: FoundPrice; block: Element }> {
  const headings = findAll(ctx.root, [...HEADING_TAGS]);
  const out: Array<{ price: FoundPrice; block: Element }> = [];
  for (const section of splitSections(ctx.root, headings, ctx.dom)) {
    const m = COST_HEADING_RE.exec(ctx.dom.text(section.heading));
    if (!m) continue;
    const fee = firstFee(ctx, section.paragraphs.filter((p) => !claimed(p) && !inTable(ctx, p)));
    if (!fee) continue;
    const unit = fee.price.price.unit ?? `per ${m[1].toLowerCase().replace(/s$/, '')}`;
    out.push({ price: { ...fee.price, price: { ...fee.price.price, unit } }, block: fee.block });
  }
  return out;
}

/** "The **Starter** plan offers 300 searches for USD $5 per month": what the plan's own line says it gives for its price. */
const OFFERS_RE = /\b(?:offers|includes|gives\s+you|comes\s+with|provides)\s+(.{3,100}?)\s+(?:for|at)\s+(?=(?:[A-Z]{3}\s*)?[$€£¥₹\d])/;

function allowances(ctx: PageContext, group: Mention[]): string[] {
  return group
    .filter((m) => tagName(m.anchor) !== 'h1' && !HEADING_TAGS.has(tagName(m.anchor)))
    .map((m) => OFFERS_RE.exec(tagName(m.anchor) === 'li' ? ownListItemText(ctx.dom, m.anchor) : ctx.dom.text(m.anchor))?.[1])
    .filter((text): text is string => !!text && !findPrices(text).length);
}

/** Sentences naming the plan with a limit ("On the Startup plan, you can run up to 100 jobs in parallel"). */
function limitSentences(ctx: PageContext, name: string): string[] {
  const mention = new RegExp(`\\b${escapeRegExp(name)}\\s+plan\\b`);
  return findAll(ctx.root, 'p')
    .filter((p) => !inTable(ctx, p))
    .flatMap((p) => ctx.dom.text(p).split(/(?<=[.!?])\s+/))
    .filter((sentence) => mention.test(sentence) && LIMIT_RE.test(sentence) && !findPrices(sentence).length);
}

const SHARED_FEATURE_RE = /^(.{0,80}?\bplans?)\s+(?:both\s+|all\s+)?(?:feature|features|include|includes|offer|offers|support|supports|come\s+with|comes\s+with)\s+(.{3,80}?)(?=\s+(?:within|in|on|for|at|from)\s|[.;,]|$)/i;

/** "The **Standard** and **Professional** plans both feature Pay Per Use options …": a feature of each plan the subject names. */
function sharedFeatures(ctx: PageContext, names: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const sentence of findAll(ctx.root, 'p').filter((p) => !inTable(ctx, p)).flatMap((p) => ctx.dom.text(p).split(/(?<=[.!?])\s+/))) {
    const m = SHARED_FEATURE_RE.exec(sentence);
    if (!m || findPrices(m[2]).length) continue;
    for (const name of names) {
      if (new RegExp(`\\b${escapeRegExp(name)}\\b`).test(m[1])) out.set(name, [...(out.get(name) ?? []), m[2]]);
    }
  }
  return out;
}

const documentOrder = (ctx: PageContext): Map<Element, number> => new Map(findAll(ctx.root, ['p', 'li']).map((el, i) => [el, i]));

/**
 * Plans a documentation page names only in prose: headings "Free plan", "Open Source plan", bold
 * lines "**Paid plan** is activated …", or a list introduced as plans. At least two plans (counting
 * `otherPlans`, those a table or card of the page shows), or the page's own title naming one. A
 * plan called Free is free; another takes the first fee stated in its lines or in a list introduced
 * by it ("With the Performance plan you have:"), allowances in credits aside; its list items
 * without a price are its features.
 */
export function readProsePlans(ctx: PageContext, claimed: (el: Element) => boolean, otherPlans = 0): ProsePlans {
  const mentions = [...headingMentions(ctx, claimed), ...boldMentions(ctx, claimed)];
  const names = new Set(mentions.map((m) => m.name.toLowerCase()));
  const titled = mentions.some((m) => tagName(m.anchor) === 'h1');
  if (names.size + otherPlans < MIN_PLANS && !titled) return { drafts: [], blocks: [] };
  const order = documentOrder(ctx);
  const byName = new Map<string, Mention[]>();
  for (const m of mentions) byName.set(m.name.toLowerCase(), [...(byName.get(m.name.toLowerCase()) ?? []), m]);

  const drafts: PlanDraft[] = [];
  const used: Element[] = [];
  const shared = sharedFeatures(ctx, [...byName.values()].map((group) => group[0].name));
  for (const group of byName.values()) {
    const name = group[0].name;
    const free = isFreeText(name) || group.some((m) => m.says?.free);
    const lines = [...new Set([...group.flatMap((m) => m.blocks), ...leadInLists(ctx, name), ...priceLines(ctx, name)])].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const fee = free ? null : firstFee(ctx, lines);
    const listed = lines.filter((el) => tagName(el) === 'li' && !group.some((m) => m.anchor === el)).map((li) => ownListItemText(ctx.dom, li)).filter((t) => t && !findPrices(t).length);
    const said = group.flatMap((m) => (m.says && !findPrices(m.says.text).length ? [m.says.text] : []));
    const features = [...new Set([...said, ...listed, ...allowances(ctx, group), ...(shared.get(name) ?? []), ...limitSentences(ctx, name)])];
    // The plan a page is titled by also takes the per-unit prices of its "Seat cost" sections.
    const perUnit = group.some((m) => tagName(m.anchor) === 'h1') && byName.size === 1 ? unitPrices(ctx, claimed) : [];
    const prices = [...(fee ? [fee.price] : []), ...perUnit.map((u) => u.price)];
    drafts.push({ name, prices, features, cta: null, priceNotes: free ? [isFreeText(name) ? name : 'Free'] : [] });
    used.push(...group.map((m) => m.anchor), ...(fee ? [fee.block] : []), ...perUnit.map((u) => u.block));
  }
  return { drafts, blocks: used };
}
