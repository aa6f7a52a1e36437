import type { Element } from 'domhandler';
import { childElements, findAll, ownListItemText, precedingHeading, tagName } from './dom';
import type { PageContext } from './page-context';
import { findPrices, isContactSalesText, isFreeText } from './price-parser';
import type { PlanDraft } from './pricing-plan';

const PLANS_HEADING_RE = /\bplans?\b/i;
const NAME_MAX = 40;
const MIN_PLANS = 2;

export interface ListPlans {
  drafts: PlanDraft[];
  /** The list items the plans were read from. */
  items: Element[];
}

/** "**Pro**: $20 / seat / mo" → Pro at its first price; "**Enterprise**: Custom pricing" → contact sales. */
function itemPlan(text: string): PlanDraft | null {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon > NAME_MAX) return null;
  const name = text.slice(0, colon).trim();
  const rest = text.slice(colon + 1).trim();
  if (findPrices(name).length || !/\p{L}/u.test(name)) return null;
  const first = findPrices(rest)[0];
  // The price leads the line; a description that mentions money further on is not a price line.
  if (first && /\p{L}/u.test(rest.slice(0, first.index))) return null;
  const notes = !first && (isFreeText(rest) || isContactSalesText(rest)) ? [rest] : [];
  if (!first && !notes.length) return null;
  return { name, prices: first ? [first] : [], features: [], cta: null, priceNotes: notes };
}

/**
 * Plans written as a list under a heading about plans ("### Plan Pricing": "**Hobby**: $5 / mo",
 * "**Enterprise**: Custom pricing"), as documentation pages summarise them: every item a name, a
 * colon and its price or price note, at least one of them an amount. Lists under other headings
 * ("Usage Pricing") stay line items.
 */
export function readListPlans(ctx: PageContext, claimed: (el: Element) => boolean): ListPlans {
  const found: ListPlans = { drafts: [], items: [] };
  for (const list of findAll(ctx.root, ['ul', 'ol'])) {
    const items = childElements(list).filter((li) => tagName(li) === 'li');
    if (items.length < MIN_PLANS || items.some(claimed) || !PLANS_HEADING_RE.test(precedingHeading(ctx.dom, list, ctx.root) ?? '')) continue;
    const drafts = items.map((li) => itemPlan(ownListItemText(ctx.dom, li)));
    if (drafts.some((d) => !d) || !drafts.some((d) => d!.prices.length)) continue;
    found.drafts.push(...(drafts as PlanDraft[]));
    found.items.push(...items);
  }
  return found;
}
