import type { PageContext } from './page-context';
import type { FoundPrice } from './price-parser';

/** "1 compute credit can be bought for 1 US dollar", "1 credit = $0.01": the page sells credits. */
const CREDIT_SOLD_RE = /\b1\s+(?:[\p{L}-]+\s+)?credit\s+(?:can\s+be\s+bought\s+for|costs?|is|=|equals)\s+(?:\$|€|£|\d[\d.,]*\s*(?:US\s+)?(?:dollars?|euros?|USD|EUR))/iu;
const CREDITS_RE = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s+(?:[\p{L}-]+\s+)?credits?\b/iu;

/**
 * Usage priced in a page's own credits ("1000 minutes of 1 virtual CPU for 3 compute credits")
 * where the page states what a credit costs: the credit amount is the price, without a currency.
 */
export function creditPrices(ctx: PageContext): ((text: string) => FoundPrice | null) | null {
  const text = ctx.dom.flat(ctx.root);
  // The literal probe first: the unicode pattern costs as much as the rest of the pricing readers on a long page.
  if (!/credit/i.test(text) || !CREDIT_SOLD_RE.test(text)) return null;
  return (text) => {
    const m = CREDITS_RE.exec(text);
    if (!m) return null;
    const amount = Number(m[1].replace(/,/g, ''));
    return { price: { amount, currency: null, period: 'unknown', unit: null, text: m[0] }, index: m.index, end: m.index + m[0].length, derived: false };
  };
}

/** "Docker Layer Caching (DLC) is available for 200 credits per job run": a feature and its rate in credits. */
const CREDIT_RATE_RE = /^(\p{Lu}[^.;:()]{2,60}?)\s+(?:\([^)]{1,20}\)\s+)?(?:is|are)\s+(?:available\s+for|charged\s+at|billed\s+at|priced\s+at)\s+(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s+credits?\s+per\s+([\p{L}][\p{L}\s-]{0,20}?)\s*(?:[.;,]|$)/u;

/**
 * A usage rate stated in credits in running text, on any page: the subject sentence names what is
 * priced, the rate is its price in credits per unit, without a currency.
 */
export function creditRate(sentence: string): { label: string; price: FoundPrice } | null {
  const m = CREDIT_RATE_RE.exec(sentence.trim());
  if (!m) return null;
  const amount = Number(m[2].replace(/,/g, ''));
  const text = `${m[2]} credits per ${m[3]}`;
  const index = sentence.indexOf(m[2]);
  return { label: m[1].trim(), price: { price: { amount, currency: null, period: 'unknown', unit: `per ${m[3].trim()}`, text }, index, end: index + text.length, derived: false } };
}
