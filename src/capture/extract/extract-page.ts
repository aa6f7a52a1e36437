import type { CaptureFields, ExtractedPage, MonitorType } from '../capture.types';
import { extractBlog } from './blog.extractor';
import { extractCareers } from './careers.extractor';
import { extractChangelog } from './changelog.extractor';
import { extractChrome } from './chrome';
import { removeNonContent } from './clean';
import { contentHash } from './content-hash';
import { extractCustom } from './custom.extractor';
import { extractDocs } from './docs.extractor';
import type { Element } from 'domhandler';
import { indexDocument } from './document-index';
import { absoluteUrl, attr, DomText } from './dom';
import { extractHomepage } from './homepage.extractor';
import { extractIntegrations } from './integrations.extractor';
import { findMainRoot } from './main-content';
import { renderMarkdown } from './markdown';
import { currencyIconsAsText } from './currency-icons';
import { liftComponentTags } from './mdx-components';
import { parsePage } from './parse-page';
import type { PageContext } from './page-context';
import { baseUrl, readMetaTags, readPageMeta } from './page-meta';
import { extractPricing } from './pricing.extractor';
import { readStructuredData } from './structured-data';

const EXTRACTORS: { [T in MonitorType]: (ctx: PageContext) => CaptureFields } = {
  blog: extractBlog,
  careers: extractCareers,
  changelog: extractChangelog,
  custom: extractCustom,
  docs: extractDocs,
  homepage: extractHomepage,
  integrations: extractIntegrations,
  pricing: extractPricing,
};

/**
 * Turns a fetched page into clean markdown of its main content, typed fields for the monitor
 * type, page metadata and a noise-insensitive content hash. Pure and synchronous; the document is
 * parsed once (parsePage: rendered when the content type is Markdown or plain text, measured,
 * then htmlparser2) and shared by every step.
 */
export function extractPage(html: string, url: string, monitorType: MonitorType, contentType: string | null = null): ExtractedPage {
  const $ = parsePage(html, contentType);
  liftComponentTags($);
  currencyIconsAsText($, html);
  const index = indexDocument($);
  // One text cache for the whole run; removals invalidate the ancestors they change.
  const dom = new DomText();
  const data = readStructuredData(index, dom);
  const tags = readMetaTags(index);
  const meta = readPageMeta(index, tags, url, data);
  const base = baseUrl(index, url);
  const canonicalLink = index.links.find((l) => (attr(l, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'));
  const canonical = absoluteUrl((canonicalLink && attr(canonicalLink, 'href')) ?? tags.get('og:url'), base) ?? url;
  const ogType = tags.get('og:type')?.toLowerCase() ?? null;

  const body = index.body ?? ($.root()[0] as unknown as Element);
  removeNonContent($.root()[0], index, dom);
  const root = findMainRoot(body, dom);
  const chrome = extractChrome(body, root, base, dom);

  const ctx: PageContext = { base, canonical, ogType, root, dom, meta, data, chrome, byId: index.byId };
  const fields = EXTRACTORS[monitorType](ctx);
  const markdown = renderMarkdown(root, base);
  return { markdown, fields, meta, content_hash: contentHash(markdown, fields) };
}
