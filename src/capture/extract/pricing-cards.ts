import type { AnyNode, Element } from 'domhandler';
import type { BillingPeriod } from '../capture.types';
import {
  attr,
  BLOCK_TAGS,
  childElements,
  classAndId,
  classTokens,
  collapseWhitespace,
  closest,
  descendants,
  findAll,
  HEADING_TAGS,
  isElement,
  isLeafBlock,
  ownListItemText,
  tagName,
} from './dom';
import type { PageContext } from './page-context';
import { cleanLabel } from './price-label';
import { asYearlyBilling, findPrices, isContactSalesText, isFreeText, periodFromLabel, type FoundPrice } from './price-parser';
import { limitLines } from './plan-limit-lines';
import { callToAction, featureMark, type PlanDraft } from './pricing-plan';

// A currency sign or word, or a currency code: two patterns, as one alternation tried at every character is much slower.
const CURRENCY_SIGN_RE = /[$€£¥₹₩₽₺₪]|\d\s?(?:euros?|dollars?)/i;
const CURRENCY_CODE_RE = /\b(?:USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|INR|SEK|NOK|DKK|PLN|BRL|MXN|SGD|HKD|CNY|ZAR|CZK)\b/i;
const hasCurrencyHint = (text: string): boolean => CURRENCY_SIGN_RE.test(text) || CURRENCY_CODE_RE.test(text);
const NAME_CLASS_RE = /(?:^|[\s_-])(?:name|title|tier|type|heading|header|label)(?:$|[\s_-])/i;
/** Heading classes (Bootstrap's `<div class="h3">Pro</div>`, Bulma's `is-size-4`): a class token of its own, the larger first. */
const headingClassLevel = (el: Element): number =>
  Math.min(7, ...classTokens(el).map((t) => (/^h[1-6]$/.test(t) ? Number(t[1]) : /^is-size-[1-4]$/.test(t) ? Number(t[8]) : 7)));
/** A name set bold by a utility class (Tailwind `font-bold`, Bootstrap `fw-semibold`) rather than a tag. */
const BOLD_CLASS_RE = /(?:^|\s)(?:font-(?:semibold|bold|extrabold|black)|fw-(?:semibold|bold|bolder))(?:$|\s)/;
const PERIOD_LABEL_RE = /^(?:pay\s+|billed\s+)?(?:monthly|yearly|annually|annual|per\s+(?:month|year)|month|year)$/i;
const BILLED_YEARLY_RE = /billed\s+(?:annually|yearly)|paid\s+(?:annually|yearly)|annual\s+billing/i;
const MAX_CARD_TEXT = 2500;
const PRICE_PHRASE_MAX = 80;
const MAX_PRICES_PER_CARD = 6;
const PRICE_CLASS_RE = /(?:^|[\s_-])(?:price|pricing|cost|amount)(?:$|[\s_-])/i;

/** Elements with a currency sign or code somewhere in their text: the only places a price can be. */
function currencyHolders(root: Element): Set<Element> {
  const holders = new Set<Element>();
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      if (!hasCurrencyHint(node.data)) continue;
      for (let current = node.parent; current && isElement(current) && !holders.has(current); current = current.parent) holders.add(current);
      continue;
    }
    if (isElement(node) || node.type === 'root') for (const child of (node as Element).children) stack.push(child);
  }
  return holders;
}

/** The innermost elements whose text holds a price phrase. */
export function findPriceElements(ctx: PageContext, skip: (el: Element) => boolean): Element[] {
  const priced = new Set<Element>();
  const holders = currencyHolders(ctx.root);
  const candidates: Element[] = [];
  // Holders are closed under ancestry, so the walk never needs to leave them.
  const stack: AnyNode[] = [...ctx.root.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node) || !holders.has(node)) continue;
    candidates.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  // Each element's prices are counted once, however many of the steps below ask.
  const counts = new Map<Element, number>();
  const priceCount = (el: Element): number => {
    let n = counts.get(el);
    if (n === undefined) counts.set(el, (n = findPrices(ctx.dom.text(el)).length));
    return n;
  };
  for (const el of candidates) {
    if (skip(el) || ctx.dom.size(el) > 300) continue;
    if (!hasCurrencyHint(ctx.dom.text(el)) || !priceCount(el)) continue;
    priced.add(el);
  }
  const pricedChildren = new Map<AnyNode, Element[]>();
  for (const el of priced) if (el.parent && priced.has(el.parent as Element)) pricedChildren.set(el.parent, [...(pricedChildren.get(el.parent) ?? []), el]);
  // The innermost priced elements, unless a parent prices more than its priced children together
  // ("$4.99 / mo.<br><small>or $49.99 / yr.</small>"): then the parent is the price phrase.
  const owning = new Set([...pricedChildren].filter(([parent, kids]) => priceCount(parent as Element) > kids.reduce((n, kid) => n + priceCount(kid), 0)).map(([parent]) => parent as Element));
  const withinOwning = (el: Element): boolean => !!closest(el.parent as AnyNode, (a) => owning.has(a as Element));
  const deepest = [...priced].filter((el) => (owning.has(el) || !pricedChildren.has(el)) && !withinOwning(el));
  // "<span>$49</span><span>/mo per user</span>": the price phrase is the parent's short text.
  const lifted = new Set<Element>();
  for (const el of deepest) {
    let current = el;
    const count = priceCount(el);
    while (current.parent && isElement(current.parent) && current.parent !== ctx.root && !skip(current.parent)) {
      const parent = current.parent;
      if (ctx.dom.size(parent) > PRICE_PHRASE_MAX) break;
      if (priceCount(parent) !== count) break;
      // Only a price phrase wrapper: not a block holding a name, a list or a button.
      if (childElements(parent).length > 3 || findAll(parent, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'a', 'button']).length) break;
      current = parent;
    }
    lifted.add(current);
  }
  return [...lifted].filter((el) => ![...lifted].some((other) => other !== el && closest(el.parent as AnyNode, (a) => a === other)));
}

/** Inside a link or button of the card (not the card itself, which may be one link). */
function inCallToAction(el: Element, card: Element): boolean {
  return !!closest(el, (a) => tagName(a) === 'a' || tagName(a) === 'button', card);
}

function acceptableName(text: string): boolean {
  return !!text && text.length <= 50 && !findPrices(text).length && !PERIOD_LABEL_RE.test(text) && !isContactSalesText(text);
}

export function planName(ctx: PageContext, card: Element): string | null {
  const inCta = (el: Element): boolean => inCallToAction(el, card);
  // Most cards are named by the first pool: the others are looked for only when it finds nothing.
  const pools: (() => Element[])[] = [
    // Headings, and blocks classed as large ones, in the order they come: the name tops the card.
    () => descendants(card, (el) => HEADING_TAGS.has(tagName(el)) || (isLeafBlock(el) && headingClassLevel(el) <= 4)),
    () => descendants(card, (el) => NAME_CLASS_RE.test(classAndId(el))),
    () => descendants(card, (el) => headingClassLevel(el) < 7).sort((a, b) => headingClassLevel(a) - headingClassLevel(b)),
    () => findAll(card, ['strong', 'b', 'dt', 'th']),
    () => descendants(card, (el) => BOLD_CLASS_RE.test(el.attribs?.class ?? '')),
  ];
  for (const pool of pools) {
    for (const el of pool()) {
      if (inCta(el)) continue;
      const first = HEADING_TAGS.has(tagName(el)) ? firstLine(ctx, el) : null;
      if (first && acceptableName(first)) return first;
      const text = ctx.dom.text(el);
      if (acceptableName(text)) return text;
      // "<h2>Bootstrap <strong>$49</strong>/month</h2>": the heading names the plan before its price.
      const lead = HEADING_TAGS.has(tagName(el)) ? nameBeforePrice(text) : null;
      if (lead) return lead;
    }
  }
  return null;
}

/** "<h3><strong>Community</strong><br/>Quick and simple for community projects</h3>": the name over its tagline; null without a line break. */
function firstLine(ctx: PageContext, heading: Element): string | null {
  const at = heading.children.findIndex((c) => isElement(c) && tagName(c) === 'br');
  if (at <= 0) return null;
  const text = heading.children
    .slice(0, at)
    .map((c) => (c.type === 'text' ? c.data : isElement(c) ? ctx.dom.text(c) : ''))
    .join(' ');
  return collapseWhitespace(text) || null;
}

/** "Enterprise Starts at $499" → "Enterprise"; null when nothing but a price phrase leads. */
function nameBeforePrice(text: string): string | null {
  const first = findPrices(text)[0];
  const lead = first ? cleanLabel(text.slice(0, first.index)) : '';
  return /\p{L}/u.test(lead) && acceptableName(lead) ? lead : null;
}

function isCardLike(ctx: PageContext, card: Element, priceCount: number): boolean {
  if (priceCount > MAX_PRICES_PER_CARD || ctx.dom.size(card) > MAX_CARD_TEXT) return false;
  if (!namesOnePlan(ctx, card, priceCount)) return false;
  if (isPriceList(ctx, card)) return false;
  const lines = descendants(card, (el) => isLeafBlock(el) && BLOCK_TAGS.has(tagName(el)) && ctx.dom.size(el) > 0);
  // Text standing loose beside a card's heading ("<li><h2>Bronze $99</h2> Up to 10 servers</li>") is a line too.
  const headed = card.children.some((c) => HEADING_TAGS.has(tagName(c)));
  const loose = headed ? card.children.filter((c) => c.type === 'text' && /\p{L}/u.test(c.data)).length : 0;
  return lines.length + loose >= 2;
}

/**
 * A card names one plan; a block with several headings is a section of cards. Past two headings, a
 * block with one price is still a card when one heading outranks the rest: "<h2>Business</h2>" over
 * its feature groups ("<h4>Licensing</h4>", "<h4>Dedicated Support</h4>") and its price "<h3>$1500</h3>";
 * or when at most one heading comes before its price, the others heading its feature groups.
 */
function namesOnePlan(ctx: PageContext, card: Element, priceCount: number): boolean {
  const headings = descendants(card, (el) => HEADING_TAGS.has(tagName(el)));
  if (headings.length <= 2) return true;
  if (priceCount !== 1) return false;
  const top = Math.min(...headings.map((h) => Number(tagName(h)[1])));
  if (headings.filter((h) => Number(tagName(h)[1]) === top).length === 1) return true;
  // Headings below the price head the plan's feature groups ("<h3>Functions</h3>", "<h3>Autoscaling</h3>").
  const priced = descendants(card, (el) => isLeafBlock(el) && findPrices(ctx.dom.text(el)).length > 0)[0];
  if (!priced) return false;
  const marks = descendants(card, (el) => el === priced || HEADING_TAGS.has(tagName(el)));
  return marks.indexOf(priced) <= 1;
}

/** A list whose items name what they price ("**RAM**: $10 / GB / mo") is a price list, not a card. */
function isPriceList(ctx: PageContext, list: Element): boolean {
  if (tagName(list) !== 'ul' && tagName(list) !== 'ol') return false;
  const labelled = childElements(list).filter((li) => {
    const text = ctx.dom.text(li);
    const first = findPrices(text)[0];
    return first && /\p{L}/u.test(text.slice(0, first.index));
  });
  return labelled.length >= 2;
}

function labelledBy(ctx: PageContext, el: Element): string {
  const ids = (attr(el, 'aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => {
    const target = ctx.byId.get(id);
    return target ? ctx.dom.text(target) : '';
  }).join(' ');
}

/** The billing period an element's surroundings talk about: a toggle panel, a class, a label. */
function contextPeriod(ctx: PageContext, el: Element): BillingPeriod | null {
  let next: AnyNode | null = el.next;
  while (next && !isElement(next)) next = next.next;
  for (let current: AnyNode | null = el; current && current !== ctx.root.parent; current = current.parent) {
    if (!isElement(current)) continue;
    const descriptors = [classAndId(current), labelledBy(ctx, current)];
    for (const [name, value] of Object.entries(current.attribs ?? {})) {
      if (name.startsWith('data-') && value.length < 40) descriptors.push(`${name} ${value}`);
    }
    const period = periodFromLabel(descriptors.join(' '));
    if (period) return period;
  }
  const sibling = next && isElement(next) ? next : null;
  if (sibling && ctx.dom.text(sibling).length <= 80 && BILLED_YEARLY_RE.test(ctx.dom.text(sibling)) && !findPrices(ctx.dom.text(sibling)).length) {
    return 'year';
  }
  return null;
}

/** "<span>$32</span> <span>/mo</span>": the unit or period written in a following sibling. */
function siblingTail(ctx: PageContext, el: Element): string {
  for (let next: AnyNode | null = el.next; next; next = next.next) {
    if (!isElement(next)) continue;
    const text = ctx.dom.text(next);
    if (!text || findPrices(text).length) continue;
    return text.length <= 30 && /^(?:\/|per\b|a\s|each\b|monthly|yearly|annually)/i.test(text) ? text : '';
  }
  return '';
}

/** Prices of one price element, with the period its surroundings give when the text is silent. */
export function readPrices(ctx: PageContext, el: Element): FoundPrice[] {
  const context = contextPeriod(ctx, el);
  const own = ctx.dom.text(el);
  const found = findPrices(own);
  const tail = found.length === 1 && found[0].price.period === 'unknown' && !found[0].price.unit ? siblingTail(ctx, el) : '';
  const prices = tail ? findPrices(`${own} ${tail}`).slice(0, 1) : found;
  return prices.map((found) => {
    const period = found.price.period;
    if (context === 'year' && (period === 'month' || period === 'unknown')) return asYearlyBilling(found, `${found.price.text} billed yearly`);
    if (context === 'month' && period === 'unknown') return { ...found, price: { ...found.price, period: 'month' } };
    return found;
  });
}

function cardFeatures(ctx: PageContext, card: Element, exclude: Set<string>): string[] {
  const items = findAll(card, 'li');
  const candidates = items.length
    ? items.map((li) => ({ el: li, text: ownListItemText(ctx.dom, li), needsCheck: false }))
    : descendants(card, (el) => isLeafBlock(el) && BLOCK_TAGS.has(tagName(el))).map((el) => ({ el, text: ctx.dom.text(el), needsCheck: true }));
  const features: string[] = [];
  for (const { el, text, needsCheck } of candidates) {
    if (!text || exclude.has(text) || text.length > 200 || findPrices(text).length && !items.length) continue;
    if (inCallToAction(el, card)) continue;
    const mark = featureMark(ctx.dom, el);
    // Without a list, a line is a feature when marked as one or when it counts what the plan allows ("Up to 50 consumers").
    if (mark === 'cross' || (needsCheck && mark !== 'check' && !isAllowance(text))) continue;
    if (!features.includes(text)) features.push(text);
  }
  // Label/value lines ("Users: 5", "API checks / 10,000") are limits whether or not a mark shows them.
  const limits = limitLines(ctx.dom, card).filter((line) => !features.some((f) => f.replace(/\s*[:/]\s*/, ': ') === line));
  return [...features, ...limits];
}

/**
 * A short line counting what a plan allows: "3 apps and 3 users", "Up to 15 active app instances
 * and 50 consumers". Not a rate ("7 / month", "1 min / 10 min"): those are prices and schedules.
 */
const ALLOWANCE_RE = /^(?:up\s+to\s+|unlimited\s+|includes\s+)?\d[\d,.]*\s*[km]?\s+\p{L}{3,}/iu;
function isAllowance(text: string): boolean {
  return text.length <= 120 && ALLOWANCE_RE.test(text) && !text.includes('/');
}

/**
 * A list item is a feature that may mention money ("$5 of usage included"), unless it is the card's
 * price line: classed as a price, or nothing but a price ("<li>$29<span>/month</span></li>").
 */
function isPriceLine(ctx: PageContext, el: Element): boolean {
  if (tagName(el) !== 'li' || PRICE_CLASS_RE.test(el.attribs?.class ?? '')) return true;
  const text = ctx.dom.text(el);
  const rest = findPrices(text).reduceRight((t, p) => t.slice(0, p.index) + t.slice(p.end), text);
  return !/\w/.test(rest);
}

/** "Pricing coming soon…", "TBA": a plan shown without its price yet. */
const COMING_SOON_RE = /\b(?:TBA|TBD|coming soon|to be announced)\b/i;

/** Short lines of a card saying what it costs without an amount: "Free", "Contact sales", "Pricing coming soon". */
function priceNotesOf(ctx: PageContext, card: Element): string[] {
  // A link or button saying "Contact us" is the card's call to action; a heading saying it is its price.
  return descendants(card, (el) => isLeafBlock(el) && !inCallToAction(el, card))
    .map((el) => ctx.dom.text(el))
    .filter((t) => t.length <= 40 && (isFreeText(t) || isContactSalesText(t) || COMING_SOON_RE.test(t)));
}

function cardDraft(ctx: PageContext, card: Element, priceEls: Element[]): PlanDraft | null {
  const name = planName(ctx, card);
  if (!name) return null;
  const own = priceEls.filter((p) => closest(p, (a) => a === card) && isPriceLine(ctx, p));
  const prices = own.flatMap((p) => readPrices(ctx, p));
  const cta = callToAction(ctx.dom, card);
  const priceNotes = priceNotesOf(ctx, card);
  const exclude = new Set([name, cta ?? '', ...own.map((p) => ctx.dom.text(p))]);
  return { name, prices, features: cardFeatures(ctx, card, exclude), cta, priceNotes };
}

function signature(el: Element): string {
  return `${tagName(el)}|${classTokens(el).filter((c) => !/active|selected|featured|popular|highlight|recommended|primary|blue|dark|\d/i.test(c)).sort().join(' ')}`;
}

/** The classes every card carries ("plan" of "plan free", "plan bootstrap"). */
function sharedClasses(cards: Element[]): string[] {
  return cards.length ? classTokens(cards[0]).filter((c) => cards.every((card) => classTokens(card).includes(c))) : [];
}

function hasClasses(el: Element, tag: string, classes: string[]): boolean {
  return classes.length > 0 && tagName(el) === tag && classes.every((c) => classTokens(el).includes(c));
}

export interface CardPlans {
  drafts: PlanDraft[];
  cards: Element[];
}

/**
 * Plan cards: sibling blocks that each carry a plan name and a price. Walking up from every price,
 * the first ancestor whose priced children are all named, card-shaped blocks is a plan group.
 */
export function readPlanCards(ctx: PageContext, skip: (el: Element) => boolean): CardPlans {
  const priceEls = findPriceElements(ctx, skip);
  const pricedCount = new Map<Element, number>();
  for (const p of priceEls) {
    for (let current: AnyNode | null = p; current && current !== ctx.root.parent; current = current.parent) {
      if (isElement(current)) pricedCount.set(current, (pricedCount.get(current) ?? 0) + 1);
    }
  }
  const groups = new Set<Element>();
  // Each ancestor is judged once, however many prices sit below it.
  const judged = new Map<Element, boolean>();
  const isGroup = (parent: Element): boolean => {
    const known = judged.get(parent);
    if (known !== undefined) return known;
    const priced = childElements(parent).filter((c) => pricedCount.has(c));
    const sameTag = priced.every((c) => tagName(c) === tagName(priced[0]));
    const named = (c: Element): boolean => isCardLike(ctx, c, pricedCount.get(c) ?? 0) && planName(ctx, c) !== null;
    const verdict = (priced.length >= 2 && sameTag && priced.every(named)) || (priced.length === 1 && named(priced[0]) && notedSibling(ctx, parent, priced[0], named));
    judged.set(parent, verdict);
    return verdict;
  };
  for (const p of priceEls) {
    for (let node: Element = p; node !== ctx.root && node.parent && isElement(node.parent); node = node.parent) {
      const parent = node.parent;
      if (groups.has(parent)) break;
      if (isGroup(parent)) {
        groups.add(parent);
        break;
      }
    }
  }
  // The most specific groups win: a group holding another group is a page section.
  const innermost = [...groups].filter((g) => ![...groups].some((other) => other !== g && closest(other.parent as AnyNode, (a) => a === g)));
  const drafts: PlanDraft[] = [];
  const cards: Element[] = [];
  for (const group of innermost) {
    const children = childElements(group);
    const priced = children.filter((c) => pricedCount.has(c));
    const pricedShapes = new Set(priced.map(signature));
    const shared = sharedClasses(priced);
    for (const card of children) {
      // Unpriced siblings shaped like the priced cards are plans too ("Enterprise — Contact sales"),
      // whatever class names the plan itself (<article class="plan free"> beside "plan bootstrap").
      const alike = pricedShapes.has(signature(card)) || hasClasses(card, tagName(priced[0]), shared) || (priced.length === 1 && kin(card, priced[0]));
      if (!pricedCount.has(card) && !alike) continue;
      const draft = cardDraft(ctx, card, priceEls);
      if (!draft) continue;
      if (!pricedCount.has(card) && !draft.priceNotes.length && !isContactSalesText(draft.cta ?? '')) continue;
      // A block whose prices are all labelled rates ("Input: $5.00 per 1 million tokens") prices no plan.
      if (pricedCount.has(card) && !draft.prices.length && !draft.priceNotes.length && labelledRates(ctx, card, priceEls)) continue;
      drafts.push(draft);
      cards.push(card);
    }
  }
  for (const card of loneCards(ctx, priceEls, pricedCount, cards)) {
    const draft = cardDraft(ctx, card, priceEls);
    if (draft) {
      drafts.push(draft);
      cards.push(card);
    }
  }
  return { drafts, cards };
}

/** "Input: $5.00 per 1 million tokens": every price of the block follows a label and a colon. */
function labelledRates(ctx: PageContext, card: Element, priceEls: Element[]): boolean {
  const inside = priceEls.filter((p) => closest(p, (a) => a === card));
  return inside.length > 0 && inside.every((p) => /^[^:$€£\d]{1,40}:\s*\S*[$€£]/u.test(ctx.dom.text(p)));
}

/**
 * One priced card is a plan among plans when a sibling of its shape names a plan and says what it
 * costs without an amount ("Free", "Contact sales", "TBA — pricing coming soon").
 */
function notedSibling(ctx: PageContext, parent: Element, card: Element, named: (c: Element) => boolean): boolean {
  return childElements(parent).some((c) => c !== card && kin(c, card) && named(c) && priceNotesOf(ctx, c).length > 0);
}

/** Shaped alike: the same tag, and the same classes or some class in common (`col-sm box-light` beside `col-sm box-darker`). */
function kin(a: Element, b: Element): boolean {
  if (tagName(a) !== tagName(b)) return false;
  const classes = classTokens(b);
  return signature(a) === signature(b) || classTokens(a).some((c) => classes.includes(c));
}

/**
 * A plan shown in a column of its own ("On-premise" beside the "Hosted" cards): a priced block
 * outside every group, shaped like the grouped cards, is a card too.
 */
function loneCards(ctx: PageContext, priceEls: Element[], pricedCount: Map<Element, number>, cards: Element[]): Element[] {
  const shapes = new Set(cards.map(signature));
  const taken = new Set<AnyNode>(cards);
  const within = (el: Element) => !!closest(el, (a) => taken.has(a));
  const lone: Element[] = [];
  for (const p of priceEls) {
    if (within(p)) continue;
    let node: AnyNode | null = p.parent;
    while (node && node !== ctx.root && isElement(node) && !shapes.has(signature(node))) node = node.parent;
    if (!node || node === ctx.root || !isElement(node) || cards.some((c) => closest(c, (a) => a === node))) continue;
    if (!isCardLike(ctx, node, pricedCount.get(node)!) || !planName(ctx, node)) continue;
    lone.push(node);
    taken.add(node);
  }
  return lone;
}
