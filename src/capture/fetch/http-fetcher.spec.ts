import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { systemResolver, type HostResolver } from '../../common/url-safety';
import { FetchError, isTransient } from './fetch-error';
import { HttpFetcher, type HttpFetcherOptions } from './http-fetcher';

jest.setTimeout(10_000);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const PAGE = `<!doctype html><html><head><title>Pricing</title></head><body><h1>Pro plan</h1><p>$49/mo — café</p>${'<p>filler</p>'.repeat(500)}</body></html>`;

/** Pins fixture.test to loopback (an exempt stand-in for a public site); other names use the system resolver. */
const resolver: HostResolver = async (hostname) =>
  hostname === 'fixture.test' ? [{ address: '127.0.0.1', family: 4 }] : systemResolver(hostname);

describe('HttpFetcher', () => {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  let connections = 0;
  let server: Server;
  let origin: string;
  let port: number;
  const fetchers: HttpFetcher[] = [];

  function route(path: string, handler: Handler): string {
    routes.set(path, handler);
    return `${origin}${path}`;
  }

  function fetcher(options: Partial<HttpFetcherOptions> = {}): HttpFetcher {
    const f = new HttpFetcher({ allowPrivate: true, totalTimeoutMs: 3000, connectTimeoutMs: 1000, ...options });
    fetchers.push(f);
    return f;
  }

  async function failure(promise: Promise<unknown>): Promise<FetchError> {
    try {
      await promise;
    } catch (err) {
      expect(err).toBeInstanceOf(FetchError);
      return err as FetchError;
    }
    throw new Error('expected the fetch to fail');
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const handler = routes.get(path);
      if (handler) return handler(req, res);
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await Promise.all(fetchers.map((f) => f.close()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  describe('bodies', () => {
    it('decodes a gzip page and reports its metadata', async () => {
      const url = route('/gzip', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', etag: '"g1"', 'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT' });
        res.end(gzipSync(PAGE));
      });
      const result = await fetcher().fetch(url);
      expect(result).toMatchObject({
        url,
        status: 200,
        notModified: false,
        html: PAGE,
        etag: '"g1"',
        lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT',
        contentType: 'text/html; charset=utf-8',
        bytes: Buffer.byteLength(PAGE),
        via: 'http',
      });
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
    });

    it('decodes a brotli page', async () => {
      const url = route('/br', (req, res) => {
        expect(req.headers['accept-encoding']).toContain('br');
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(brotliCompressSync(PAGE));
      });
      expect((await fetcher().fetch(url)).html).toBe(PAGE);
    });

    it('decodes zlib-wrapped and raw deflate', async () => {
      const wrapped = route('/deflate', (_req, res) => res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(PAGE)));
      const raw = route('/deflate-raw', (_req, res) => res.writeHead(200, { 'content-encoding': 'deflate' }).end(require('node:zlib').deflateRawSync(PAGE)));
      const f = fetcher();
      expect((await f.fetch(wrapped)).html).toBe(PAGE);
      expect((await f.fetch(raw)).html).toBe(PAGE);
    });

    it('sends a desktop Chrome user agent and accepts HTML', async () => {
      let seen: IncomingMessage['headers'] = {};
      const url = route('/ua', (req, res) => {
        seen = req.headers;
        res.end('ok');
      });
      await fetcher().fetch(url);
      expect(seen['user-agent']).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\).*Chrome\/\d+/);
      expect(seen.accept).toContain('text/html');
    });

    it('decodes a windows-1252 page named in Content-Type', async () => {
      const url = route('/latin', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]));
      });
      expect((await fetcher().fetch(url)).html).toBe('café €');
    });

    it('decodes a Shift_JIS page declared by <meta charset>', async () => {
      const html = '<html><head><meta charset="shift_jis"></head><body>料金</body></html>';
      const bytes = Buffer.concat([
        Buffer.from('<html><head><meta charset="shift_jis"></head><body>'),
        Buffer.from([0x97, 0xbf, 0x8b, 0xe0]),
        Buffer.from('</body></html>'),
      ]);
      const url = route('/sjis', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(bytes));
      expect((await fetcher().fetch(url)).html).toBe(html);
    });

    it('reuses keep-alive connections for sequential fetches', async () => {
      const url = route('/keepalive', (_req, res) => res.end(PAGE));
      const f = fetcher();
      const before = connections;
      for (let i = 0; i < 20; i++) await f.fetch(url);
      // undici's pool may open a second socket when a fetch follows the previous body's end in
      // the same tick, before the first socket is marked free; after that both are reused.
      expect(connections - before).toBeLessThanOrEqual(2);
    });
  });

  describe('conditional requests', () => {
    it('answers notModified when the ETag still matches', async () => {
      const url = route('/etag', (req, res) => {
        if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304, { etag: '"v1"' }).end();
        res.writeHead(200, { etag: '"v1"', 'content-type': 'text/html' }).end(PAGE);
      });
      const f = fetcher();
      const first = await f.fetch(url);
      expect(first).toMatchObject({ notModified: false, etag: '"v1"' });
      const second = await f.fetch(url, { etag: first.etag });
      expect(second).toMatchObject({ status: 304, notModified: true, html: '', etag: '"v1"', bytes: 0 });
    });

    it('answers notModified when Last-Modified has not moved', async () => {
      const stamp = 'Tue, 02 Jan 2024 10:00:00 GMT';
      const url = route('/last-modified', (req, res) => {
        if (req.headers['if-modified-since'] === stamp) return res.writeHead(304).end();
        res.writeHead(200, { 'last-modified': stamp }).end(PAGE);
      });
      const f = fetcher();
      const first = await f.fetch(url);
      const second = await f.fetch(url, { lastModified: first.lastModified });
      expect(second).toMatchObject({ notModified: true, lastModified: stamp, html: '' });
    });

    it('answers notModified without decoding when the body hashes to unlessHash', async () => {
      let version = 'one';
      const url = route('/no-validators', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`${PAGE}<!-- ${version} -->`);
      });
      const f = fetcher();
      const first = await f.fetch(url);
      expect(first.bodyHash).toMatch(/^[0-9a-f]{64}$/);
      const same = await f.fetch(url, { unlessHash: first.bodyHash });
      expect(same).toMatchObject({ status: 200, notModified: true, html: '', bodyHash: first.bodyHash });
      version = 'two';
      const changed = await f.fetch(url, { unlessHash: first.bodyHash });
      expect(changed.notModified).toBe(false);
      expect(changed.html).toContain('two');
      expect(changed.bodyHash).not.toBe(first.bodyHash);
    });
  });

  describe('redirects', () => {
    it('follows a chain of three, relative and absolute, to the final URL', async () => {
      route('/r1', (_req, res) => res.writeHead(301, { location: '/r2' }).end());
      route('/r2', (_req, res) => res.writeHead(302, { location: `${origin}/r3` }).end('moved'));
      route('/r3', (_req, res) => res.writeHead(307, { location: 'final?x=1' }).end());
      const final = route('/final', (_req, res) => res.end('<p>landed</p>'));
      const result = await fetcher().fetch(`${origin}/r1`);
      expect(result).toMatchObject({ url: `${final}?x=1`, status: 200, html: '<p>landed</p>' });
    });

    it('gives up on a redirect loop with too_many_redirects', async () => {
      route('/loop-a', (_req, res) => res.writeHead(302, { location: '/loop-b' }).end());
      route('/loop-b', (_req, res) => res.writeHead(302, { location: '/loop-a' }).end());
      const err = await failure(fetcher().fetch(`${origin}/loop-a`));
      expect(err.code).toBe('too_many_redirects');
      expect(isTransient(err)).toBe(false);
    });

    it('stops after maxRedirects hops', async () => {
      for (let i = 0; i < 3; i++) route(`/hop${i}`, (_req, res) => res.writeHead(308, { location: `/hop${i + 1}` }).end());
      route('/hop3', (_req, res) => res.end('ok'));
      expect((await fetcher({ maxRedirects: 3 }).fetch(`${origin}/hop0`)).html).toBe('ok');
      expect((await failure(fetcher({ maxRedirects: 2 }).fetch(`${origin}/hop0`))).code).toBe('too_many_redirects');
    });

    describe('to a private address when private targets are refused', () => {
      // fixture.test is exempt and pinned to 127.0.0.1, standing in for a public site; the
      // redirect targets are checked by the real policy at connect time.
      const guarded = () => fetcher({ allowPrivate: false, allowPrivateHosts: ['fixture.test'], resolver });

      it.each([
        ['an IP literal', () => `http://127.0.0.1:${port}/secret`],
        ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${port}/secret`],
        ['the unspecified address, which Linux routes to this host', () => `http://0.0.0.0:${port}/secret`],
        ['an IPv6 loopback literal', () => `http://[::1]:${port}/secret`],
        ['a name that resolves to loopback', () => `http://localhost:${port}/secret`],
      ])('refuses %s with blocked_target', async (_label, target) => {
        route('/secret', (_req, res) => res.end('secret'));
        route('/to-private', (_req, res) => res.writeHead(302, { location: target() }).end());
        const before = hits.get('/secret') ?? 0;
        const err = await failure(guarded().fetch(`http://fixture.test:${port}/to-private`));
        expect(err.code).toBe('blocked_target');
        expect(err.message).toMatch(/non-public address/);
        expect(hits.get('/secret') ?? 0).toBe(before);
      });

      it('refuses a redirect to a non-http scheme', async () => {
        route('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
        expect((await failure(guarded().fetch(`http://fixture.test:${port}/to-file`))).code).toBe('blocked_target');
      });

      it('serves the exempt host itself', async () => {
        route('/exempt', (_req, res) => res.end('fixture'));
        expect((await guarded().fetch(`http://fixture.test:${port}/exempt`)).html).toBe('fixture');
      });

      it('refuses a loopback URL outright', async () => {
        const err = await failure(fetcher({ allowPrivate: false }).fetch(`${origin}/secret`));
        expect(err.code).toBe('blocked_target');
      });
    });
  });

  describe('images', () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

    it('answers the bytes and media type of an image, asking for images', async () => {
      let accept = '';
      const url = route('/logo.png', (req, res) => {
        accept = String(req.headers.accept);
        res.writeHead(200, { 'content-type': 'image/PNG; charset=binary' }).end(PNG);
      });
      expect(await fetcher().fetchImage(url, 1024)).toEqual({ url, contentType: 'image/png', body: PNG });
      expect(accept).toMatch(/^image\//);
    });

    it('answers null for a page that is not an image', async () => {
      const url = route('/logo-page', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
      expect(await fetcher().fetchImage(url, 1024)).toBeNull();
    });

    it('refuses an image over its cap with too_large', async () => {
      const url = route('/big.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2048)));
      expect((await failure(fetcher().fetchImage(url, 1024))).code).toBe('too_large');
    });

    it('refuses a private address with blocked_target, without connecting', async () => {
      const url = route('/private.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
      expect((await failure(fetcher({ allowPrivate: false }).fetchImage(url, 1024))).code).toBe('blocked_target');
      expect(hits.get('/private.png')).toBeUndefined();
    });
  });

  describe('failures', () => {
    it('times out on a server that never answers', async () => {
      route('/hang', () => undefined);
      const started = Date.now();
      const err = await failure(fetcher({ totalTimeoutMs: 300 }).fetch(`${origin}/hang`));
      expect(err.code).toBe('timeout');
      expect(isTransient(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('times out on a body that trickles past the deadline', async () => {
      route('/trickle', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => res.write('<p>x</p>'), 50);
        res.on('close', () => clearInterval(timer));
      });
      const err = await failure(fetcher({ totalTimeoutMs: 400 }).fetch(`${origin}/trickle`));
      expect(err.code).toBe('timeout');
    });

    it('refuses a body whose Content-Length is over the cap', async () => {
      const url = route('/big-declared', (_req, res) => res.writeHead(200, { 'content-length': 2048 }).end('x'.repeat(2048)));
      const err = await failure(fetcher({ maxBytes: 1024 }).fetch(url));
      expect(err.code).toBe('too_large');
      expect(isTransient(err)).toBe(false);
    });

    it('stops a chunked body as soon as it passes the cap', async () => {
      let written = 0;
      const url = route('/big-chunked', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => {
          written += 1024;
          res.write('y'.repeat(1024));
        }, 5);
        res.on('close', () => clearInterval(timer));
      });
      const err = await failure(fetcher({ maxBytes: 8 * 1024 }).fetch(url));
      expect(err.code).toBe('too_large');
      expect(written).toBeLessThan(64 * 1024);
    });

    it('refuses a small gzip body that decompresses past the cap', async () => {
      const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x61));
      const url = route('/bomb', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb));
      expect(bomb.length).toBeLessThan(64 * 1024);
      const err = await failure(fetcher({ maxBytes: 1024 * 1024 }).fetch(url));
      expect(err.code).toBe('too_large');
    });

    it('reports 404 as http_4xx with the status', async () => {
      const err = await failure(fetcher().fetch(`${origin}/missing`));
      expect(err).toMatchObject({ code: 'http_4xx', httpStatus: 404 });
      expect(isTransient(err)).toBe(false);
    });

    it('reports 429 as a transient http_4xx', async () => {
      const url = route('/limited', (_req, res) => res.writeHead(429, { 'retry-after': '30' }).end('slow down'));
      const err = await failure(fetcher().fetch(url));
      expect(err).toMatchObject({ code: 'http_4xx', httpStatus: 429 });
      expect(isTransient(err)).toBe(true);
    });

    it('reports 503 as a transient http_5xx', async () => {
      const url = route('/down', (_req, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Maintenance</h1>'));
      const err = await failure(fetcher().fetch(url));
      expect(err).toMatchObject({ code: 'http_5xx', httpStatus: 503 });
      expect(isTransient(err)).toBe(true);
    });

    it('recognises a Cloudflare challenge by its cf-mitigated header', async () => {
      const url = route('/cf-header', (_req, res) => {
        res.writeHead(403, { 'cf-mitigated': 'challenge', server: 'cloudflare', 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>');
      });
      const err = await failure(fetcher().fetch(url));
      expect(err).toMatchObject({ code: 'blocked_by_bot_protection', httpStatus: 403 });
      expect(isTransient(err)).toBe(false);
    });

    it('recognises a Cloudflare "Just a moment..." page by server and body', async () => {
      const url = route('/cf-body', (_req, res) => {
        res.writeHead(503, { server: 'cloudflare', 'content-type': 'text/html' });
        res.end('<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing the site.</body></html>');
      });
      expect((await failure(fetcher().fetch(url))).code).toBe('blocked_by_bot_protection');
    });

    it('recognises a gzip-compressed challenge page', async () => {
      const url = route('/cf-gzip', (_req, res) => {
        res.writeHead(403, { server: 'cloudflare', 'content-encoding': 'gzip' });
        res.end(gzipSync('<html><head><title>Attention Required! | Cloudflare</title></head></html>'));
      });
      expect((await failure(fetcher().fetch(url))).code).toBe('blocked_by_bot_protection');
    });

    it('reports a closed port as connection_refused', async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const closedPort = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      const err = await failure(fetcher().fetch(`http://127.0.0.1:${closedPort}/`));
      expect(err.code).toBe('connection_refused');
      expect(isTransient(err)).toBe(true);
    });

    it('reports an unknown host as dns_error, quickly', async () => {
      const started = Date.now();
      const err = await failure(fetcher().fetch('http://nonexistent.invalid/'));
      expect(err).toMatchObject({ code: 'dns_error', causeCode: 'ENOTFOUND' });
      expect(isTransient(err)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('refuses non-http URLs as blocked_target', async () => {
      expect((await failure(fetcher().fetch('ftp://example.com/'))).code).toBe('blocked_target');
      expect((await failure(fetcher().fetch('not a url'))).code).toBe('blocked_target');
    });

    it('refuses to fetch after close', async () => {
      const f = fetcher();
      await f.close();
      expect((await failure(f.fetch(`${origin}/missing`))).code).toBe('network_error');
    });
  });

  describe('per-host politeness', () => {
    it('keeps at most perHostConcurrency requests in flight to one host', async () => {
      let inFlight = 0;
      let peak = 0;
      const url = route('/slow', (_req, res) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        setTimeout(() => {
          inFlight--;
          res.end('ok');
        }, 60);
      });
      const f = fetcher({ perHostConcurrency: 3 });
      const results = await Promise.all(Array.from({ length: 12 }, () => f.fetch(url)));
      expect(results.every((r) => r.html === 'ok')).toBe(true);
      expect(peak).toBe(3);
    });

    it('times out requests in flight and in the queue without losing slots', async () => {
      route('/stall', () => undefined);
      const quick = route('/quick', (_req, res) => res.end('quick'));
      const f = fetcher({ perHostConcurrency: 1, totalTimeoutMs: 300 });
      // One request holds the only slot until its deadline; the other two time out queued.
      const errors = await Promise.all([1, 2, 3].map(() => failure(f.fetch(`${origin}/stall`))));
      expect(errors.map((e) => e.code)).toEqual(['timeout', 'timeout', 'timeout']);
      expect((await f.fetch(quick)).html).toBe('quick');
    });
  });
});
