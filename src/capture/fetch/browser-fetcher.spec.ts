import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemResolver, type HostResolver } from '../../common/url-safety';
import { BrowserFetcher, type BrowserFetcherOptions } from './browser-fetcher';
import { FetchError } from './fetch-error';

// A fetcher's first fetch launches its Chromium: seconds on a loaded 2-core machine.
jest.setTimeout(60_000);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const html = (body: string, head = '') => `<!doctype html><html><head><title>Fixture</title>${head}</head><body>${body}</body></html>`;

/**
 * internal.test stands for a name that resolves to a non-public address (a loopback one, so a
 * broken guard could only ever reach this machine). Each rebind-*.test answers a public address
 * once (the early check, which connects nowhere) and loopback afterwards, like a rebinding DNS
 * server; a test takes a name of its own, so one fetcher's address cache holds no verdict for it.
 */
const rebindLookups = new Map<string, number>();
const resolver: HostResolver = async (hostname) => {
  if (hostname === 'internal.test') return [{ address: '127.0.0.2', family: 4 }];
  if (/^rebind-.+\.test$/.test(hostname)) {
    const n = rebindLookups.get(hostname) ?? 0;
    rebindLookups.set(hostname, n + 1);
    return [{ address: n === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  }
  return systemResolver(hostname);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const available = new BrowserFetcher({ allowPrivate: true }).isAvailable();
if (!available) console.warn('BrowserFetcher tests skipped: no Chromium found');

(available ? describe : describe.skip)('BrowserFetcher', () => {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  let upgrades = 0;
  let server: Server;
  let port: number;
  let origin: string;
  const fetchers: BrowserFetcher[] = [];
  /**
   * One Chromium for the tests that need no options of their own (at most two pages at once, for
   * the maxPages test). Chromium is launched with its fetcher's guarding proxy, so a fetcher with
   * other guards (the allowed-private control) has its own; so do the deadline tests (short
   * deadline, one page) and the crash-recovery test, which kills its browser.
   */
  let shared: BrowserFetcher;

  function route(path: string, handler: Handler | string): string {
    routes.set(path, typeof handler === 'string' ? (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(handler) : handler);
    return `${origin}${path}`;
  }

  function fetcher(options: Partial<BrowserFetcherOptions> = {}): BrowserFetcher {
    const f = new BrowserFetcher({ allowPrivate: false, allowPrivateHosts: ['127.0.0.1'], resolver, navigationTimeoutMs: 30_000, ...options });
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
      res.writeHead(404, { 'content-type': 'text/html' }).end(html('<h1>Not found</h1>'));
    });
    server.on('upgrade', (_req, socket) => {
      upgrades++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    shared = fetcher({ maxPages: 2 });
  });

  afterAll(async () => {
    await Promise.all(fetchers.map((f) => f.close()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('captures text injected by JavaScript, inline and after a fetch()', async () => {
    route('/data.json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ price: 'Pro $49/mo' })));
    const url = route(
      '/js',
      html(`<div id="inline">static</div><div id="api">loading</div>
        <script>
          document.getElementById('inline').textContent = 'Injected inline';
          setTimeout(() => fetch('/data.json').then((r) => r.json()).then((d) => {
            document.getElementById('api').textContent = 'Injected from API: ' + d.price;
          }), 50);
        </script>`),
    );
    const result = await shared.fetch(url);
    expect(result).toMatchObject({ url, status: 200, notModified: false, via: 'browser', contentType: 'text/html' });
    expect(result.html).toContain('Injected inline');
    expect(result.html).toContain('Injected from API: Pro $49/mo');
    expect(result.bytes).toBe(Buffer.byteLength(result.html));
  });

  it('skips images, fonts and media but loads stylesheets and scripts', async () => {
    route('/style.css', (_req, res) => res.writeHead(200, { 'content-type': 'text/css' }).end('body { background: url(/bg.png) } @font-face { font-family: X; src: url(/font.woff2) } p { font-family: X }'));
    route('/app.js', (_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.body.dataset.script = "ran";'));
    const url = route('/assets', html('<img src="/pixel.png"><video src="/clip.mp4" autoplay></video><p>Hello</p><script src="/app.js"></script>', '<link rel="stylesheet" href="/style.css">'));
    const result = await shared.fetch(url);
    expect(result.html).toContain('data-script="ran"');
    expect(hits.get('/style.css')).toBe(1);
    for (const skipped of ['/pixel.png', '/bg.png', '/font.woff2', '/clip.mp4']) expect(hits.get(skipped)).toBeUndefined();
  });

  it('sends a desktop Chrome user agent, not HeadlessChrome', async () => {
    let ua = '';
    const url = route('/ua', (req, res) => {
      ua = req.headers['user-agent'] ?? '';
      res.writeHead(200, { 'content-type': 'text/html' }).end(html('ua'));
    });
    await shared.fetch(url);
    expect(ua).toMatch(/Chrome\/\d+/);
    expect(ua).not.toContain('Headless');
  });

  describe('private addresses when private targets are refused', () => {
    const page = () =>
      html(`<div id="out">pending</div>
        <script src="http://localhost:${port}/private.js"></script>
        <script>
          fetch('http://internal.test:${port}/internal-api').then(() => 'loaded', () => 'blocked')
            .then((r) => { document.getElementById('out').textContent = 'internal ' + r; });
        </script>`);

    it('blocks a page request to a host that resolves to loopback or a private address', async () => {
      const url = route('/leaky', page());
      const result = await shared.fetch(url);
      expect(hits.get('/private.js')).toBeUndefined();
      expect(result.html).toContain('internal blocked');
    });

    it('lets the same requests through when private targets are allowed (control)', async () => {
      route('/private.js', (_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.leaked = 1;'));
      const url = route('/leaky-allowed', page());
      await fetcher({ allowPrivate: true }).fetch(url);
      expect(hits.get('/private.js')).toBe(1);
    });

    it('refuses a private URL before navigating', async () => {
      const err = await failure(shared.fetch(`http://localhost:${port}/js`));
      expect(err.code).toBe('blocked_target');
      expect((await failure(shared.fetch('http://internal.test/'))).code).toBe('blocked_target');
      expect((await failure(shared.fetch('file:///etc/passwd'))).code).toBe('blocked_target');
    });

    it('refuses a redirect of the main document to a private address', async () => {
      route('/secret', html('secret'));
      const url = route('/to-local', (_req, res) => res.writeHead(302, { location: `http://localhost:${port}/secret` }).end());
      const before = hits.get('/secret') ?? 0;
      const err = await failure(shared.fetch(url));
      expect(err.code).toBe('blocked_target');
      expect(hits.get('/secret') ?? 0).toBe(before);
    });

    it('guards WebSockets, which request interception cannot see', async () => {
      const wsPage = (host: string) => html(`<script>try { new WebSocket('ws://${host}:${port}/socket'); } catch (e) {}</script><p>ws</p>`);
      await shared.fetch(route('/ws-private', wsPage('localhost')));
      await sleep(300);
      expect(upgrades).toBe(0);
      // Control: the exempt fixture host gets its WebSocket through the same proxy.
      await shared.fetch(route('/ws-exempt', wsPage('127.0.0.1')));
      for (let i = 0; i < 20 && upgrades === 0; i++) await sleep(50);
      expect(upgrades).toBe(1);
    });

    it('refuses a subresource whose name rebinds to loopback after the early check', async () => {
      route('/rebind.js', (_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end('1'));
      const url = route('/rebinding', html(`<script src="http://rebind-sub.test:${port}/rebind.js"></script><p>page</p>`));
      const result = await shared.fetch(url);
      expect(result.html).toContain('page');
      expect(rebindLookups.get('rebind-sub.test')).toBeGreaterThanOrEqual(2); // the early check and the proxy's connect
      expect(hits.get('/rebind.js')).toBeUndefined();
    });

    it('refuses a main document whose name rebinds to loopback', async () => {
      route('/rebind-main', html('secret'));
      const err = await failure(shared.fetch(`http://rebind-main.test:${port}/rebind-main`));
      expect(err.code).toBe('blocked_target');
      expect(hits.get('/rebind-main')).toBeUndefined();
    });
  });

  describe('failures', () => {
    // Long enough for the follow-up fetch (a fresh page) on a loaded 2-core machine (2.5 s and
    // then 5 s were not, on a slower one); one page, so the fetch after a timeout shows that the
    // timed-out page gave its slot back.
    let deadlines: BrowserFetcher;
    beforeAll(() => {
      deadlines = fetcher({ navigationTimeoutMs: 12_000, maxPages: 1 });
    });

    it('reports a 404 as http_4xx', async () => {
      expect(await failure(shared.fetch(`${origin}/nope`))).toMatchObject({ code: 'http_4xx', httpStatus: 404 });
    });

    it('reports a 500 as http_5xx', async () => {
      const url = route('/boom', (_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end(html('oops')));
      expect(await failure(shared.fetch(url))).toMatchObject({ code: 'http_5xx', httpStatus: 500 });
    });

    it('recognises a Cloudflare challenge', async () => {
      const url = route('/challenge', (_req, res) => {
        res.writeHead(403, { 'content-type': 'text/html', 'cf-mitigated': 'challenge', server: 'cloudflare' });
        res.end('<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>');
      });
      expect(await failure(shared.fetch(url))).toMatchObject({ code: 'blocked_by_bot_protection', httpStatus: 403 });
    });

    it('reports a closed port as connection_refused', async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const closedPort = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      expect((await failure(shared.fetch(`http://127.0.0.1:${closedPort}/`))).code).toBe('connection_refused');
    });

    it('reports an unknown host as dns_error', async () => {
      expect((await failure(shared.fetch('http://nonexistent.invalid/'))).code).toBe('dns_error');
    });

    it('times out on a server that never answers, and the next fetch works', async () => {
      route('/hang', () => undefined);
      const started = Date.now();
      expect((await failure(deadlines.fetch(`${origin}/hang`))).code).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(20_000);
      const ok = route('/after-hang', html('<p>fine</p>'));
      expect((await deadlines.fetch(ok)).html).toContain('fine');
    });

    it('times out on a page stuck in a script loop, and the next fetch works', async () => {
      const url = route('/busy', html('<script>while (true) {}</script>'));
      expect((await failure(deadlines.fetch(url))).code).toBe('timeout');
      const ok = route('/after-busy', html('<p>recovered</p>'));
      expect((await deadlines.fetch(ok)).html).toContain('recovered');
    });
  });

  it('renders at most maxPages pages at once (two for the shared fetcher)', async () => {
    let inFlight = 0;
    let peak = 0;
    const waiting: (() => void)[] = [];
    // Each document is held until a second one arrives (or 1.5 s pass), so two pages overlap
    // whatever the machine's load, and a third would show up in the peak.
    const url = route('/slow', (_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const answer = () => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p>slow</p>'));
      };
      waiting.push(answer);
      if (waiting.length >= 2) waiting.splice(0).forEach((fn) => fn());
      else setTimeout(() => waiting.includes(answer) && waiting.splice(waiting.indexOf(answer), 1)[0](), 1500);
    });
    // Distinct URLs: Chromium's cache lock would serialise identical ones by itself.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => shared.fetch(`${url}?i=${i}`)));
    expect(results.every((r) => r.html.includes('slow'))).toBe(true);
    expect(peak).toBe(2);
  });

  it('launches a new browser on the next fetch after the browser is killed', async () => {
    // The relaunch counts against the fetch's deadline (fetcher's 30 s).
    const f = fetcher();
    const url = route('/relaunch', html('<p>alive</p>'));
    await f.fetch(url);
    const pid = await f.browserPid();
    expect(pid).toEqual(expect.any(Number));
    process.kill(pid!, 'SIGKILL');
    for (let i = 0; i < 50 && (await f.browserPid()) !== null; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await f.fetch(url);
    expect(again.html).toContain('alive');
    const newPid = await f.browserPid();
    expect(newPid).toEqual(expect.any(Number));
    expect(newPid).not.toBe(pid);
  });

  it('refuses to fetch after close', async () => {
    const f = fetcher();
    await f.close();
    expect((await failure(f.fetch(`${origin}/js`))).code).toBe('render_failed');
  });
});
