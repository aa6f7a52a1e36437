import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExtractionPool } from './extract/extraction-pool';
import { BrowserFetcher } from './fetch/browser-fetcher';
import { HttpFetcher } from './fetch/http-fetcher';
import { PageCaptureService } from './page-capture.service';

const SHELL = '<!doctype html><html><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>';
const PAGE = `<!doctype html><html><body><main><h1>Pricing</h1>${'<p>Plenty of text on a page rendered on the server.</p>'.repeat(40)}</main></body></html>`;

describe('PageCaptureService.fetch', () => {
  let server: http.Server;
  let base: string;
  let capture: PageCaptureService;

  beforeAll(async () => {
    server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/shell' ? SHELL : PAGE));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    capture = new PageCaptureService(
      new HttpFetcher({ allowPrivate: true }),
      new BrowserFetcher({ allowPrivate: true, executablePath: '/nonexistent/chromium' }),
      new ExtractionPool(0),
    );
  });

  afterAll(async () => {
    await capture.onApplicationShutdown();
    server.close();
  });

  it('answers unchanged for the same bytes as the last capture', async () => {
    const first = await capture.fetch(`${base}/page`);
    expect(first).toMatchObject({ unchanged: false, via: 'http' });
    expect(first.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await capture.fetch(`${base}/page`, { lastRawHash: first.bodyHash });
    expect(again).toMatchObject({ unchanged: true, html: '' });
  });

  it('does not remember the bytes of a JavaScript shell captured without Chromium', async () => {
    const shell = await capture.fetch(`${base}/shell`);
    expect(shell).toMatchObject({ via: 'http', bodyHash: null, unchanged: false });
    expect(shell.html).toContain('id="root"');
  });
});
