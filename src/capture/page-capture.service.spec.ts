import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExtractionPool } from './extract/extraction-pool';
import { BrowserFetcher } from './fetch/browser-fetcher';
import { HttpFetcher } from './fetch/http-fetcher';
import { PageCaptureService } from './page-capture.service';

const SHELL = '<!doctype html><html><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>';
/** Short enough to pass for a JavaScript shell if it were read as HTML. */
const MARKDOWN = '# Pricing\n\n## Pro\n\n$29/month\n\n- 10 projects\n\n## Team\n\n$99/month\n\n- 50 projects\n';
const PAGE = `<!doctype html><html><body><main><h1>Pricing</h1>${'<p>Plenty of text on a page rendered on the server.</p>'.repeat(40)}</main></body></html>`;

describe('PageCaptureService.fetch', () => {
  let server: http.Server;
  let base: string;
  let capture: PageCaptureService;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/pricing.md') res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(MARKDOWN);
      else res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/shell' ? SHELL : PAGE);
    });
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

  it('reads a page served as Markdown by its content type, not as a JavaScript shell', async () => {
    const fetched = await capture.fetch(`${base}/pricing.md`);
    expect(fetched).toMatchObject({ via: 'http', unchanged: false, contentType: 'text/markdown; charset=utf-8' });
    expect(fetched.bodyHash).not.toBeNull();
    const page = await capture.extract(fetched, 'pricing');
    expect((page.fields as { plans: { name: string }[] }).plans.map((p) => p.name)).toEqual(['Pro', 'Team']);
    expect(page.markdown).toContain('## Pro');
  });
});
