import request from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { SiteServer, type Route } from '../fixtures/sites/site-server';
import { waitForDiscovery } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const PASSWORD = 'a long enough password';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5b4d1a20000000049454e44ae426082',
  'hex',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

const serve = (type: string, body: string | Buffer): Route => (_req, res) => res.writeHead(200, { 'content-type': type }).end(body);

/** What a browser loads by itself from a page (links are only followed when clicked). */
const loadedSources = (html: string) => [...html.matchAll(/\s(?:src|srcset|poster|data)="([^"]*)"/g)].map((m) => m[1]);
const imageSources = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);

function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/**
 * Competitor logos (DESIGN §5g): fetched by the service at discovery under the page fetcher's
 * guards, kept in Postgres and served from /app/logos/{id}; a viewer's browser never contacts a
 * competitor. Private targets are refused here; only the fixture host 127.0.0.1 is exempt.
 */
describe('competitor logos in the application', () => {
  let t: TestApp;
  const sites: SiteServer[] = [];

  beforeAll(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: 'false', ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(sites.map((s) => s.stop()));
  });

  /** A fixture competitor whose homepage declares `logo` (a path or URL) and serves `routes`. */
  async function site(logo: (site: SiteServer) => string, routes: Record<string, Route> = {}): Promise<SiteServer> {
    const server = await new SiteServer().start();
    sites.push(server);
    const href = logo(server);
    server.setPages({ '/': () => `<html><head><title>Logo Co</title><link rel="apple-touch-icon" href="${href}"></head><body><h1>Logo Co</h1></body></html>` });
    for (const [path, route] of Object.entries(routes)) server.setRoute(path, route);
    return server;
  }

  /** Discovers the site in a new account, whose owner is signed in to the application. */
  async function discovered(server: SiteServer): Promise<{ s: Session; agent: request.Agent; competitorId: number; workspaceId: number }> {
    const s = await createSession(t, 'pro');
    const email = `owner-${s.accountId}@example.test`;
    await t.app.get(UsersService).create(s.accountId, email, PASSWORD);
    const workspaceId = (await s.post('/workspaces', { name: 'Logos' }).expect(201)).body.workspace.id;
    const competitorId = (await s.post(`/workspaces/${workspaceId}/competitors`, { url: server.url('/') }).expect(202)).body.competitor.id;
    expect(await waitForDiscovery(s, competitorId)).toBe('completed');
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get('/app/sign-in').expect(200);
    await agent.post('/app/sign-in').type('form').send({ _csrf: csrfOf(page.text), email, password: PASSWORD }).expect(303);
    return { s, agent, competitorId, workspaceId };
  }

  async function storedLogos(competitorId: number): Promise<{ content_type: string; body: Buffer }[]> {
    return t.db.query(`SELECT content_type, body FROM competitor_logos WHERE competitor_id = $1`, [competitorId]);
  }

  it('stores a PNG logo at discovery and serves it to the account from /app/logos/{id} only', async () => {
    const server = await site(() => '/logo.png', { '/logo.png': serve('image/png', PNG) });
    const { s, agent, competitorId, workspaceId } = await discovered(server);
    expect(await storedLogos(competitorId)).toEqual([{ content_type: 'image/png', body: PNG }]);
    // The API keeps the discovered URL (spec).
    expect((await s.get(`/competitors/${competitorId}`).expect(200)).body.competitor.logo_url).toBe(server.url('/logo.png'));

    const logo = await agent.get(`/app/logos/${competitorId}`).buffer(true).expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(Buffer.from(logo.body)).toEqual(PNG);

    const page = await agent.get(`/app/workspaces/${workspaceId}/competitors`).expect(200);
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:;");
    expect(imageSources(page.text)).toEqual([`/app/logos/${competitorId}`]);
    expect(loadedSources(page.text).every((src) => src.startsWith('/app/'))).toBe(true);
    const inbox = await agent.get(`/app/workspaces/${workspaceId}/changes`).expect(200);
    expect(loadedSources(inbox.text).every((src) => src.startsWith('/app/'))).toBe(true);

    // Another account's viewer gets the same 404 as for a missing logo; signed out, sign in first.
    const other = await discovered(await site(() => '/none.png'));
    await other.agent.get(`/app/logos/${competitorId}`).expect(404);
    await other.agent.get(`/app/logos/${other.competitorId}`).expect(404);
    await request(t.app.getHttpServer()).get(`/app/logos/${competitorId}`).expect(303).expect('Location', '/app/sign-in');
  });

  it('serves an SVG logo so that it cannot run script', async () => {
    const server = await site(() => '/logo.svg', { '/logo.svg': serve('image/svg+xml', SVG) });
    const { agent, competitorId } = await discovered(server);
    const logo = await agent.get(`/app/logos/${competitorId}`).expect(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(logo.headers['content-disposition']).toMatch(/^attachment/);
  });

  it.each([
    ['a name that resolves to a private address', (s: SiteServer) => s.url('/logo.png').replace('127.0.0.1', 'localhost')],
    ['a private address', () => 'http://10.20.30.40/router/reboot'],
    ['an image over 256 KB', () => '/big.png'],
    ['an HTML page', () => '/page.png'],
  ])('keeps no logo from %s, and the application shows the placeholder', async (_label, logoUrl) => {
    const server = await site(logoUrl, {
      '/logo.png': serve('image/png', PNG),
      '/big.png': serve('image/png', Buffer.concat([PNG, Buffer.alloc(256 * 1024)])),
      '/page.png': serve('text/html', '<html><body>not a logo</body></html>'),
    });
    const { s, agent, competitorId, workspaceId } = await discovered(server);
    expect(await storedLogos(competitorId)).toEqual([]);
    expect(server.hits).not.toContain('/logo.png');
    expect((await s.get(`/competitors/${competitorId}`).expect(200)).body.competitor.logo_url).not.toBeNull();
    await agent.get(`/app/logos/${competitorId}`).expect(404);
    const page = await agent.get(`/app/workspaces/${workspaceId}/competitors`).expect(200);
    expect(page.text).toContain('logo placeholder');
    expect(page.text).not.toMatch(/<img/);
  });
});
