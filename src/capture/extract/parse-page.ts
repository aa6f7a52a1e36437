import { load, type CheerioAPI } from 'cheerio';
import { assertPageWithinLimits } from './page-complexity';

/**
 * The one way fetched HTML is parsed: measured first, so a page past PAGE_LIMITS fails with
 * `page_too_complex` before a parser sees it, then parsed by htmlparser2 (the fast parser, and
 * the tree the measure follows).
 */
export function parsePage(html: string): CheerioAPI {
  assertPageWithinLimits(html);
  return load(html, { xml: { xmlMode: false, decodeEntities: true } });
}
