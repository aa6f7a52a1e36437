import type { CheerioAPI } from 'cheerio';

/**
 * Resolves `href` against `base` into an absolute http(s) URL without its fragment, or null for
 * anything a crawler cannot fetch (mailto:, javascript:, tel:, data:, malformed values).
 */
export function toAbsoluteHttpUrl(href: string | undefined, base: string): string | null {
  const value = href?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.toString();
}

/** The URL relative links resolve against: the page URL, or the page's own `<base href>`. */
export function documentBaseUrl($: CheerioAPI, pageUrl: string): string {
  return toAbsoluteHttpUrl($('base[href]').first().attr('href'), pageUrl) ?? pageUrl;
}
