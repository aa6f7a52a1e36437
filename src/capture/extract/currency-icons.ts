import type { CheerioAPI } from 'cheerio';

/** Icon-font classes that draw a currency sign (Font Awesome 4 and 5 names). */
const ICON_SIGNS: Record<string, string> = {
  'fa-usd': '$',
  'fa-dollar': '$',
  'fa-dollar-sign': '$',
  'fa-eur': '€',
  'fa-euro': '€',
  'fa-euro-sign': '€',
  'fa-gbp': '£',
  'fa-pound-sign': '£',
  'fa-inr': '₹',
  'fa-rupee-sign': '₹',
  'fa-jpy': '¥',
  'fa-yen-sign': '¥',
};
const ICON_RE = new RegExp(`(?:^|[^\\w-])(?:${Object.keys(ICON_SIGNS).join('|')})(?![\\w-])`);

/**
 * "<i class="fa fa-usd"></i> 200 / per month": the sign a reader sees is drawn by an icon font,
 * so the text holds none. Each such icon (empty, or white space only) becomes its sign. Pages without the class names
 * are left alone without a query.
 */
export function currencyIconsAsText($: CheerioAPI, html: string): void {
  if (!ICON_RE.test(html)) return;
  $('i, span').each((_, el) => {
    if (el.children.some((c) => c.type !== 'text' || c.data.trim())) return;
    const sign = (el.attribs.class ?? '').split(/\s+/).map((c) => ICON_SIGNS[c]).find(Boolean);
    if (sign) $(el).replaceWith(sign);
  });
}
