import { isIP } from 'node:net';

/**
 * Second-level labels under which registries sell names (acme.co.uk, acme.com.au). A full public
 * suffix list would be more exact, but discovery only needs to tell "our site" from "elsewhere",
 * and this short list covers the common country domains.
 */
const TWO_LEVEL_SUFFIXES = new Set([
  'ac.uk', 'co.uk', 'gov.uk', 'ltd.uk', 'me.uk', 'org.uk', 'plc.uk',
  'com.au', 'net.au', 'org.au', 'edu.au',
  'co.nz', 'net.nz', 'org.nz',
  'co.jp', 'ne.jp', 'or.jp',
  'co.kr', 'or.kr',
  'co.in', 'net.in', 'org.in',
  'co.za', 'org.za',
  'co.il',
  'com.br', 'net.br', 'org.br',
  'com.mx', 'com.ar', 'com.co', 'com.tr', 'com.cn', 'com.hk', 'com.tw', 'com.sg', 'com.my',
  'com.ph', 'com.pl', 'com.ua', 'com.es', 'com.pt',
]);

/** The registrable domain of a host ("docs.acme.co.uk" → "acme.co.uk"); IPs and single labels as is. */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!hasRegistrableDomain(host)) return host;
  const labels = host.split('.');
  const lastTwo = labels.slice(-2).join('.');
  const take = TWO_LEVEL_SUFFIXES.has(lastTwo) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/**
 * True when `url` belongs to the same site as `siteUrl`: the same registrable domain, so
 * subdomains (docs., blog.) and www/apex variants count. Hosts without a registrable domain
 * (IP addresses, localhost) must match exactly, port included: two ports on 127.0.0.1 are
 * two different sites (test fixtures run that way).
 */
export function isSameSite(url: URL, siteUrl: URL): boolean {
  if (!hasRegistrableDomain(siteUrl.hostname)) return url.host === siteUrl.host;
  return registrableDomain(url.hostname) === registrableDomain(siteUrl.hostname);
}

export function hasRegistrableDomain(hostname: string): boolean {
  return hostname.includes('.') && !isIP(unbracket(hostname));
}

function unbracket(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

/**
 * The leftmost label a host adds to its registrable domain, ignoring "www"
 * ("docs.acme.com" → "docs", "www.acme.com" → null, "acme.com" → null).
 */
export function subdomainLabel(hostname: string): string | null {
  const host = hostname.toLowerCase();
  const domain = registrableDomain(host);
  if (host === domain || !host.endsWith(`.${domain}`)) return null;
  const labels = host.slice(0, -domain.length - 1).split('.');
  const first = labels[0] === 'www' ? labels[1] : labels[0];
  return first ?? null;
}

/** The brand-looking label of a host ("www.acme.co.uk" → "acme"), for fallbacks and matching. */
export function domainLabel(hostname: string): string {
  if (!hasRegistrableDomain(hostname)) return hostname.toLowerCase();
  return registrableDomain(hostname).split('.')[0];
}
