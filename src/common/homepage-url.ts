/**
 * The identity of a competitor's homepage (DESIGN §6.16): scheme and a leading `www.` ignored,
 * host lower-cased, default port, fragment and trailing slash dropped.
 */
export function normalizeHomepageUrl(raw: string): string {
  const url = new URL(raw);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const defaultPort = (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443');
  const port = url.port && !defaultPort ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}${url.search}`;
}

export function domainOf(raw: string): string {
  return new URL(raw).hostname.toLowerCase().replace(/^www\./, '');
}
