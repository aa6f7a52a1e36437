import type { BillingPeriod, PlanPrice } from '../capture.types';
import { escapeRegExp } from '../../common/regexp';

/** Reads prices as written on pricing pages: "$1,299.00/mo per seat", "1.99€ /month", "USD 20". */

const SYMBOLS: Record<string, string> = {
  'US$': 'USD', 'CA$': 'CAD', C$: 'CAD', A$: 'AUD', AU$: 'AUD', NZ$: 'NZD', HK$: 'HKD', S$: 'SGD', R$: 'BRL',
  $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY', '₪': 'ILS',
};
/** ISO codes of the currencies prices are read in. */
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'JPY', 'INR', 'SEK', 'NOK', 'DKK', 'PLN', 'BRL', 'MXN', 'SGD', 'HKD', 'CNY', 'ZAR', 'CZK'];
const WORDS: Record<string, string> = { euro: 'EUR', euros: 'EUR', dollar: 'USD', dollars: 'USD', pounds: 'GBP', cent: 'USD', cents: 'USD', '¢': 'USD' };
const CENTS_RE = /^(?:cents?|¢)$/i;

const SYMBOL_RE = Object.keys(SYMBOLS).sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
const CODE_RE = CURRENCY_CODES.join('|');
// Usage rates run to many decimal places ("$0.00063/min", "$0.0000166667 per GB-second"): after a
// decimal point any number of digits; after a decimal comma at most four (more would be thousands).
// After a currency symbol the leading zero may be left out ("$.10 per 100k").
const NUM_RE = String.raw`\d{1,3}(?:[,.]\d{3})+(?:[.,]\d{1,4})?|\d+(?:\.\d+|,\d{1,4})?`;

// Each form has its own left boundary: a symbol may follow a digit ("$39$32": two prices shown
// side by side by a monthly/yearly toggle), a bare number may not follow a letter or digit.
const MONEY_RE = new RegExp(
  String.raw`(?:(?<![A-Za-z$€£¥₹])(${SYMBOL_RE})\s?(${NUM_RE}|\.\d+)|(?<![A-Za-z])\b(${CODE_RE})\s?(${NUM_RE})|(?<![\w.,$€£¥₹])(${NUM_RE})\s?(${SYMBOL_RE}|¢|(?:${CODE_RE}|euros?|dollars?|pounds|cents?)\b))(?![\d])`,
  'g',
);

const CONTACT_RE =
  /\b(?:contact\s+(?:sales|us|our\s+sales(?:\s+team)?)|talk\s+to\s+(?:sales|us|an?\s+expert)|get\s+in\s+touch|get\s+(?:a\s+)?quote|request\s+(?:a\s+)?(?:quote|pricing|demo)|custom\s+(?:pricing|quote|price|plan)|let'?s\s+talk|book\s+a\s+(?:demo|call)|price\s+on\s+request|on\s+request)\b|^\s*custom\s*$/i;
const FREE_RE = /^\s*(?:free(?:\s+forever)?|(?:always\s+)?free|gratis|kostenlos|gratuit|\$?0(?:[.,]00)?\s*(?:\$|€|£|usd|eur)?(?:\s*\/\s*\w+)?)\s*$/i;
const YEARLY_BILLING_RE = /^\W{0,3}(?:(?:when\s+)?(?:billed|paid|charged|invoiced)\s+(?:annually|yearly|per\s+year|once\s+a\s+year|every\s+year)|(?:with\s+)?annual\s+(?:billing|plan|subscription|commitment))\b/i;
const MONTHLY_BILLING_RE = /^\W{0,3}(?:(?:billed|paid|charged)\s+monthly|month-to-month)\b/i;

const PERIOD_WORDS: [RegExp, BillingPeriod][] = [
  [/^(?:months?|mo|mos|mth|monthly|mon)\b/i, 'month'],
  [/^(?:years?|yr|yrs|annum|annually|yearly|annual|p\.?a\.?)(?![\w])/i, 'year'],
  [/^(?:weeks?|wk|weekly)\b/i, 'week'],
  [/^(?:days?|daily)\b/i, 'day'],
  [/^(?:hours?|hr|hrs|h|hourly)\b/i, 'hour'],
  [/^(?:one[-\s]?time|once|lifetime|one[-\s]?off)\b/i, 'one_time'],
];
const STOP_WORDS = new Set(['for', 'of', 'and', 'or', 'with', 'billed', 'plus', 'when', 'in', 'on', 'up', 'to', 'the', 'then', 'after', 'if', 'is', 'are', 'at', 'from', 'paid', 'charged', 'starting', 'excl', 'incl', 'vat', 'tax']);

export interface FoundPrice {
  price: PlanPrice;
  index: number;
  end: number;
  /** The amount was computed ("$8/mo billed annually" → 96/year), not written. */
  derived: boolean;
}

export function parseAmount(raw: string): number {
  let s = raw;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const parts = s.split(',');
    const thousands = parts.length > 2 || (parts[1].length === 3 && parts[0] !== '0');
    s = thousands ? parts.join('') : `${parts[0]}.${parts[1]}`;
  } else if (lastDot >= 0 && s.split('.').length > 2) {
    s = s.replace(/\./g, '');
  }
  return Number(s);
}

function periodOf(word: string): BillingPeriod | null {
  for (const [re, period] of PERIOD_WORDS) if (re.test(word)) return period;
  return null;
}

function daysToPeriod(days: number): BillingPeriod | null {
  if (days >= 28 && days <= 31) return 'month';
  if (days >= 360 && days <= 366) return 'year';
  if (days === 7) return 'week';
  if (days === 1) return 'day';
  return null;
}

interface Tail {
  period: BillingPeriod;
  unit: string | null;
  end: number;
  yearlyBilling: boolean;
}

/** Reads "/mo per user", "/GB per month", "per 30 days", ", billed annually" after an amount. */
function readTail(text: string, start: number): Tail {
  let pos = start;
  let period: BillingPeriod = 'unknown';
  let unit: string | null = null;
  for (let segment = 0; segment < 4; segment++) {
    const rest = text.slice(pos);
    // British shorthand: "$30 p/m", "£120 p/a", "pcm".
    const shorthand = /^\s*(?:(p\/m|p\/mo|pcm)|(p\/a|p\/y|p\.a\.))(?![\p{L}\d])/iu.exec(rest);
    if (shorthand) {
      if (period === 'unknown') period = shorthand[1] ? 'month' : 'year';
      pos += shorthand[0].length;
      continue;
    }
    const sep = /^\s*(\/|\bper\b|\ba\b|\ban\b|\beach\b|\bevery\b)?\s*/i.exec(rest)!;
    const hasSep = !!sep[1];
    const after = rest.slice(sep[0].length);
    const days = /^(\d+)\s*days?\b/i.exec(after);
    if (hasSep && days && daysToPeriod(Number(days[1]))) {
      if (period === 'unknown') period = daysToPeriod(Number(days[1]))!;
      pos += sep[0].length + days[0].length;
      continue;
    }
    // "per 1,000 requests", "per 1M tokens": a usage unit counted in a batch.
    const batch = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s?[kKmM]?)(?:\s+(?:thousand|million|billion))?\s+[\p{L}][\p{L}\d-]*/u.exec(after);
    if (hasSep && batch && sep[1] !== 'a' && sep[1] !== 'an' && !unit) {
      unit = `per ${batch[0]}`;
      pos += sep[0].length + batch[0].length;
      continue;
    }
    const wordMatch = /^[\p{L}][\p{L}\d-]*/u.exec(after);
    if (!wordMatch) break;
    const word = wordMatch[0];
    const wordPeriod = periodOf(word);
    if (wordPeriod && (hasSep || /^(?:monthly|yearly|annually|annual|weekly|daily|hourly|one[-\s]?time|once|lifetime)$/i.test(word) || /^\s*$/.test(sep[0]) && /^(?:mo|month)$/i.test(word))) {
      if (period === 'unknown') period = wordPeriod;
      pos += sep[0].length + word.length;
      continue;
    }
    if (hasSep && sep[1] !== 'a' && sep[1] !== 'an' && !STOP_WORDS.has(word.toLowerCase()) && !unit) {
      let words = word;
      const second = /^\s+([\p{L}][\p{L}\d-]*)/u.exec(after.slice(word.length));
      let consumed = word.length;
      const qualifier = /^(?:active|additional|extra|billable|monthly|concurrent|team|named)$/i.test(word);
      if (second && qualifier && !STOP_WORDS.has(second[1].toLowerCase()) && !periodOf(second[1]) && !/^(?:per|a|an|each|every)$/i.test(second[1])) {
        words = `${word} ${second[1]}`;
        consumed += second[0].length;
      }
      unit = `per ${words}`;
      pos += sep[0].length + consumed;
      continue;
    }
    break;
  }
  const rest = text.slice(pos);
  let yearlyBilling = false;
  const yearly = YEARLY_BILLING_RE.exec(rest);
  const monthly = MONTHLY_BILLING_RE.exec(rest);
  if (yearly) {
    yearlyBilling = true;
    pos += yearly[0].length;
  } else if (monthly) {
    if (period === 'unknown') period = 'month';
    pos += monthly[0].length;
  }
  return { period, unit, end: pos, yearlyBilling };
}

/**
 * "X per month, billed yearly" is the rate X a month, billed `annually`: the amount stays as
 * written. A written yearly total of the same offer, when the page has one too, is preferred by
 * `mergePrices` (the rate is marked derived: its yearly charge is computed).
 */
export function asYearlyBilling(found: FoundPrice, text?: string): FoundPrice {
  const { price } = found;
  if (price.period === 'year') return found;
  const monthly = price.period === 'month' || price.period === 'unknown';
  if (!monthly) return { ...found, price: { ...price, period: 'year', text: text ?? price.text } };
  return {
    ...found,
    derived: price.amount !== null,
    price: { ...price, period: 'month', billing: 'annually', text: text ?? price.text },
  };
}

export function findPrices(text: string): FoundPrice[] {
  const out: FoundPrice[] = [];
  // Every amount has a digit: most paragraphs of a long page have none, and the money pattern is slow to fail.
  if (!/\d/.test(text)) return out;
  // A dollar sign written twice ("$$0.15", MDX escaping TeX) is one; the text keeps its length.
  if (text.includes('$$')) text = text.replace(/(?<!\$)\$\$(?=\d)/g, '$ ');
  MONEY_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = MONEY_RE.exec(text))) {
    const [whole, symBefore, numA, codeBefore, numB, numC, after] = m;
    const raw = numA ?? numB ?? numC;
    const marker = symBefore ?? codeBefore ?? after ?? '';
    const currency = SYMBOLS[marker] ?? (CURRENCY_CODES.includes(marker.toUpperCase()) ? marker.toUpperCase() : WORDS[marker.toLowerCase()] ?? null);
    // "1.5 cents per search", "50¢": a hundredth of a dollar. "10.000 €": a dot before three
    // digits is a thousands separator where the currency follows the number, as in Europe.
    const european = numC !== undefined && /^\d{1,3}\.\d{3}$/.test(raw);
    const amount = CENTS_RE.test(marker) ? Number((parseAmount(raw) / 100).toPrecision(12)) : european ? parseAmount(raw.replace('.', '')) : parseAmount(raw);
    if (!Number.isFinite(amount)) continue;
    const tail = readTail(text, m.index + whole.length);
    const textSpan = text.slice(m.index, tail.end).trim().replace(/[\s,;:(]+$/, '');
    let found: FoundPrice = {
      price: { amount, currency, period: tail.period, unit: tail.unit, text: textSpan },
      index: m.index,
      end: tail.end,
      derived: false,
    };
    if (tail.yearlyBilling) found = asYearlyBilling(found);
    out.push(found);
    MONEY_RE.lastIndex = Math.max(MONEY_RE.lastIndex, tail.end);
  }
  return withoutFormerPrices(text, out);
}

/** "was $89 now $69", "Regular price $89 $69": a price named as the former one, when another follows. */
const FORMER_RE = /\b(?:was|were|previously|originally|formerly|regular(?:ly)?(?:\s+price)?|normally|list\s+price|reg\.?|before)\s*:?\s*$/i;
const FORMER_LOOKBEHIND = 24;

function withoutFormerPrices(text: string, found: FoundPrice[]): FoundPrice[] {
  if (found.length < 2) return found;
  return found.filter((price, i) => i === found.length - 1 || !FORMER_RE.test(text.slice(Math.max(0, price.index - FORMER_LOOKBEHIND), price.index)));
}

export function isContactSalesText(text: string): boolean {
  return CONTACT_RE.test(text);
}

export function isFreeText(text: string): boolean {
  return FREE_RE.test(text);
}

/**
 * The first price in the text; "Free" and "$0" read as a free price, "Contact sales" and
 * "Custom" as a price without amount.
 */
export function parsePrice(text: string): PlanPrice | null {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  const found = findPrices(trimmed)[0];
  if (found) return found.price;
  if (isFreeText(trimmed)) return { amount: 0, currency: null, period: 'unknown', unit: null, text: trimmed };
  if (isContactSalesText(trimmed)) return { amount: null, currency: null, period: 'unknown', unit: null, text: trimmed };
  return null;
}

/** The billing period a label or class name talks about ("Pay Yearly", "plan-price-monthly"). */
export function periodFromLabel(label: string): BillingPeriod | null {
  if (/annual|annum|year|yearly|jährlich|annuel/i.test(label)) return 'year';
  if (/month|monthly|monatlich|mensuel/i.test(label)) return 'month';
  if (/week/i.test(label)) return 'week';
  return null;
}
