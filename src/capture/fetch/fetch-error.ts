import { UnsafeUrlError } from '../../common/url-safety';

/**
 * Why a capture failed: the fetch, or a fetched page past the limits of page-complexity
 * (`page_too_complex`). Stored on a failed run as its `error_code`.
 */
export const FETCH_ERROR_CODES = [
  'timeout',
  'dns_error',
  'connection_refused',
  'http_4xx',
  'http_5xx',
  'blocked_by_bot_protection',
  'too_large',
  'blocked_target',
  'render_failed',
  'too_many_redirects',
  'network_error',
  'page_too_complex',
] as const;
export type FetchErrorCode = (typeof FETCH_ERROR_CODES)[number];

export interface FetchErrorOptions {
  httpStatus?: number;
  /** The low-level code behind the failure (ECONNRESET, EAI_AGAIN, net::ERR_…), for logs and retries. */
  causeCode?: string;
  cause?: unknown;
}

export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly httpStatus?: number;
  readonly causeCode?: string;

  constructor(
    readonly code: FetchErrorCode,
    message: string,
    options: FetchErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.httpStatus = options.httpStatus;
    this.causeCode = options.causeCode;
  }
}

/** Whether a retry later may succeed: the target or the path to it was briefly unwell. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof FetchError)) return false;
  switch (err.code) {
    case 'timeout':
    case 'connection_refused':
    case 'network_error':
    case 'http_5xx':
    case 'render_failed':
      return true;
    case 'http_4xx':
      return err.httpStatus === 429 || err.httpStatus === 408;
    case 'dns_error':
      return err.causeCode === 'EAI_AGAIN';
    case 'too_large':
    case 'blocked_target':
    case 'blocked_by_bot_protection':
    case 'too_many_redirects':
    case 'page_too_complex':
      return false;
  }
}

/** The error for a final response status outside 2xx/304. */
export function httpStatusError(status: number, url: string): FetchError {
  const code: FetchErrorCode = status >= 500 ? 'http_5xx' : 'http_4xx';
  return new FetchError(code, `${url} answered HTTP ${status}`, { httpStatus: status });
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);

/**
 * Maps an error thrown by undici, Node or the URL guard to a FetchError. Walks the `cause`
 * chain because undici and fetch wrap the socket error. `timedOut` says the caller's own
 * deadline fired, which turns an abort into a timeout whatever undici called it.
 */
export function classifyFetchError(err: unknown, context: { url: string; timedOut?: boolean }): FetchError {
  if (err instanceof FetchError) return err;
  const chain = causeChain(err);
  const message = (err as Error)?.message ?? String(err);
  const at = context.url;

  if (chain.some((e) => e instanceof UnsafeUrlError || (e as Error).name === 'UnsafeUrlError')) {
    const unsafe = chain.find((e) => (e as Error).name === 'UnsafeUrlError') as Error;
    return new FetchError('blocked_target', unsafe.message, { cause: err });
  }
  if (context.timedOut) return new FetchError('timeout', `Timed out fetching ${at}`, { cause: err, causeCode: codeOf(chain) });

  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    const name = (e as Error).name;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return new FetchError('timeout', `Timed out fetching ${at} (${code})`, { cause: err, causeCode: code });
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
      return new FetchError('timeout', `Timed out fetching ${at}`, { cause: err, causeCode: typeof code === 'string' ? code : name });
    }
    if (typeof code === 'string' && DNS_CODES.has(code)) return new FetchError('dns_error', `Could not resolve the host of ${at} (${code})`, { cause: err, causeCode: code });
    if (code === 'ECONNREFUSED') return new FetchError('connection_refused', `Connection refused by ${at}`, { cause: err, causeCode: code });
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' || code === 'ERR_BUFFER_TOO_LARGE') {
      return new FetchError('too_large', `The response from ${at} is too large`, { cause: err, causeCode: code });
    }
  }
  const code = codeOf(chain);
  return new FetchError('network_error', `Network error fetching ${at}: ${message}`, { cause: err, causeCode: code });
}

function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = err;
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    if (current instanceof AggregateError && current.errors.length > 0) chain.push(...current.errors);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function codeOf(chain: unknown[]): string | undefined {
  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Chromium's net error names (in puppeteer's messages) mapped to our codes. */
const CHROMIUM_NET_ERRORS: [RegExp, FetchErrorCode][] = [
  [/net::ERR_NAME_NOT_RESOLVED|net::ERR_NAME_RESOLUTION_FAILED/, 'dns_error'],
  [/net::ERR_CONNECTION_REFUSED/, 'connection_refused'],
  [/net::ERR_TOO_MANY_REDIRECTS/, 'too_many_redirects'],
  [/net::ERR_(CONNECTION_TIMED_OUT|TIMED_OUT)/, 'timeout'],
  [/net::ERR_(CONNECTION_RESET|CONNECTION_CLOSED|CONNECTION_ABORTED|EMPTY_RESPONSE|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|SSL_|CERT_|BAD_SSL|HTTP2_|INVALID_HTTP_RESPONSE)/, 'network_error'],
  [/net::ERR_(UNSAFE_PORT|BLOCKED_BY_CLIENT|ACCESS_DENIED)/, 'blocked_target'],
];

/**
 * Maps a puppeteer/Chromium failure to a FetchError. `blocked` is the refusal recorded when the
 * main document (or a redirect of it) was stopped by request interception.
 */
export function classifyBrowserError(err: unknown, context: { url: string; blocked?: FetchError | null }): FetchError {
  if (context.blocked) return context.blocked;
  if (err instanceof FetchError) return err;
  const name = (err as Error)?.name;
  const message = (err as Error)?.message ?? String(err);
  if (err instanceof UnsafeUrlError || name === 'UnsafeUrlError') return new FetchError('blocked_target', message, { cause: err });
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && DNS_CODES.has(code)) {
    return new FetchError('dns_error', `Could not resolve the host of ${context.url} (${code})`, { cause: err, causeCode: code });
  }
  if (name === 'TimeoutError') return new FetchError('timeout', `Timed out rendering ${context.url}`, { cause: err });
  const net = /net::ERR_[A-Z0-9_]+/.exec(message)?.[0];
  if (net) {
    for (const [pattern, mapped] of CHROMIUM_NET_ERRORS) {
      if (pattern.test(net)) return new FetchError(mapped, `${net} loading ${context.url}`, { cause: err, causeCode: net.slice(5) });
    }
  }
  return new FetchError('render_failed', `Rendering ${context.url} failed: ${message}`, { cause: err, causeCode: net?.slice(5) });
}
