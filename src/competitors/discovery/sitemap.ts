export interface ParsedSitemap {
  /** Page URLs of a `<urlset>`. */
  urls: string[];
  /** Child sitemaps of a `<sitemapindex>`, for the caller to fetch. */
  sitemaps: string[];
}

/** The sitemap protocol's limit per file; also bounds the work a hostile file can cause. */
export const SITEMAP_MAX_ENTRIES = 50_000;

const ROOT = /<(?:([\w.-]+):)?(urlset|sitemapindex)\b/i;

/**
 * Reads a sitemap or sitemap index. Plain string scanning rather than a DOM: sitemaps can be
 * tens of megabytes, and only `<loc>` values matter. Entries are matched with the prefix the root
 * element uses, so `<sm:url><sm:loc>` works and extension locs such as `<image:loc>` (images,
 * not pages) are ignored. A text sitemap (one URL per line) is accepted too.
 */
export function parseSitemap(source: string): ParsedSitemap {
  const xml = source.replace(/<!--[\s\S]*?-->/g, '');
  const root = ROOT.exec(xml);
  if (!root) return { urls: textSitemap(xml), sitemaps: [] };
  const prefix = root[1] ? `${escapeRegExp(root[1])}:` : '';
  const entryTag = root[2].toLowerCase() === 'urlset' ? 'url' : 'sitemap';
  const locs = entryLocs(xml.slice(root.index), `${prefix}${entryTag}`, `${prefix}loc`);
  return entryTag === 'url' ? { urls: locs, sitemaps: [] } : { urls: [], sitemaps: locs };
}

function entryLocs(xml: string, entryTag: string, locTag: string): string[] {
  const entry = new RegExp(`<${entryTag}(?:\\s[^>]*)?>([\\s\\S]*?)</${entryTag}\\s*>`, 'gi');
  const loc = new RegExp(`<${locTag}(?:\\s[^>]*)?>([\\s\\S]*?)</${locTag}\\s*>`, 'i');
  const found = new Set<string>();
  for (const match of xml.matchAll(entry)) {
    const value = loc.exec(match[1]);
    const url = value ? httpUrl(decodeXmlText(value[1])) : null;
    if (url) found.add(url);
    if (found.size >= SITEMAP_MAX_ENTRIES) break;
  }
  return [...found];
}

function textSitemap(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const url = httpUrl(line.trim());
    if (url) found.add(url);
    if (found.size >= SITEMAP_MAX_ENTRIES) break;
  }
  return [...found];
}

/** Unwraps CDATA sections and decodes the five XML entities and numeric references. */
function decodeXmlText(raw: string): string {
  const cdata = raw.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
  if (cdata !== raw) return cdata.trim();
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (ref, hex: string) => codePoint(parseInt(hex, 16), ref))
    .replace(/&#(\d+);/g, (ref, dec: string) => codePoint(parseInt(dec, 10), ref))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name])
    .trim();
}

function codePoint(value: number, reference: string): string {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : reference;
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

function httpUrl(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).toString();
  } catch {
    return null;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
