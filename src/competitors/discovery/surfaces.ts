import { DISCOVERY_TYPES, type DiscoveryType } from '../../capture/capture.types';
import { isSameSite } from '../../capture/homepage/domain';
import type { DiscoveredLink } from '../../capture/homepage/links';
import {
  AREA_BONUS,
  hasUrlEvidence,
  indexUrlFor,
  isExcluded,
  locate,
  scoreCandidate,
  type Candidate,
  type CandidateSource,
} from './surface-scoring';
import { normalisePhrase, type SurfaceType } from './surface-vocabulary';

export type { SurfaceType } from './surface-vocabulary';

/** A link to classify; `source` lets sitemap and feed entries weigh less than real links. */
export interface SurfaceCandidate extends DiscoveredLink {
  source?: CandidateSource;
}

export interface SurfaceInput {
  homepageUrl: string;
  links: SurfaceCandidate[];
  sitemapUrls?: string[];
  feedUrls?: string[];
}

/** Paths worth probing for a type the homepage, sitemap and feeds gave no evidence of. */
export const PROBE_PATHS: Record<SurfaceType, string[]> = {
  pricing: ['/pricing', '/plans'],
  blog: ['/blog', '/news'],
  changelog: ['/changelog', '/releases', '/release-notes'],
  docs: ['/docs', '/help', '/documentation'],
};

const SURFACE_TYPES = DISCOVERY_TYPES.filter((t): t is SurfaceType => t !== 'homepage');
/** Below this, evidence is a stray word in a body link: better to report nothing. */
const MIN_SCORE = 3;
const SOURCE_PREFERENCE: CandidateSource[] = ['page', 'sitemap', 'feed', 'derived'];

/** Sitemap entries as candidates: no anchor text or placement to go on, so they rank below links. */
export function sitemapCandidates(urls: string[]): SurfaceCandidate[] {
  return urls.map((url) => ({ url, text: '', area: 'body', source: 'sitemap' }));
}

/**
 * The page each feed belongs to (/news/feed.xml → /news/), as a blog hint. A feed at the site
 * root names no section, so it gives no candidate.
 */
export function feedCandidates(feedUrls: string[], homepageUrl: string): SurfaceCandidate[] {
  const home = pageKey(new URL(homepageUrl));
  const found: SurfaceCandidate[] = [];
  for (const feedUrl of feedUrls) {
    const url = parseUrl(feedUrl);
    if (!url) continue;
    const segments = url.pathname.split('/').filter(Boolean);
    while (segments.length && /^(feeds?|rss2?|atom|[\w.-]+\.(xml|rss|atom))$/i.test(segments[segments.length - 1])) segments.pop();
    const page = new URL(segments.length ? `/${segments.join('/')}/` : '/', url.origin);
    if (pageKey(page) !== home) found.push({ url: page.toString(), text: '', area: 'body', source: 'feed' });
  }
  return found;
}

/**
 * Picks at most one URL per surface type from everything discovery saw. Each URL serves one type
 * (its strongest claim wins, highest scores first), only the competitor's own site counts, and a
 * type without evidence is left out for the caller to probe. `homepage` is the homepage itself.
 */
export function classifySurfaces(input: SurfaceInput): Map<DiscoveryType, string> {
  const site = new URL(input.homepageUrl);
  const candidates = collectCandidates(
    [...input.links, ...sitemapCandidates(input.sitemapUrls ?? []), ...feedCandidates(input.feedUrls ?? [], input.homepageUrl)],
    site,
  );
  const claims = candidates.flatMap((candidate) =>
    SURFACE_TYPES.map((type) => ({ candidate, type, score: scoreCandidate(candidate, type) })).filter((c) => c.score >= MIN_SCORE),
  );
  claims.sort(
    (a, b) =>
      b.score - a.score ||
      AREA_BONUS[b.candidate.area] - AREA_BONUS[a.candidate.area] ||
      a.candidate.location.segments.length - b.candidate.location.segments.length ||
      a.candidate.order - b.candidate.order,
  );
  const chosen = new Map<SurfaceType, string>();
  const used = new Set<Candidate>();
  for (const { candidate, type } of claims) {
    if (chosen.has(type) || used.has(candidate)) continue;
    // The section's own index, linked from the page, wins over a page inside it ("Platform guide" /docs/ over "API Documentation" /docs/api).
    const index = claims.find((c) => c.type === type && !used.has(c.candidate) && c.candidate.sources.has('page') && isInside(candidate, c.candidate))?.candidate ?? candidate;
    chosen.set(type, index.url);
    used.add(index);
  }
  const result = new Map<DiscoveryType, string>();
  for (const type of DISCOVERY_TYPES) {
    const url = type === 'homepage' ? input.homepageUrl : chosen.get(type as SurfaceType);
    if (url) result.set(type, url);
  }
  return result;
}

/**
 * Same-site, non-excluded candidates merged by page (scheme, www and trailing slash ignored),
 * plus the section index above every deep match, so a sitemap full of posts still yields /blog/.
 */
function collectCandidates(links: SurfaceCandidate[], site: URL): Candidate[] {
  const home = pageKey(site);
  const byKey = new Map<string, Candidate>();
  const add = (link: SurfaceCandidate): void => {
    const url = parseUrl(link.url);
    if (!url || !isSameSite(url, site) || pageKey(url) === home) return;
    const location = locate(url);
    const source = link.source ?? 'page';
    if (isExcluded(location) || (source === 'sitemap' && !hasUrlEvidence(location))) return;
    const text = normalisePhrase(link.text ?? '');
    const key = pageKey(url);
    const seen = byKey.get(key);
    if (seen) {
      if (text && !seen.texts.includes(text)) seen.texts.push(text);
      if (AREA_BONUS[link.area] > AREA_BONUS[seen.area]) seen.area = link.area;
      if (rank(source) < Math.min(...[...seen.sources].map(rank))) seen.url = url.toString();
      seen.sources.add(source);
      return;
    }
    byKey.set(key, { url: url.toString(), location, texts: text ? [text] : [], area: link.area, sources: new Set([source]), order: byKey.size });
    if (source === 'derived') return;
    for (const type of SURFACE_TYPES) {
      const index = indexUrlFor(url, location, type);
      if (index) add({ url: index, text: '', area: 'body', source: 'derived' });
    }
  };
  links.forEach(add);
  return [...byKey.values()];
}

/** Whether the page lies under the other's path on the same host (/docs/api under /docs/). */
function isInside(page: Candidate, index: Candidate): boolean {
  const inner = page.location.rawSegments;
  const outer = index.location.rawSegments;
  return (
    new URL(page.url).host === new URL(index.url).host &&
    outer.length < inner.length &&
    outer.every((segment, i) => segment.toLowerCase() === inner[i].toLowerCase())
  );
}

/** Real links name the page as the site spells it; sitemap, feed and inferred URLs only if none. */
function rank(source: CandidateSource): number {
  return SOURCE_PREFERENCE.indexOf(source);
}

/** Identity of a page for merging: host without www, path without trailing slash, query kept. */
function pageKey(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port ? `:${url.port}` : '';
  return `${host}${port}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
