import type { DocsFields, DocsPage } from '../capture.types';
import { normalizeUrl } from '../../common/noise';
import { absoluteUrl, attr, findAll, urlPath } from './dom';
import { readOutline } from './outline';
import type { PageContext } from './page-context';
import type { PageLink } from './chrome';

const ASSET_RE = /\.(?:png|jpe?g|gif|svg|webp|ico|css|js|mjs|map|pdf|zip|gz|tgz|dmg|exe|msi|deb|rpm|apk|mp4|mp3|woff2?|ttf|xml|json)$/i;
const MAX_PAGES = 500;

/** Same host (www. ignored): a forum on a sub-domain is not part of the docs. */
function sameHost(a: string, b: string): boolean {
  const host = (u: string): string => new URL(u).hostname.replace(/^www\./, '');
  return host(a) === host(b);
}

function docsTitle(ctx: PageContext): string | null {
  const h1s = findAll(ctx.root, 'h1');
  if (h1s.length === 1) return ctx.dom.text(h1s[0]) || null;
  // Many top-level sections: the page title is the document's, without its tagline.
  const title = ctx.meta.title ?? (h1s[0] ? ctx.dom.text(h1s[0]) : null);
  return title ? title.split(/\s+[|·•»–—-]\s+/)[0].trim() || title : null;
}

function pages(ctx: PageContext): DocsPage[] {
  const self = normalizeUrl(ctx.base);
  const contentLinks: PageLink[] = findAll(ctx.root, 'a').map((a) => ({
    text: ctx.dom.text(a),
    url: absoluteUrl(attr(a, 'href'), ctx.base) ?? '',
    depth: 1,
  }));
  const seen = new Set<string>();
  const out: DocsPage[] = [];
  for (const link of [...ctx.chrome.links, ...contentLinks]) {
    if (!link.url || !link.text || !/^https?:/i.test(link.url) || !sameHost(link.url, ctx.base)) continue;
    const url = normalizeUrl(link.url);
    const path = new URL(url).pathname;
    if (url === self || path === '/' || ASSET_RE.test(path)) continue;
    const key = urlPath(url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, title: link.text, url, level: link.depth });
    if (out.length >= MAX_PAGES) break;
  }
  return out;
}

export function extractDocs(ctx: PageContext): DocsFields {
  return { title: docsTitle(ctx), sections: readOutline(ctx), pages: pages(ctx) };
}
