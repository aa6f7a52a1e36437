import { escapeRegExp } from '../../common/regexp';

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
 * not pages) are ignored. A text sitemap (one URL per line) is accepted too. Every search starts
 * where the last one ended and a construct left open ends the reading, so the time is linear in
 * the file: it runs on the event loop that answers HTTP (DESIGN §5g).
 */
export function parseSitemap(source: string): ParsedSitemap {
  const xml = withoutComments(source);
  const root = ROOT.exec(xml);
  if (!root) return { urls: textSitemap(xml), sitemaps: [] };
  const prefix = root[1] ? `${escapeRegExp(root[1])}:` : '';
  const entryTag = root[2].toLowerCase() === 'urlset' ? 'url' : 'sitemap';
  const locs = entryLocs(xml.slice(root.index), `${prefix}${entryTag}`, `${prefix}loc`);
  return entryTag === 'url' ? { urls: locs, sitemaps: [] } : { urls: [], sitemaps: locs };
}

/** The XML with its comments taken out; a comment left open keeps the rest as it is. */
function withoutComments(xml: string): string {
  const kept: string[] = [];
  let at = 0;
  for (;;) {
    const start = xml.indexOf('<!--', at);
    const end = start < 0 ? -1 : xml.indexOf('-->', start + 4);
    if (end < 0) break;
    kept.push(xml.slice(at, start));
    at = end + 3;
  }
  kept.push(xml.slice(at));
  return kept.join('');
}

/** Finds the content of `<tag …>…</tag>` elements in order, each search starting past the last one. */
function elementReader(tag: string): (xml: string, from: number) => { content: string; next: number } | null {
  const open = new RegExp(`<${tag}(?=[\\s>])`, 'gi');
  const close = new RegExp(`</${tag}\\s*>`, 'gi');
  return (xml, from) => {
    open.lastIndex = from;
    const start = open.exec(xml);
    const gt = start ? xml.indexOf('>', open.lastIndex) : -1;
    if (gt < 0) return null;
    close.lastIndex = gt + 1;
    const end = close.exec(xml);
    return end ? { content: xml.slice(gt + 1, end.index), next: close.lastIndex } : null;
  };
}

function entryLocs(xml: string, entryTag: string, locTag: string): string[] {
  const nextEntry = elementReader(entryTag);
  const firstLoc = elementReader(locTag);
  const found = new Set<string>();
  for (let entry = nextEntry(xml, 0); entry; entry = nextEntry(xml, entry.next)) {
    // Searched within the entry's own text, so an entry without a loc costs no more than its length.
    const loc = firstLoc(entry.content, 0);
    const url = loc ? httpUrl(decodeXmlText(loc.content)) : null;
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
  const cdata = unwrapCdata(raw);
  if (cdata !== null) return cdata.trim();
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (ref, hex: string) => codePoint(parseInt(hex, 16), ref))
    .replace(/&#(\d+);/g, (ref, dec: string) => codePoint(parseInt(dec, 10), ref))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name])
    .trim();
}

/** The text with its CDATA sections unwrapped, or null when it has none (an unclosed one is left as it is). */
function unwrapCdata(raw: string): string | null {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('<![CDATA[', at);
    const end = start < 0 ? -1 : raw.indexOf(']]>', start + 9);
    if (end < 0) break;
    parts.push(raw.slice(at, start), raw.slice(start + 9, end));
    at = end + 3;
  }
  return parts.length > 0 ? parts.join('') + raw.slice(at) : null;
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

