import { UnsafeUrlError } from '../../common/url-safety';
import { classifyBrowserError, classifyFetchError, FETCH_ERROR_CODES, FetchError, isTransient } from './fetch-error';

const at = { url: 'https://example.com/' };
const errno = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('classifyFetchError', () => {
  it.each([
    [errno('ENOTFOUND'), 'dns_error'],
    [errno('EAI_AGAIN'), 'dns_error'],
    [errno('ECONNREFUSED'), 'connection_refused'],
    [errno('UND_ERR_CONNECT_TIMEOUT'), 'timeout'],
    [errno('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
    [errno('UND_ERR_BODY_TIMEOUT'), 'timeout'],
    [errno('UND_ERR_ABORTED'), 'timeout'],
    [Object.assign(new Error('aborted'), { name: 'AbortError' }), 'timeout'],
    [new DOMException('signal timed out', 'TimeoutError'), 'timeout'],
    [errno('ECONNRESET'), 'network_error'],
    [errno('UND_ERR_SOCKET', 'other side closed'), 'network_error'],
    [errno('ERR_BUFFER_TOO_LARGE'), 'too_large'],
    [new UnsafeUrlError('Refused to connect to non-public address 10.0.0.1'), 'blocked_target'],
    [new Error('fetch failed', { cause: errno('ECONNREFUSED') }), 'connection_refused'],
    [new Error('fetch failed', { cause: new UnsafeUrlError('nope') }), 'blocked_target'],
    [new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')]), 'connection_refused'],
    ['a string', 'network_error'],
  ])('maps %p to %s', (err, code) => {
    expect(classifyFetchError(err, at).code).toBe(code);
  });

  it('calls anything a timeout once the caller’s deadline fired, except a refusal', () => {
    expect(classifyFetchError(errno('UND_ERR_SOCKET'), { ...at, timedOut: true }).code).toBe('timeout');
    expect(classifyFetchError(new UnsafeUrlError('x'), { ...at, timedOut: true }).code).toBe('blocked_target');
  });

  it('keeps the low-level code and cause', () => {
    const cause = errno('EAI_AGAIN');
    const err = classifyFetchError(cause, at);
    expect(err).toMatchObject({ causeCode: 'EAI_AGAIN', cause });
    expect(err).toBeInstanceOf(FetchError);
  });
});

describe('classifyBrowserError', () => {
  it.each([
    ['net::ERR_NAME_NOT_RESOLVED at https://x/', 'dns_error'],
    ['net::ERR_CONNECTION_REFUSED at https://x/', 'connection_refused'],
    ['net::ERR_TOO_MANY_REDIRECTS at https://x/', 'too_many_redirects'],
    ['net::ERR_CONNECTION_RESET at https://x/', 'network_error'],
    ['net::ERR_CERT_AUTHORITY_INVALID at https://x/', 'network_error'],
    ['net::ERR_TIMED_OUT at https://x/', 'timeout'],
    ['net::ERR_BLOCKED_BY_CLIENT at https://x/', 'blocked_target'],
    ['net::ERR_ABORTED at https://x/', 'render_failed'],
    ['Protocol error (Page.navigate): Target closed', 'render_failed'],
  ])('maps "%s" to %s', (message, code) => {
    expect(classifyBrowserError(new Error(message), at).code).toBe(code);
  });

  it('maps puppeteer timeouts and refusals', () => {
    expect(classifyBrowserError(Object.assign(new Error('Navigation timeout of 100 ms exceeded'), { name: 'TimeoutError' }), at).code).toBe('timeout');
    expect(classifyBrowserError(new UnsafeUrlError('no'), at).code).toBe('blocked_target');
  });
});

describe('isTransient', () => {
  const make = (code: (typeof FETCH_ERROR_CODES)[number], extra: { httpStatus?: number; causeCode?: string } = {}) => new FetchError(code, code, extra);

  it('retries what a later attempt may fix', () => {
    for (const err of [make('timeout'), make('connection_refused'), make('network_error'), make('http_5xx', { httpStatus: 502 }), make('http_4xx', { httpStatus: 429 }), make('render_failed'), make('dns_error', { causeCode: 'EAI_AGAIN' })]) {
      expect([err.code, isTransient(err)]).toEqual([err.code, true]);
    }
  });

  it('does not retry what the target decided', () => {
    for (const err of [make('http_4xx', { httpStatus: 404 }), make('http_4xx', { httpStatus: 403 }), make('blocked_target'), make('too_large'), make('blocked_by_bot_protection', { httpStatus: 403 }), make('too_many_redirects'), make('dns_error', { causeCode: 'ENOTFOUND' })]) {
      expect([err.code, isTransient(err)]).toEqual([err.code, false]);
    }
    expect(isTransient(new Error('plain'))).toBe(false);
  });
});
