import type { Element } from 'domhandler';
import { closest, findAll, headingLevel, HEADING_TAGS, ownListItemText, tagName } from './dom';
import type { PageContext } from './page-context';
import { findPrices, isContactSalesText, isFreeText } from './price-parser';
import { readPrices } from './pricing-cards';
import { callToAction, type PlanDraft } from './pricing-plan';
import { splitSections, type Section } from './sections';

/** A price line is short: "$29/month, or $290/year", not a paragraph that mentions a price. */
const PRICE_LINE_MAX = 90;
const NAME_MAX = 50;
const MIN_PLANS = 2;
const PRICE_LEAD_RE = /^\W*(?:(?:from|starting at|starts at|only|just)\s*)?$/i;
const PLAN_NAME_RE = /\bplan\b/i;
const PRICE_LABEL_RE = /^\W*(?:price|cost|pricing|fee)s?\s*:\s*/i;
/** A price for a term of several periods: "17.500 € / 3 years". */
const TERM_RE = /^per \d+ (?:years?|months?)$/i;

interface HeadingPlan {
  draft: PlanDraft;
  priced: boolean;
  blocks: Element[];
}

const inTable = (ctx: PageContext, el: Element): boolean => !!closest(el, (a) => tagName(a) === 'table', ctx.root);

/** A price line starts with its price ("**$29** per month", "From $29/month"), not with a label. */
function isPriceLine(text: string): boolean {
  const first = findPrices(text)[0];
  return !!first && text.length <= PRICE_LINE_MAX && PRICE_LEAD_RE.test(text.slice(0, first.index));
}

function headingPlan(ctx: PageContext, section: Section): HeadingPlan | null {
  const name = ctx.dom.text(section.heading);
  if (!name || name.length > NAME_MAX || findPrices(name).length) return null;
  const lines = section.paragraphs.filter((p) => !inTable(ctx, p) && ctx.dom.text(p).length <= PRICE_LINE_MAX);
  const items = section.listItems.filter((li) => !inTable(ctx, li) && !findAll(li, ['ul', 'ol']).length);
  // A price line may be labelled as one ("- **Cost:** $10 / 30 days", "- **Price:** Free").
  const leading = [...lines, ...items.slice(0, 1)];
  const texts = new Map(leading.map((el) => [el, (tagName(el) === 'li' ? ownListItemText(ctx.dom, el) : ctx.dom.text(el)).replace(PRICE_LABEL_RE, '')]));
  const lineText = (el: Element) => texts.get(el)!;
  const shortLines = leading.filter((el) => isPriceLine(lineText(el)));
  // A heading that says it is a plan ("Team - Fixed Annual Plan") may state its price in a sentence.
  const stated = PLAN_NAME_RE.test(name) ? section.paragraphs.find((p) => !inTable(ctx, p) && findPrices(ctx.dom.text(p)).length) : undefined;
  const priceLines = shortLines.length || !stated ? shortLines : [stated];
  const noteLines = leading.filter((el) => isFreeText(lineText(el)) || isContactSalesText(lineText(el)));
  const notes = noteLines.map(lineText);
  const listed = items.filter((li) => !priceLines.includes(li) && !noteLines.includes(li)).map((li) => ownListItemText(ctx.dom, li)).filter(Boolean);
  const features = listed.filter((text) => !findPrices(text).length);
  const prices = priceLines.flatMap((el) => readPrices(ctx, el).slice(0, el === stated ? 1 : undefined));
  // A plan states what it includes; a list of priced lines is a price list of line items. With no
  // list at all, a heading whose price line is a subscription ("7.200 € / year or 17.500 € / 3
  // years": every price per period or per term, none per unit) is a plan that says nothing more.
  const subscription = !listed.length && prices.length > 0 && prices.every(({ price }) => (price.period !== 'unknown' && price.unit === null) || TERM_RE.test(price.unit ?? ''));
  if ((!features.length && !subscription) || features.length * 2 < listed.length || (!priceLines.length && !notes.length)) return null;
  const blocks = [section.heading, ...lines, ...items];
  // A call to action is a line of its own, not a link inside a sentence ("Source: Belfius").
  const cta = blocks.map((b) => callToAction(ctx.dom, b)).find((c, i) => c !== null && c === ctx.dom.text(blocks[i]) && !features.includes(c)) ?? null;
  return {
    draft: { name, prices, features, cta, priceNotes: notes },
    priced: priceLines.length > 0,
    blocks,
  };
}

export interface HeadingPlans {
  drafts: PlanDraft[];
  /** Headings, price lines and feature items the plans were read from. */
  blocks: Element[];
}

/**
 * Plans written as a run of headings, each followed by its price line (or "Free", "Contact
 * sales") and a list of what it includes, as pricing pages rendered from Markdown are: the first
 * heading level at which at least two sections read so, one of them with an amount.
 */
export function readHeadingPlans(ctx: PageContext, claimed: (el: Element) => boolean): HeadingPlans {
  const headings = findAll(ctx.root, [...HEADING_TAGS]).filter((h) => !claimed(h) && !closest(h, claimed, ctx.root));
  for (let level = 1; level <= 6; level++) {
    // Each heading of the level opens one section: with fewer than two, the level cannot hold the plans.
    if (headings.filter((h) => headingLevel(h) === level).length < MIN_PLANS) continue;
    const boundaries = headings.filter((h) => headingLevel(h) <= level);
    const plans = splitSections(ctx.root, boundaries, ctx.dom)
      .filter((s) => headingLevel(s.heading) === level)
      .map((s) => headingPlan(ctx, s))
      .filter((p): p is HeadingPlan => p !== null);
    if (plans.length >= MIN_PLANS && plans.some((p) => p.priced)) {
      return { drafts: plans.map((p) => p.draft), blocks: plans.flatMap((p) => p.blocks) };
    }
  }
  return { drafts: [], blocks: [] };
}
