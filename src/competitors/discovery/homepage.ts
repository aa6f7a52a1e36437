import { type CompetitorIdentity, readCompetitorIdentity } from './identity';
import { type DiscoveredLink, extractFeedLinks, extractLinks } from './links';

/** What discovery reads from a competitor's homepage. */
export interface HomepageReading {
  identity: CompetitorIdentity;
  links: DiscoveredLink[];
  feedUrls: string[];
}

/** Runs on the extraction threads (ExtractionPool.readHomepage); a page past the limits fails with `page_too_complex`. */
export function readHomepage(html: string, pageUrl: string): HomepageReading {
  return { identity: readCompetitorIdentity(html, pageUrl), links: extractLinks(html, pageUrl), feedUrls: extractFeedLinks(html, pageUrl) };
}
