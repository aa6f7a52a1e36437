import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request, type Dispatcher } from 'undici';
import { assertHttpUrl, createGuardedConnect, type HostResolver } from '../../common/url-safety';
import { detectBotProtection } from './bot-protection';
import { decodeBody } from './charset';
import { ACCEPT_ENCODING, decompress, UnsupportedEncodingError } from './content-encoding';
import { classifyFetchError, FetchError, httpStatusError } from './fetch-error';
import type { FetchedImage, FetchOptions, FetchResult, PageFetcher } from './fetch.types';
import { KeyedSemaphore } from './semaphore';
import { DEFAULT_ACCEPT, DEFAULT_ACCEPT_LANGUAGE, DEFAULT_USER_AGENT } from './user-agent';

export interface HttpFetcherOptions {
  /** Let targets resolve to loopback and private ranges (ALLOW_PRIVATE_NETWORK_TARGETS). */
  allowPrivate: boolean;
  /** Host names exempt from the private-address check (exact match). */
  allowPrivateHosts?: readonly string[];
  /** Replaces the system resolver; every connection resolves through it. */
  resolver?: HostResolver;
  /** Time to open a TCP/TLS connection. Default 5000. */
  connectTimeoutMs?: number;
  /** Deadline for the whole fetch: queueing, every redirect hop and the body. Default 20000. */
  totalTimeoutMs?: number;
  /** Cap on the body, compressed and decoded. Default 5 MiB. */
  maxBytes?: number;
  /** Redirects followed before giving up with too_many_redirects. Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  /** Requests in flight per host name; the rest wait in order. Default 4. */
  perHostConcurrency?: number;
  /** Sockets kept per origin. Default: perHostConcurrency (more could never be busy). */
  maxConnections?: number;
  /** How long an idle keep-alive socket is kept. Default 10000. */
  keepAliveTimeoutMs?: number;
}

const DEFAULTS = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: DEFAULT_USER_AGENT,
  perHostConcurrency: 4,
  keepAliveTimeoutMs: 10_000,
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Statuses whose body may be a challenge page worth reading before failing. */
const INSPECT_BODY_STATUSES = new Set([401, 403, 405, 429, 503]);
const IMAGE_ACCEPT = 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8';
/** Challenge pages are small; a larger error body is not read past this. */
const ERROR_BODY_CAP = 256 * 1024;

type HopResponse = Dispatcher.ResponseData;

/**
 * Fetches pages over HTTP(S) through one shared keep-alive agent whose connect step refuses
 * non-public addresses, so every hop and every new socket is checked. Redirects are followed
 * here, not by undici, so each Location is validated before it is requested.
 */
export class HttpFetcher implements PageFetcher {
  private readonly opts: Required<Omit<HttpFetcherOptions, 'allowPrivateHosts' | 'resolver'>>;
  private readonly agent: Agent;
  private readonly hosts: KeyedSemaphore;
  private readonly baseHeaders: Record<string, string>;
  private closed = false;

  constructor(options: HttpFetcherOptions) {
    const perHostConcurrency = options.perHostConcurrency ?? DEFAULTS.perHostConcurrency;
    this.opts = {
      ...DEFAULTS,
      ...stripUndefined(options),
      allowPrivate: options.allowPrivate,
      perHostConcurrency,
      maxConnections: options.maxConnections ?? perHostConcurrency,
    };
    this.hosts = new KeyedSemaphore(perHostConcurrency);
    this.agent = new Agent({
      connect: createGuardedConnect({
        allowPrivate: options.allowPrivate,
        allowPrivateHosts: options.allowPrivateHosts,
        resolver: options.resolver,
        connectTimeoutMs: this.opts.connectTimeoutMs,
      }),
      connections: this.opts.maxConnections,
      pipelining: 1,
      keepAliveTimeout: this.opts.keepAliveTimeoutMs,
      keepAliveMaxTimeout: Math.max(this.opts.keepAliveTimeoutMs, 60_000),
      headersTimeout: this.opts.totalTimeoutMs,
      bodyTimeout: this.opts.totalTimeoutMs,
    });
    this.baseHeaders = {
      'user-agent': this.opts.userAgent,
      accept: DEFAULT_ACCEPT,
      'accept-language': DEFAULT_ACCEPT_LANGUAGE,
      'accept-encoding': ACCEPT_ENCODING,
    };
  }

  async fetch(rawUrl: string, options: FetchOptions = {}): Promise<FetchResult> {
    const started = performance.now();
    return this.follow(rawUrl, this.requestHeaders(options), (url, res, hostDone) => this.finish(url, res, options, started, hostDone));
  }

  /**
   * An image (a competitor's logo) under the same guards and deadline as pages, with its own
   * size cap. Answers null when the final answer is not an `image/*` type; its body is not read.
   */
  async fetchImage(rawUrl: string, maxBytes: number): Promise<FetchedImage | null> {
    return this.follow(rawUrl, { ...this.baseHeaders, accept: IMAGE_ACCEPT }, async (url, res) => {
      const contentType = header(res.headers, 'content-type')?.split(';')[0].trim().toLowerCase() ?? '';
      if (res.statusCode >= 300 || !/^image\/[a-z0-9.+-]+$/.test(contentType)) {
        await res.body.dump({ limit: 64 * 1024 });
        if (res.statusCode >= 400) throw httpStatusError(res.statusCode, url.href);
        return null;
      }
      return { url: url.href, contentType, body: await this.readBody(res, url, maxBytes) };
    });
  }

  /**
   * Requests the URL, validating and following each redirect here, and hands the final answer to
   * `onAnswer`. The request holds one of its host's slots until `onAnswer` calls `hostDone` (once
   * the body is read: decoding and hashing it ask nothing of the host) or returns.
   */
  private async follow<T>(
    rawUrl: string,
    headers: Record<string, string>,
    onAnswer: (url: URL, res: HopResponse, hostDone: () => void) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new FetchError('network_error', 'The HTTP fetcher is closed');
    let url: URL;
    try {
      url = assertHttpUrl(rawUrl);
    } catch (err) {
      throw classifyFetchError(err, { url: rawUrl });
    }

    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new FetchError('timeout', `Timed out after ${this.opts.totalTimeoutMs} ms fetching ${rawUrl}`)), this.opts.totalTimeoutMs);
    try {
      for (let redirects = 0; ; redirects++) {
        const release = await this.hosts.acquire(url.hostname, deadline.signal);
        try {
          const res = await request(url, { dispatcher: this.agent, method: 'GET', headers, signal: deadline.signal });
          const location = REDIRECT_STATUSES.has(res.statusCode) ? header(res.headers, 'location') : null;
          if (location !== null) {
            await res.body.dump({ limit: 64 * 1024 });
            if (redirects >= this.opts.maxRedirects) {
              throw new FetchError('too_many_redirects', `More than ${this.opts.maxRedirects} redirects from ${rawUrl}`);
            }
            url = assertHttpUrl(new URL(location, url));
            continue;
          }
          return await onAnswer(url, res, release);
        } finally {
          release();
        }
      }
    } catch (err) {
      throw classifyFetchError(err, { url: url.href, timedOut: deadline.signal.aborted });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.agent.close();
  }

  private requestHeaders(options: FetchOptions): Record<string, string> {
    if (!options.etag && !options.lastModified) return this.baseHeaders;
    const headers = { ...this.baseHeaders };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    return headers;
  }

  private async finish(url: URL, res: HopResponse, options: FetchOptions, started: number, hostDone: () => void): Promise<FetchResult> {
    const status = res.statusCode;
    const contentType = header(res.headers, 'content-type');
    const etag = header(res.headers, 'etag');
    const lastModified = header(res.headers, 'last-modified');
    const base = { url: url.href, status, contentType, via: 'http' as const };

    if (status === 304) {
      await res.body.dump({ limit: 64 * 1024 });
      return {
        ...base,
        notModified: true,
        html: '',
        bodyHash: null,
        etag: etag ?? options.etag ?? null,
        lastModified: lastModified ?? options.lastModified ?? null,
        bytes: 0,
        durationMs: elapsed(started),
      };
    }
    if (REDIRECT_STATUSES.has(status)) {
      await res.body.dump({ limit: 64 * 1024 });
      throw new FetchError('network_error', `${url.href} answered HTTP ${status} without a Location`, { httpStatus: status });
    }
    if (status >= 400 && !INSPECT_BODY_STATUSES.has(status) && !header(res.headers, 'cf-mitigated')) {
      await res.body.dump({ limit: 64 * 1024 });
      throw httpStatusError(status, url.href);
    }

    if (status >= 400) {
      // Read a little of an error page only to spot a challenge; one that cannot be read
      // (too big, badly encoded) is still the error its status says.
      const body = await this.readBody(res, url, Math.min(this.opts.maxBytes, ERROR_BODY_CAP)).catch(() => null);
      const protection = body && detectBotProtection(status, { get: (name) => header(res.headers, name) }, decodeBody(body, contentType));
      if (protection) throw botProtectionError(url, protection, status);
      throw httpStatusError(status, url.href);
    }

    const chunks = await readCapped(res, this.opts.maxBytes, url.href);
    hostDone();
    const encoded = isEncoded(header(res.headers, 'content-encoding'));
    // A body sent as is is hashed as it arrived: when it is the last capture's, it is never copied into one buffer.
    const sentHash = encoded ? null : sha256(chunks);
    if (sentHash !== null && sentHash === options.unlessHash) {
      return { ...base, etag, lastModified, bodyHash: sentHash, bytes: byteLength(chunks), notModified: true, html: '', durationMs: elapsed(started) };
    }
    const body = await this.decodeChunks(chunks, res, url, this.opts.maxBytes);
    const bodyHash = sentHash ?? sha256([body]);
    const common = { ...base, etag, lastModified, bodyHash, bytes: body.length };
    // The same bytes as the last capture, which was no challenge page: nothing to decode.
    if (bodyHash === options.unlessHash) return { ...common, notModified: true, html: '', durationMs: elapsed(started) };
    const html = decodeBody(body, contentType);
    const protection = detectBotProtection(status, { get: (name) => header(res.headers, name) }, html);
    if (protection) throw botProtectionError(url, protection, status);
    return { ...common, notModified: false, html, durationMs: elapsed(started) };
  }

  /** The body, decompressed, within the size cap. */
  private async readBody(res: HopResponse, url: URL, maxBytes: number): Promise<Buffer> {
    return this.decodeChunks(await readCapped(res, maxBytes, url.href), res, url, maxBytes);
  }

  private async decodeChunks(chunks: Buffer[], res: HopResponse, url: URL, maxBytes: number): Promise<Buffer> {
    const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    let decoded: Buffer;
    try {
      decoded = await decompress(raw, header(res.headers, 'content-encoding'), maxBytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new FetchError('too_large', `The decoded body of ${url.href} is over ${maxBytes} bytes`, { cause: err, causeCode: 'ERR_BUFFER_TOO_LARGE' });
      }
      if (err instanceof UnsupportedEncodingError) throw new FetchError('network_error', err.message, { cause: err });
      throw new FetchError('network_error', `Could not decode the body of ${url.href}: ${(err as Error).message}`, { cause: err, causeCode: (err as NodeJS.ErrnoException).code });
    }
    return decoded;
  }
}

function botProtectionError(url: URL, protection: string, status: number): FetchError {
  return new FetchError('blocked_by_bot_protection', `${url.href} answered with a ${protection} page (HTTP ${status})`, { httpStatus: status });
}

/** Reads the body as it arrived, failing as soon as it passes `maxBytes` (declared or streamed). */
function readCapped(res: HopResponse, maxBytes: number, url: string): Promise<Buffer[]> {
  const declared = Number(header(res.headers, 'content-length'));
  if (declared > maxBytes) {
    res.body.on('error', () => undefined).destroy();
    return Promise.reject(new FetchError('too_large', `${url} declares ${declared} bytes, over the ${maxBytes}-byte cap`));
  }
  return new Promise<Buffer[]>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const body = res.body;
    body.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        body.destroy();
        reject(new FetchError('too_large', `The body of ${url} is over the ${maxBytes}-byte cap`));
        return;
      }
      chunks.push(chunk);
    });
    body.once('end', () => resolve(chunks));
    body.once('error', reject);
  });
}

function sha256(chunks: Buffer[]): string {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}

function byteLength(chunks: Buffer[]): number {
  return chunks.reduce((n, c) => n + c.length, 0);
}

/** Content-Encoding names a coding other than identity. */
function isEncoded(contentEncoding: string | null): boolean {
  return !!contentEncoding && contentEncoding.split(',').some((c) => c.trim() && c.trim().toLowerCase() !== 'identity');
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
