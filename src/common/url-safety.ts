import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';

/**
 * URL safety (DESIGN §6.17): only http/https, and no request may reach loopback, private,
 * link-local, metadata or other non-public addresses unless private targets are allowed.
 * Validation-time checks (`assertPublicUrl`) give a clear error early; the connect-time guard
 * (`createGuardedConnect`) is what actually enforces it, on every hop and every new connection,
 * so DNS rebinding and redirects to private addresses are refused too.
 */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
  readonly code = 'unsafe_url';
}

/** Resolves a host name to every address it has (the default is the system resolver). */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export interface UrlSafetyOptions {
  /** Let targets resolve to loopback and private ranges (tests and local demos only). */
  allowPrivate: boolean;
  /** Host names exempt from the address check, e.g. an internal fixture site; exact match. */
  allowPrivateHosts?: readonly string[];
  /** Replaces the system resolver (tests pin names to addresses with it). */
  resolver?: HostResolver;
}

export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** True only for globally routable unicast addresses; anything unparsable is not public. */
export function isPublicAddress(ip: string): boolean {
  const literal = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(literal);
  } catch {
    return false;
  }
  return addr.kind() === 'ipv4' ? isPublicIPv4(addr as ipaddr.IPv4) : isPublicIPv6(addr as ipaddr.IPv6);
}

function isPublicIPv4(addr: ipaddr.IPv4): boolean {
  // 'unicast' is what ipaddr.js calls every address outside its special ranges (loopback,
  // private, linkLocal incl. 169.254.169.254, carrierGradeNat, unspecified 0/8, broadcast,
  // multicast, reserved incl. documentation and benchmarking 198.18/15, as112, amt).
  return addr.range() === 'unicast';
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

function isPublicIPv6(addr: ipaddr.IPv6): boolean {
  switch (addr.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return isPublicIPv4(embeddedIPv4(addr, 12));
    case 'rfc6052': {
      // 64:ff9b::/96 is well-known NAT64 to a public IPv4; 64:ff9b:1::/48 is for local use.
      const p = addr.parts;
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 && isPublicIPv4(embeddedIPv4(addr, 12));
    }
    case '6to4': // 2002:aabb:ccdd::/48 embeds a.b.c.d
      return isPublicIPv4(embeddedIPv4(addr, 2));
    case 'unicast':
      // ipaddr.js calls everything unmatched 'unicast', including ::a.b.c.d (deprecated
      // IPv4-compatible) and unassigned space; only 2000::/3 is global unicast.
      return addr.match(GLOBAL_UNICAST_V6);
    default:
      return false;
  }
}

function embeddedIPv4(addr: ipaddr.IPv6, byteOffset: number): ipaddr.IPv4 {
  const b = addr.toByteArray();
  return new ipaddr.IPv4(b.slice(byteOffset, byteOffset + 4));
}

/** Parses and checks the shape of a target URL: http/https, a host, no credentials. */
export function assertHttpUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new UnsafeUrlError(`Not a valid URL: ${truncate(String(raw))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError(`Only http and https URLs are allowed, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (!url.hostname) throw new UnsafeUrlError('The URL has no host');
  if (url.username || url.password) throw new UnsafeUrlError('URLs with credentials are not allowed');
  return url;
}

/** Checks a URL's shape and that its host resolves only to public addresses. */
export async function assertPublicUrl(raw: string | URL, options: UrlSafetyOptions): Promise<URL> {
  const url = assertHttpUrl(raw);
  await assertPublicHost(url.hostname, options);
  return url;
}

/**
 * Refuses a host that is, or resolves to, any non-public address. Every address is checked: a
 * name with one public and one private address is refused, since a connection may pick either.
 */
export async function assertPublicHost(hostname: string, options: UrlSafetyOptions): Promise<void> {
  const host = unbracket(hostname).toLowerCase();
  if (options.allowPrivate || options.allowPrivateHosts?.includes(host)) return;
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refused(host, host);
    return;
  }
  // ipaddr.js and the WHATWG parser agree on odd IPv4 forms (0x7f.1, 2130706433); a bare
  // name that still parses as an address must not reach the resolver as a "name".
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw refused(host, host);
    return;
  }
  const addresses = await (options.resolver ?? systemResolver)(host);
  if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    if (!isPublicAddress(address)) throw refused(host, address);
  }
}

/**
 * A `net.connect` lookup that resolves through `options.resolver` and refuses non-public
 * addresses. Node calls it for host names only; IP literals skip it (see createGuardedConnect).
 */
export function createGuardedLookup(options: UrlSafetyOptions): LookupFunction {
  const resolver = options.resolver ?? systemResolver;
  return (hostname, lookupOptions, callback) => {
    const host = hostname.toLowerCase();
    resolver(host).then(
      (resolved) => {
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const addresses = family ? resolved.filter((a) => a.family === family) : resolved;
        if (addresses.length === 0) {
          const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
          return callback(err, '', 4);
        }
        const exempt = options.allowPrivate || options.allowPrivateHosts?.includes(host);
        const bad = exempt ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(refused(host, bad.address), '', 4);
        if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

export interface GuardedConnectOptions extends UrlSafetyOptions {
  /** Time allowed to open the TCP (and TLS) connection. */
  connectTimeoutMs: number;
}

/**
 * An undici `connect` function: checks IP-literal hosts directly and resolves names through the
 * guarded lookup, so the address actually connected to is the one that was checked.
 */
export function createGuardedConnect(options: GuardedConnectOptions): buildConnector.connector {
  const inner = buildConnector({ timeout: options.connectTimeoutMs, lookup: createGuardedLookup(options) } as buildConnector.BuildOptions);
  return (connectOptions, callback) => {
    const refusal = literalRefusal(connectOptions.hostname, options);
    if (refusal) {
      // undici expects the callback asynchronously, as a real connect would call it.
      queueMicrotask(() => callback(refusal, null));
      return;
    }
    return inner(connectOptions, callback);
  };
}

/**
 * The refusal for an IP-literal host that is not public (and not exempt), else null. Connecting
 * to a literal skips the lookup hook, so every connect path calls this before connecting.
 */
export function literalRefusal(hostname: string, options: UrlSafetyOptions): UnsafeUrlError | null {
  const host = unbracket(hostname).toLowerCase();
  if (!isIP(host) || options.allowPrivate || options.allowPrivateHosts?.includes(host)) return null;
  return isPublicAddress(host) ? null : refused(host, host);
}

/** Says how to allow it, since local tests and demos meet this refusal first. */
const ALLOW_HINT = 'set ALLOW_PRIVATE_NETWORK_TARGETS=true to allow it for local tests';

function refused(host: string, address: string): UnsafeUrlError {
  return host === address
    ? new UnsafeUrlError(`Refused to connect to non-public address ${address} (${ALLOW_HINT})`)
    : new UnsafeUrlError(`Refused to connect to ${host}: it resolves to non-public address ${address} (${ALLOW_HINT})`);
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function truncate(s: string): string {
  return s.length > 100 ? `${s.slice(0, 100)}…` : s;
}
