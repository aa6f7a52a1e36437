import type { BillingPeriod, PlanPrice } from '../../capture/capture.types';

/** How a price is written in a summary: the symbol where the page put it, the period in words. */
export interface MoneyStyle {
  currency: string | null;
  /** True when the page writes the symbol after the number ("1.99€"); kept so the summary reads like the page. */
  symbolAfter: boolean;
}

const SYMBOLS: Record<string, string> = {
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CHF: 'CHF',
  EUR: '€',
  GBP: '£',
  INR: '₹',
  JPY: '¥',
  USD: '$',
};

/** Symbols that read naturally after the amount when the page gives no hint. */
const SUFFIX_BY_DEFAULT = new Set(['CHF']);

export function styleOf(price: Pick<PlanPrice, 'currency' | 'text'> | null | undefined): MoneyStyle {
  const currency = price?.currency ?? null;
  const text = price?.text ?? '';
  const symbol = currency ? (SYMBOLS[currency] ?? currency) : null;
  let symbolAfter = currency ? SUFFIX_BY_DEFAULT.has(currency) : false;
  if (symbol && text) {
    const at = text.indexOf(symbol.slice(-1));
    const firstDigit = text.search(/\d/);
    if (at >= 0 && firstDigit >= 0) symbolAfter = at > firstDigit;
  }
  return { currency, symbolAfter };
}

/** 49 → "49", 3600 → "3,600", 2.5 → "2.50", 0.025 → "0.025": cents always shown once there are any. */
export function formatAmount(amount: number): string {
  if (Number.isInteger(amount)) return amount.toLocaleString('en-US');
  const cents = Math.round(amount * 100);
  const decimals = Math.abs(amount * 100 - cents) < 1e-9 ? 2 : Math.min(4, decimalsOf(amount));
  return amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function decimalsOf(amount: number): number {
  const text = amount.toString();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function formatMoney(amount: number, style: MoneyStyle): string {
  const number = formatAmount(amount);
  if (!style.currency) return number;
  const symbol = SYMBOLS[style.currency] ?? style.currency;
  // ISO codes without a symbol ("CHF", "SEK") read as words, so they follow the number.
  if (style.symbolAfter || /^[A-Z]{3}$/.test(symbol)) return `${number} ${symbol}`;
  return `${symbol}${number}`;
}

/** "a month", "per hour"…; empty when the period is unknown, so the sentence simply omits it. */
export function periodPhrase(period: BillingPeriod | null | undefined): string {
  switch (period) {
    case 'month':
      return 'a month';
    case 'year':
      return 'a year';
    case 'week':
      return 'a week';
    case 'day':
      return 'a day';
    case 'hour':
      return 'per hour';
    case 'one_time':
      return 'one-off';
    default:
      return '';
  }
}

/** "/month" style, for compact headlines. */
export function periodSlash(period: BillingPeriod | null | undefined): string {
  switch (period) {
    case 'month':
    case 'year':
    case 'week':
    case 'day':
    case 'hour':
      return `/${period}`;
    default:
      return '';
  }
}

/** "per agent" + "a month" → "per agent a month"; a unit that already names time ("per GB-month") stands alone. */
export function unitAndPeriod(unit: string | null | undefined, period: BillingPeriod | null | undefined): string {
  const cleanUnit = normaliseUnit(unit);
  const phrase = periodPhrase(period);
  if (cleanUnit && /(month|year|hour|day|week|\bmo\b|\bhr\b)/i.test(cleanUnit)) return cleanUnit;
  return [cleanUnit, phrase].filter(Boolean).join(' ');
}

function normaliseUnit(unit: string | null | undefined): string {
  const text = (unit ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return '';
  // Case kept: units are often acronyms ("per GPU", "per GB").
  return /^per\b/i.test(text) ? `per ${text.slice(3).trim()}` : `per ${text}`;
}

/** Signed percentage change, rounded to what a reader needs: "+20%", "-34%", "+0.5%". */
export function percentChange(oldAmount: number, newAmount: number): number | null {
  if (!Number.isFinite(oldAmount) || !Number.isFinite(newAmount) || oldAmount === 0) return null;
  return ((newAmount - oldAmount) / Math.abs(oldAmount)) * 100;
}

export function formatPercent(value: number, signed = true): string {
  const rounded = Math.abs(value) >= 1 ? Math.round(Math.abs(value)) : Math.round(Math.abs(value) * 10) / 10;
  const sign = !signed ? '' : value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${rounded}%`;
}

/**
 * A yearly price is usually shown as a monthly figure "billed yearly". Extractors store either that
 * figure or the annual total (12 × it), so the page's own text decides: a number in it that is a
 * twelfth of the amount is the monthly figure; a "/month" quote of the amount itself means the
 * amount is already monthly. Otherwise the amount is the annual total and the month is a twelfth.
 */
export interface YearlyFigures {
  perMonth: number;
  /** True when the page itself shows the monthly figure ("1.49€/month, billed yearly"). */
  quoted: boolean;
}

export function yearlyFigures(price: Pick<PlanPrice, 'amount' | 'period' | 'text' | 'billing'>): YearlyFigures | null {
  if (price.amount !== null && price.billing === 'annually' && price.period === 'month') return { perMonth: price.amount, quoted: true };
  if (price.amount === null || price.period !== 'year') return null;
  const amount = price.amount;
  const numbers = numbersIn(price.text);
  const twelfth = numbers.find((n) => n > 0 && Math.abs(n * 12 - amount) <= 0.06);
  if (twelfth !== undefined) return { perMonth: twelfth, quoted: true };
  if (quotesMonthly(price.text) && numbers.some((n) => Math.abs(n - amount) < 1e-9)) return { perMonth: amount, quoted: true };
  return { perMonth: amount / 12, quoted: false };
}

/** Monthly cost of a price, for comparing a yearly offer with the monthly one. */
export function monthlyEquivalent(price: Pick<PlanPrice, 'amount' | 'period' | 'text' | 'billing'>): number | null {
  if (price.amount === null) return null;
  if (price.period === 'month') return price.amount;
  return yearlyFigures(price)?.perMonth ?? null;
}

export function quotesMonthly(text: string | null | undefined): boolean {
  return /\/\s*mo(nth)?\b|per month|a month|monthly|\bmo\b/i.test(text ?? '');
}

function numbersIn(text: string | null | undefined): number[] {
  return ((text ?? '').replace(/(\d),(\d{3})\b/g, '$1$2').match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(',', '.')));
}
