import { chargedEvery } from '../billing-cadence';
import type { Element } from 'domhandler';
import type { BillingPeriod, PricingFields } from '../capture.types';
import { closest, DomText, findAll, tagName } from './dom';
import { readOutline } from './outline';
import type { PageContext } from './page-context';
import { findPrices, periodFromLabel } from './price-parser';
import { readPlanCards } from './pricing-cards';
import { readHeadingPlans } from './pricing-heading-plans';
import { readLineItems } from './pricing-line-items';
import { readListPlans } from './pricing-list-plans';
import { readProsePlans } from './pricing-prose-plans';
import { finalizePlans, PERIOD_ORDER, type PlanDraft } from './pricing-plan';
import { plansFromStructuredData } from './pricing-structured';
import { readPricingTables } from './pricing-table';
import { isStruck } from './struck';

const TRIAL_RE =
  /\b(?:\d+|one|two|three|seven|fourteen|thirty)[-\s](?:day|week|month)s?\s+(?:(?:risk[-\s]free|no[-\s]risk)\s+)?free\s+trial\b|\bfree\s+(?:\d+[-\s](?:day|week|month)s?\s+)?trial\s+(?:for\s+)?\d+\s+(?:days|weeks|months)\b|\btry\s+(?:it\s+)?(?:\w+\s+)?free\s+for\s+\d+\s+(?:days|weeks|months)\b|\bfree\s+for\s+(?:the\s+first\s+)?\d+\s+(?:days|weeks|months)\b|\b(?:\d+|fourteen|thirty)[-\s](?:day|week|month)s?\s+trial(?:\s+period)?\b|\btrial(?:\s+period)?\s+(?:lasts|is)\s+(?:for\s+)?\d+\s+(?:days|weeks|months)\b/i;
const TOGGLE_LABEL_MAX = 30;

/** Where a trial phrase can be: it says "free" or "trial", and holds only words, blanks and dashes. */
const TRIAL_WORD_RE = /free|trial/gi;
const PHRASE_CHAR_RE = /[\w\s-]/;

/**
 * The first trial phrase of the text: TRIAL_RE run only over the stretches of words around "free"
 * and "trial" (the first match there is the first in the text) rather than tried at every
 * character of a long page.
 */
function firstTrialPhrase(text: string): string | null {
  TRIAL_WORD_RE.lastIndex = 0;
  for (let word = TRIAL_WORD_RE.exec(text); word; word = TRIAL_WORD_RE.exec(text)) {
    let start = word.index;
    while (start > 0 && PHRASE_CHAR_RE.test(text[start - 1])) start--;
    let end = TRIAL_WORD_RE.lastIndex;
    while (end < text.length && PHRASE_CHAR_RE.test(text[end])) end++;
    const m = TRIAL_RE.exec(text.slice(start, end));
    if (m) return m[0];
    TRIAL_WORD_RE.lastIndex = end;
  }
  return null;
}

function freeTrial(ctx: PageContext): string | null {
  const phrase = firstTrialPhrase(ctx.dom.flat(ctx.root));
  if (phrase) return phrase;
  // Without a duration, only a call to action names a trial ("Start free trial").
  const cta = findAll(ctx.root, ['a', 'button']).map((el) => ctx.dom.text(el)).find((t) => t.length <= 40 && /\bfree trial\b|\btry (?:it )?(?:for )?free\b/i.test(t));
  return cta ?? null;
}

/** Periods offered by a monthly/yearly switch (radio labels, tabs, toggle buttons). */
function togglePeriods(ctx: PageContext): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  for (const el of findAll(ctx.root, ['label', 'button', 'a', 'li', 'span'])) {
    const role = el.attribs?.role ?? '';
    const isToggle = tagName(el) === 'label' || tagName(el) === 'button' || role === 'tab' || role === 'radio' || role === 'switch' || /toggle|switch|tab|billing/i.test(el.attribs?.class ?? '');
    const text = ctx.dom.text(el);
    if (!isToggle || !text || text.length > TOGGLE_LABEL_MAX) continue;
    if (!/^(?:pay\s+|billed\s+)?(?:monthly|yearly|annually|annual|month|year)\b/i.test(text)) continue;
    const period = periodFromLabel(text);
    if (period) periods.push(period);
  }
  return periods;
}

/** A plan named in prose that a table or card already shows ("Standard plan" beside the "Standard (legacy)" column). */
function namedAlready(name: string, drafts: PlanDraft[]): boolean {
  const wanted = name.toLowerCase();
  return drafts.some((d) => {
    const other = d.name.toLowerCase().trim();
    return other === wanted || (other.startsWith(wanted) && /^[\s(–-]/.test(other.slice(wanted.length)));
  });
}

/**
 * Pricing reads the page's text without struck-through prices, so "<del>$89.99</del> $69.99 /year"
 * is a yearly price of $69.99 whatever markup strikes the old one.
 */
export function extractPricing(page: PageContext): PricingFields {
  const ctx: PageContext = { ...page, dom: new DomText(isStruck) };
  const tables = readPricingTables(ctx);
  const inTable = (el: Element): boolean => !!closest(el, (a) => tables.planTables.includes(a) || tables.usageTables.includes(a), ctx.root.parent);
  const cards = readPlanCards(ctx, inTable);
  const inCard = new Set(cards.cards);
  const headed = readHeadingPlans(ctx, (el) => inCard.has(el) || inTable(el));
  const inHeaded = new Set(headed.blocks);
  const listed = readListPlans(ctx, (el) => inHeaded.has(el) || !!closest(el, (a) => inCard.has(a), ctx.root));
  const inListed = new Set(listed.items);
  const read = [...tables.drafts, ...cards.drafts, ...headed.drafts, ...listed.drafts];
  const prose = readProsePlans(ctx, (el) => inHeaded.has(el) || inListed.has(el) || inTable(el) || !!closest(el, (a) => inCard.has(a), ctx.root), read.length);
  const plans = finalizePlans([...read, ...prose.drafts.filter((d) => !namedAlready(d.name, read)), ...plansFromStructuredData(ctx)]);
  // A prose line that prices a plan and more ("The Pro plan is $49/month … the price is $99 per
  // environment") is read for line items too, all but those naming a plan.
  const shared = new Set(prose.blocks.filter((el) => findPrices(ctx.dom.text(el)).length > 1));
  const claimed = new Set<Element>([...tables.planTables, ...cards.cards, ...headed.blocks, ...listed.items, ...prose.blocks.filter((el) => !shared.has(el))]);
  const lineItems = readLineItems(ctx, (el) => claimed.has(el), tables.usageTables, tables.usageRows, { blocks: shared, planNames: plans.map((p) => p.name) });
  const periods = new Set<BillingPeriod>([...plans.flatMap((p) => p.prices.map(chargedEvery)), ...(plans.length ? togglePeriods(ctx) : [])]);
  periods.delete('unknown');
  return {
    plans,
    line_items: lineItems,
    free_trial: freeTrial(ctx),
    billing_periods: PERIOD_ORDER.filter((p) => periods.has(p)),
    // A pricing page's own sections are its h1/h2 headings; h3s are plan cards and FAQ questions,
    // unless the page prices no plan: then an h3 under no h2 is a topic ("### Starter Credits").
    sections: readOutline(page, 2, plans.length === 0),
  };
}
