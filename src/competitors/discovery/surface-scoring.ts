import { subdomainLabel } from '../../capture/homepage/domain';
import type { LinkArea } from '../../capture/homepage/links';
import {
  EXCLUDED_SEGMENTS,
  EXCLUDED_SUBDOMAINS,
  LOCALE_SEGMENT,
  NON_PAGE_FILE,
  normalisePhrase,
  VOCABULARY,
  type SurfaceType,
} from './surface-vocabulary';

/** Where a candidate URL came from: links on a page, the sitemap, a feed, or an index we inferred. */
export type CandidateSource = 'page' | 'sitemap' | 'feed' | 'derived';

/** One URL with everything known about it, merged from every place it was seen. */
export interface Candidate {
  url: string;
  location: PageLocation;
  /** Normalised anchor texts (empty ones dropped). */
  texts: string[];
  area: LinkArea;
  sources: Set<CandidateSource>;
  /** Input order of the first sighting: the last tie-breaker, so results are stable. */
  order: number;
}

export interface PageLocation {
  /** Raw path segments, still percent-encoded: used to build index URLs. */
  rawSegments: string[];
  /** The same segments normalised ("Release_Notes.html" → "release notes"). */
  segments: string[];
  /** Index of the first segment after a language prefix such as /de/. */
  start: number;
  subdomain: string | null;
  hasQuery: boolean;
  /** Best path match per type, computed once: sitemaps bring tens of thousands of URLs. */
  pathMatches: Record<SurfaceType, PathMatch | null>;
}

interface PathMatch {
  score: number;
  /** Index of the matched segment. */
  index: number;
}

export const AREA_BONUS: Record<LinkArea, number> = { nav: 4, footer: 2, body: 0 };
/** Sitemaps list every page without saying which matter; an index we inferred is unverified. */
const SOURCE_ADJUSTMENT: Record<CandidateSource, number> = { page: 0, feed: 0, sitemap: -1, derived: -2 };
/** Each segment below the matched one: /blog/2021/post is an article, /blog/ the index. */
const DEPTH_PENALTY = 3;
/**
 * A word inside a longer segment ("changelog_cli") or text ("Read our blog") is weaker than the
 * whole of it, and only strong words count that way: "plan" in "floor-plan" must not.
 */
const PATH_PARTIAL = { penalty: 3, minWeight: 9 };
const TEXT_PARTIAL = { penalty: 2, minWeight: 5 };
const SUBDOMAIN_WEIGHT = 9;
/** A page that publishes the site's RSS/Atom feed is almost certainly its blog. */
const FEED_HINT = 4;
/** Long anchor texts are headlines ("Our new pricing explained"), not section names. */
const MAX_TEXT_WORDS = 5;

const lookups = Object.fromEntries(
  Object.entries(VOCABULARY).map(([type, v]) => [
    type,
    {
      paths: new Map(Object.entries(v.paths)),
      texts: new Map(Object.entries(v.texts)),
      corroboratingTexts: new Map(Object.entries(v.corroboratingTexts)),
      subdomains: new Set(v.subdomains),
    },
  ]),
) as Record<SurfaceType, { paths: Map<string, number>; texts: Map<string, number>; corroboratingTexts: Map<string, number>; subdomains: Set<string> }>;

export function locate(url: URL): PageLocation {
  const rawSegments = url.pathname.split('/').filter(Boolean);
  const segments = rawSegments.map((raw) => normalisePhrase(safeDecode(raw).replace(/\.(html?|php|aspx?|jsp)$/i, '')));
  const start = segments.length > 1 && LOCALE_SEGMENT.test(segments[0]) ? 1 : 0;
  const pathMatches = Object.fromEntries(
    Object.keys(lookups).map((type) => [type, bestPathMatch(segments, start, lookups[type as SurfaceType].paths)]),
  ) as Record<SurfaceType, PathMatch | null>;
  return { rawSegments, segments, start, subdomain: subdomainLabel(url.hostname), hasQuery: url.search.length > 1, pathMatches };
}

/** Account flows, legal pages, product hosts and files are never surfaces, whatever their label. */
export function isExcluded(location: PageLocation): boolean {
  if (location.subdomain && EXCLUDED_SUBDOMAINS.has(location.subdomain)) return true;
  const last = location.rawSegments[location.rawSegments.length - 1];
  if (last && NON_PAGE_FILE.test(last)) return true;
  return location.segments.some((segment) => EXCLUDED_SEGMENTS.has(segment));
}

/** Whether the URL alone says anything: unlabelled sitemap entries without it can never win. */
export function hasUrlEvidence(location: PageLocation): boolean {
  return (Object.keys(lookups) as SurfaceType[]).some((type) => locationScore(location, type) > 0);
}

/**
 * How strongly a candidate looks like `type`: evidence from the URL (path or subdomain) and the
 * anchor text, plus the feed hint; then placement (nav > footer > body) and source adjust it.
 * Zero means no evidence at all: placement alone never makes a page a surface.
 */
export function scoreCandidate(candidate: Candidate, type: SurfaceType): number {
  const vocabulary = lookups[type];
  const location = locationScore(candidate.location, type);
  let text = Math.max(0, ...candidate.texts.map((t) => phraseScore(t, vocabulary.texts)));
  if (location > 0) text = Math.max(text, ...candidate.texts.map((t) => phraseScore(t, vocabulary.corroboratingTexts)));
  const feed = type === 'blog' && candidate.sources.has('feed') ? FEED_HINT : 0;
  const evidence = location + text + feed;
  if (evidence === 0) return 0;
  const source = Math.max(...[...candidate.sources].map((s) => SOURCE_ADJUSTMENT[s]));
  const query = candidate.location.hasQuery ? -2 : 0;
  return evidence + AREA_BONUS[candidate.area] + source + query;
}

/**
 * The section index above a deep match: /blog/2021/launch → /blog/, and a deep page on
 * blog.acme.com → its root. Null when the match is already the last segment (or none).
 */
export function indexUrlFor(url: URL, location: PageLocation, type: SurfaceType): string | null {
  const match = location.pathMatches[type];
  if (match && match.index < location.segments.length - 1) {
    return `${url.origin}/${location.rawSegments.slice(0, match.index + 1).join('/')}/`;
  }
  if (!match && location.segments.length > 0 && subdomainMatches(location, type)) return `${url.origin}/`;
  return null;
}

function locationScore(location: PageLocation, type: SurfaceType): number {
  const path = location.pathMatches[type]?.score ?? 0;
  const host = subdomainMatches(location, type)
    ? Math.max(1, SUBDOMAIN_WEIGHT - DEPTH_PENALTY * (location.segments.length - location.start))
    : 0;
  return Math.max(path, host);
}

function bestPathMatch(segments: string[], start: number, phrases: Map<string, number>): PathMatch | null {
  let best: PathMatch | null = null;
  for (let i = start; i < segments.length; i++) {
    const weight = phraseWeight(segments[i], phrases, PATH_PARTIAL);
    if (weight === 0) continue;
    const below = segments.length - 1 - i;
    const above = i - start;
    const score = Math.max(1, weight - above - DEPTH_PENALTY * below);
    if (!best || score > best.score) best = { score, index: i };
  }
  return best;
}

function subdomainMatches(location: PageLocation, type: SurfaceType): boolean {
  if (!location.subdomain) return false;
  return normalisePhrase(location.subdomain).split(' ').some((word) => lookups[type].subdomains.has(word));
}

function phraseScore(text: string, phrases: Map<string, number>): number {
  if (text.split(' ').length > MAX_TEXT_WORDS) return 0;
  return phraseWeight(text, phrases, TEXT_PARTIAL);
}

/**
 * Weight of the best phrase found in `words` (normalised, space separated): the full weight when
 * the phrase is all of it, reduced when it is only part and the phrase is a strong one.
 */
function phraseWeight(words: string, phrases: Map<string, number>, partial: typeof PATH_PARTIAL): number {
  const exact = phrases.get(words);
  if (exact !== undefined) return exact;
  const tokens = words.split(' ');
  let best = 0;
  for (let from = 0; from < tokens.length; from++) {
    let phrase = tokens[from];
    for (let to = from + 1; to <= Math.min(tokens.length, from + 4); to++) {
      if (to > from + 1) phrase += ` ${tokens[to - 1]}`;
      const weight = phrases.get(phrase);
      if (weight !== undefined && weight >= partial.minWeight) best = Math.max(best, weight - partial.penalty);
    }
  }
  return best;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
