import type { CheerioAPI } from 'cheerio';

export interface JsonLdOrganization {
  name: string | null;
  logo: string | null;
}

/** Schema.org types that describe the company behind a site (LocalBusiness and friends included). */
const ORGANIZATION_TYPES = /^(organization|corporation|onlinebusiness|onlinestore|localbusiness|ngo|educationalorganization|brand)$/i;

/**
 * The first Organization described in the page's JSON-LD blocks, wherever it sits: top level,
 * inside `@graph`, or nested as a WebSite's `publisher`. Broken blocks are skipped: sites ship
 * invalid JSON-LD often enough that one bad block must not hide a good one.
 */
export function readJsonLdOrganization($: CheerioAPI): JsonLdOrganization | null {
  for (const script of $('script[type]').toArray()) {
    if (!/^application\/ld\+json/i.test($(script).attr('type') ?? '')) continue;
    let data: unknown;
    try {
      data = JSON.parse($(script).text());
    } catch {
      continue;
    }
    const org = findOrganization(data, 0);
    if (org) return org;
  }
  return null;
}

function findOrganization(node: unknown, depth: number): JsonLdOrganization | null {
  if (depth > 6 || node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const org = findOrganization(item, depth + 1);
      if (org) return org;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  const types = ([] as unknown[]).concat(record['@type'] ?? []);
  if (types.some((t) => typeof t === 'string' && ORGANIZATION_TYPES.test(t.replace(/^schema:/, '')))) {
    return { name: stringValue(record.name), logo: imageUrl(record.logo) };
  }
  for (const value of Object.values(record)) {
    const org = findOrganization(value, depth + 1);
    if (org) return org;
  }
  return null;
}

/** `logo` may be a URL string, an ImageObject (`url` / `contentUrl`) or a list of either. */
function imageUrl(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return value.map(imageUrl).find((url) => url !== null) ?? null;
  if (value && typeof value === 'object') {
    const image = value as Record<string, unknown>;
    return stringValue(image.url) ?? stringValue(image.contentUrl) ?? null;
  }
  return null;
}

function stringValue(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
