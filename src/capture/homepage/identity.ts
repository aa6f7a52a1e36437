import type { CheerioAPI } from 'cheerio';
import { parsePage } from '../extract/parse-page';
import { domainLabel } from './domain';
import { readJsonLdOrganization } from './json-ld';
import { documentBaseUrl, toAbsoluteHttpUrl } from './urls';

export interface CompetitorIdentity {
  name: string;
  logo_url: string | null;
}

/** Separators sites put between the brand and the tagline in `<title>`. */
const TITLE_SEPARATOR = /\s+[|\-–—·•»]\s+|:\s+/;
/** Title parts that name the page, not the company. */
const GENERIC_TITLE_PART = /^(home|homepage|home page|start|startseite|accueil|inicio|official (web)?site)$/i;

/**
 * The competitor's display name and logo, read from its homepage. Names prefer what the site
 * declares about itself (og:site_name, application-name) over the title, whose brand part has
 * to be guessed; logos prefer declared brand marks over social images and favicons.
 */
export function readCompetitorIdentity(page: string | CheerioAPI, pageUrl: string): CompetitorIdentity {
  const $ = typeof page === 'string' ? parsePage(page) : page;
  const base = documentBaseUrl($, pageUrl);
  const host = new URL(pageUrl).hostname;
  const org = readJsonLdOrganization($);
  const name =
    metaContent($, 'og:site_name') ??
    metaContent($, 'application-name') ??
    brandFromTitle(clean($('title').first().text()), domainLabel(host)) ??
    org?.name ??
    capitalise(domainLabel(host));
  const logo =
    toAbsoluteHttpUrl(org?.logo ?? undefined, base) ??
    largestIcon($, base, (rel) => rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) ??
    toAbsoluteHttpUrl(metaContent($, 'og:image') ?? metaContent($, 'og:image:url') ?? undefined, base) ??
    largestIcon($, base, (rel) => rel.includes('icon'));
  return { name, logo_url: logo };
}

/**
 * The brand part of a title such as "Acme — The project tool for teams | Acme": the part that
 * matches the domain label if one does, else the shortest part (taglines are longer than names).
 */
export function brandFromTitle(title: string, label: string): string | null {
  const parts = title
    .split(TITLE_SEPARATOR)
    .map((part) => part.replace(/^welcome to\s+/i, '').replace(/\s+(home ?page|home)$/i, '').trim())
    .filter((part) => part && !GENERIC_TITLE_PART.test(part));
  if (parts.length === 0) return null;
  const key = squash(label);
  const matching = parts.filter((part) => {
    const squashed = squash(part);
    return squashed === key || (squashed.length >= 3 && key.length >= 3 && (squashed.includes(key) || key.includes(squashed)));
  });
  const pool = matching.length ? matching : parts;
  return pool.find((part) => squash(part) === key) ?? pool.reduce((a, b) => (b.length < a.length ? b : a));
}

function metaContent($: CheerioAPI, key: string): string | null {
  const content = $(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content');
  return clean(content) || null;
}

/** The icon with the largest declared size; "any" (scalable SVG) beats every raster size. */
function largestIcon($: CheerioAPI, base: string, accept: (rel: string[]) => boolean): string | null {
  let best: { url: string; size: number } | null = null;
  for (const el of $('link[href][rel]').toArray()) {
    const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
    if (!accept(rel)) continue;
    const url = toAbsoluteHttpUrl($(el).attr('href'), base);
    if (!url) continue;
    const size = iconSize($(el).attr('sizes'));
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url ?? null;
}

function iconSize(sizes: string | undefined): number {
  if (!sizes) return 0;
  if (/\bany\b/i.test(sizes)) return Number.POSITIVE_INFINITY;
  const widths = [...sizes.matchAll(/(\d+)\s*x\s*\d+/gi)].map((m) => Number(m[1]));
  return widths.length ? Math.max(...widths) : 0;
}

function clean(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function squash(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[^a-z0-9]/g, '');
}

function capitalise(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
