import type { Element } from 'domhandler';
import { chargedEvery } from '../billing-cadence';
import type { BillingPeriod, PlanPrice, PricingPlan } from '../capture.types';
import { attr, classAndId, descendants, DomText, findAll } from './dom';
import { keyOf, KeyAllocator } from './keys';
import { isContactSalesText, isFreeText, type FoundPrice } from './price-parser';

/** A plan as read from a card, a table column or structured data, before it is finalised. */
export interface PlanDraft {
  name: string;
  prices: FoundPrice[];
  features: string[];
  cta: string | null;
  /** Texts of the price area that are not amounts ("Free", "Contact sales", "Custom"). */
  priceNotes: string[];
}

export const PERIOD_ORDER: BillingPeriod[] = ['month', 'year', 'week', 'day', 'hour', 'one_time', 'unknown'];

const CHECK_CLASS_RE = /(?:^|[\s_-])(?:check|checkmark|check-circle|checked|tick|included|feature-on|yes|available)(?:$|[\s_-])/i;
const CROSS_CLASS_RE = /(?:^|[\s_-])(?:times|cross|close|xmark|x-mark|unchecked|not-included|excluded|unavailable|feature-off|minus|disabled)(?:$|[\s_-])/i;
const CHECK_TEXT_RE = /^[\s]*[✓✔☑✅√]/;
const CROSS_TEXT_RE = /^[\s]*(?:[✗✘✕×❌–—-]|no|not included|n\/a)\s*$|^[\s]*[✗✘✕×❌]/i;
const INCLUDED_TEXT_RE = /^(?:yes|included|✓|✔)$/i;
const BADGE_RE = /\b(?:most popular|recommended|best value|popular|new|save \d+%|\d+% off)\b/gi;

export type Mark = 'check' | 'cross' | null;

/** Whether an element marks a feature as included (check icon) or not (cross icon). */
export function featureMark(dom: DomText, el: Element): Mark {
  const text = dom.text(el);
  if (CHECK_TEXT_RE.test(text)) return 'check';
  if (CROSS_TEXT_RE.test(text)) return 'cross';
  const markers = [el, ...descendants(el)].slice(0, 12);
  for (const m of markers) {
    const descriptor = `${classAndId(m)} ${attr(m, 'aria-label') ?? ''} ${attr(m, 'alt') ?? ''} ${attr(m, 'title') ?? ''} ${attr(m, 'src') ?? ''}`;
    if (CROSS_CLASS_RE.test(descriptor) || /not included|unavailable/i.test(descriptor)) return 'cross';
    if (CHECK_CLASS_RE.test(descriptor) || /\bincluded\b/i.test(descriptor)) return 'check';
  }
  if (INCLUDED_TEXT_RE.test(text)) return 'check';
  return null;
}

export function cleanPlanName(name: string): string {
  return name.replace(BADGE_RE, ' ').replace(/\s+/g, ' ').replace(/^[\s:–—-]+|[\s:–—-]+$/g, '').trim();
}

const priceLabel = (found: FoundPrice): string | null => /^([\p{L}][\p{L} -]*):\s/u.exec(found.price.text)?.[1] ?? null;

/** One offer: charged at the same period ("$8/mo billed yearly" and "$96/year" are one), per the same unit. */
function samePriceSlot(a: PlanPrice, b: PlanPrice): boolean {
  return chargedEvery(a) === chargedEvery(b) && (a.unit ?? '').toLowerCase() === (b.unit ?? '').toLowerCase();
}

/**
 * One price per billing period and unit. A written yearly total wins over one computed from a
 * "per month, billed yearly" figure; their texts are kept together so the reader sees both.
 */
export function mergePrices(found: FoundPrice[]): PlanPrice[] {
  const slots: FoundPrice[] = [];
  for (const candidate of found) {
    const index = slots.findIndex((s) => samePriceSlot(s.price, candidate.price));
    if (index < 0) {
      slots.push(candidate);
      continue;
    }
    const existing = slots[index];
    if (existing.price.text === candidate.price.text && existing.price.amount === candidate.price.amount) continue;
    const [primary, secondary] = existing.derived && !candidate.derived ? [candidate, existing] : [existing, candidate];
    if (primary.derived === secondary.derived && primary.price.amount !== secondary.price.amount) {
      // Two amounts under their own labels ("Regional: $0.2", "Global: $0.4") are two prices.
      if (priceLabel(existing) && priceLabel(candidate) && priceLabel(existing) !== priceLabel(candidate)) slots.push(candidate);
      // Two different written amounts for one slot (e.g. a range): keep the first as written.
      continue;
    }
    slots[index] = {
      ...primary,
      price: { ...primary.price, text: secondary.derived ? `${secondary.price.text} (${primary.price.text})` : primary.price.text },
    };
  }
  return slots
    .map((s) => s.price)
    .sort((a, b) => PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period));
}

export function finalizePlans(drafts: PlanDraft[]): PricingPlan[] {
  const byKey = new Map<string, PlanDraft>();
  for (const draft of drafts) {
    const name = cleanPlanName(draft.name);
    if (!name) continue;
    const key = keyOf(name);
    const existing = byKey.get(key);
    if (existing) {
      // The same plan shown again (e.g. under a yearly toggle panel): merge what it adds.
      // The same amount read again is the same price, unless both say per what and not alike ("per user", "per seat"):
      // kept apart, a change to one of them is a change of that price.
      const unitsApart = (a: FoundPrice, b: FoundPrice): boolean => !!a.price.unit && !!b.price.unit && a.price.unit.toLowerCase() !== b.price.unit.toLowerCase();
      const known = (p: FoundPrice): boolean =>
        existing.prices.some((e) => e.price.amount === p.price.amount && (e.price.period === p.price.period || p.price.period === 'unknown') && !unitsApart(e, p));
      existing.prices.push(...draft.prices.filter((p) => !known(p)));
      existing.features.push(...draft.features.filter((f) => !existing.features.includes(f)));
      existing.cta ??= draft.cta;
      existing.priceNotes.push(...draft.priceNotes);
    } else {
      byKey.set(key, { ...draft, name, prices: [...draft.prices], features: [...draft.features], priceNotes: [...draft.priceNotes] });
    }
  }
  const keys = new KeyAllocator();
  return [...byKey.values()].map((draft) => {
    const prices = mergePrices(draft.prices);
    const positive = prices.some((p) => p.amount !== null && p.amount > 0);
    const freeNote = draft.priceNotes.find(isFreeText);
    const contactNote = draft.priceNotes.find(isContactSalesText);
    if (!prices.length && freeNote) prices.push({ amount: 0, currency: null, period: 'unknown', unit: null, text: freeNote });
    if (!prices.length && contactNote) prices.push({ amount: null, currency: null, period: 'unknown', unit: null, text: contactNote });
    const free = !positive && prices.some((p) => p.amount === 0);
    const contactSales = (!positive && !free && !!contactNote) || (!!draft.cta && isContactSalesText(draft.cta));
    return {
      key: keys.take(keyOf(draft.name)),
      name: draft.name,
      prices,
      features: draft.features,
      cta: draft.cta,
      contact_sales: contactSales,
      free,
    };
  });
}

/** Button-like links and buttons in a card; the first one is the plan's call to action. */
export function callToAction(dom: DomText, card: Element): string | null {
  const candidates = findAll(card, ['a', 'button']).filter((el) => {
    const text = dom.text(el);
    return text.length > 0 && text.length <= 40;
  });
  const buttonLike = candidates.find((el) => /btn|button|cta/i.test(el.attribs?.class ?? '') || el.name === 'button');
  const chosen = buttonLike ?? candidates[candidates.length - 1];
  return chosen ? dom.text(chosen) : null;
}
