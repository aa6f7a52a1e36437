import { parsePage } from '../extract/parse-page';
import { type CompetitorIdentity, readCompetitorIdentity } from './identity';
import { type DiscoveredLink, extractFeedLinks, extractLinks } from './links';

/** What discovery reads from a competitor's homepage. */
export interface HomepageReading {
  identity: CompetitorIdentity;
  links: DiscoveredLink[];
  feedUrls: string[];
}

/** Runs on the extraction threads (ExtractionPool.readHomepage), one parse for all three readings; a page past the limits fails with `page_too_complex`. */
export function readHomepage(html: string, pageUrl: string): HomepageReading {
  const $ = parsePage(html);
  return { identity: readCompetitorIdentity($, pageUrl), links: extractLinks($, pageUrl), feedUrls: extractFeedLinks($, pageUrl) };
}
