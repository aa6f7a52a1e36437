import type { Element } from 'domhandler';
import type { PageMeta } from '../capture.types';
import type { PageChrome } from './chrome';
import type { DomText } from './dom';
import type { StructuredData } from './structured-data';

/** Everything an extractor may read; the document is parsed once and shared. */
export interface PageContext {
  /** Base for absolute URLs (the page URL, or its <base href>). */
  base: string;
  /** Canonical URL of the page when declared, else the page URL. */
  canonical: string;
  /** og:type, read before <head> is dropped. */
  ogType: string | null;
  /** Main content, already cleaned of scripts, hidden elements and site chrome. */
  root: Element;
  dom: DomText;
  meta: PageMeta;
  data: StructuredData;
  chrome: PageChrome;
  /** Elements by id, for aria-labelledby lookups. */
  byId: Map<string, Element>;
}
