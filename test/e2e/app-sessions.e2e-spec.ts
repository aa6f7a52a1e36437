import request from 'supertest';
import { MAX_FAILURES_PER_IP } from '../../src/users/sign-in-limiter';
import { UsersService } from '../../src/users/users.service';
import { createReplica } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'a long enough password';

/** The CSRF token of a page the agent just loaded. */
function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/** An agent (cookie jar) signed in as the given user, and its session cookie as a header value. */
async function signedIn(t: TestApp, email: string): Promise<{ agent: request.Agent; cookie: string }> {
  const agent = request.agent(t.app.getHttpServer());
  const page = await agent.get('/app/sign-in').expect(200);
  const res = await agent
    .post('/app/sign-in')
    .type('form')
    .send({ _csrf: csrfOf(page.text), email, password: PASSWORD })
    .expect(303)
    .expect('Location', '/app/workspaces');
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('rw_session='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { agent, cookie };
}

/** Sessions, sign-up and sign-in rules of the application, over HTTP (the browser journey is app-browser). */
describe('application sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t?.close());

  it('signs a user created by the CLI service in; emails are unique whatever their case', async () => {
    const s = await createSession(t, 'starter');
    const users = t.app.get(UsersService);
    await users.create(s.accountId, 'Casey@Example.test', PASSWORD);
    await expect(users.create(s.accountId, 'casey@example.TEST', PASSWORD)).rejects.toThrow(/already exists/);
    const { agent } = await signedIn(t, 'CASEY@example.test');
    const home = await agent.get('/app/workspaces').expect(200);
    expect(home.text).toContain('Create your first workspace');
    expect(home.text).toMatch(/casey@example\.test/i);
  });

  it('keeps sessions in Postgres: another API replica serves the same cookie; sign-out ends it everywhere', async () => {
    const s = await createSession(t, 'starter');
    await t.app.get(UsersService).create(s.accountId, 'replica@example.test', PASSWORD);
    const { agent, cookie: header } = await signedIn(t, 'replica@example.test');
    const [row] = await t.db.query(`SELECT count(*)::int AS n FROM app_sessions`);
    expect(row.n).toBeGreaterThan(0);
    const replica = await createReplica(t);
    try {
      await request(replica.app.getHttpServer()).get('/app/workspaces').set('Cookie', header).expect(200);
      const page = await agent.get('/app/workspaces').expect(200);
      await agent.post('/app/sign-out').type('form').send({ _csrf: csrfOf(page.text) }).expect(303).expect('Location', '/app/sign-in');
      // The old cookie, replayed on either replica, no longer opens a page.
      await request(replica.app.getHttpServer()).get('/app/workspaces').set('Cookie', header).expect(303).expect('Location', '/app/sign-in');
      await request(t.app.getHttpServer()).get('/app/workspaces').set('Cookie', header).expect(303).expect('Location', '/app/sign-in');
    } finally {
      await replica.close();
    }
  });

  it('refuses a signed-in form without its CSRF token, or with another session’s', async () => {
    const s = await createSession(t, 'starter');
    await t.app.get(UsersService).create(s.accountId, 'csrf@example.test', PASSWORD);
    const { agent } = await signedIn(t, 'csrf@example.test');
    const other = request.agent(t.app.getHttpServer());
    const foreignToken = csrfOf((await other.get('/app/sign-in')).text);
    const missing = await agent.post('/app/workspaces').type('form').send({ name: 'Forged' }).expect(403);
    expect(missing.text).toContain('This form has expired');
    await agent.post('/app/workspaces').type('form').send({ name: 'Forged', _csrf: foreignToken }).expect(403);
    const [row] = await t.db.query(`SELECT count(*)::int AS n FROM workspaces WHERE account_id = $1`, [s.accountId]);
    expect(row.n).toBe(0);
  });

  it('limits failed sign-ins per address across emails', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const token = csrfOf((await agent.get('/app/sign-in')).text);
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      await agent.post('/app/sign-in').type('form').send({ _csrf: token, email: `nobody${i}@example.test`, password: 'wrong password' }).expect(401);
    }
    const blocked = await agent.post('/app/sign-in').type('form').send({ _csrf: token, email: 'someone-new@example.test', password: 'wrong password' }).expect(429);
    expect(blocked.text).toContain('Too many failed sign-in attempts');
  });

  it('stores no session and sets no cookie for anonymous answers without a form (404s, redirects)', async () => {
    const server = t.app.getHttpServer();
    const [before] = await t.db.query(`SELECT count(*)::int AS n FROM app_sessions`);
    const paths = ['/app', '/app/workspaces', '/app/no-such-page', '/app/changes/1', '/app/settings/api-keys', '/app/logos/1'];
    for (let i = 0; i < 50; i++) {
      const res = await request(server).get(paths[i % paths.length]);
      expect([303, 404]).toContain(res.status);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const forged = await request(server).post('/app/workspaces').type('form').send({ name: 'No token' }).expect(403);
    expect(forged.headers['set-cookie']).toBeUndefined();
    const [after] = await t.db.query(`SELECT count(*)::int AS n FROM app_sessions`);
    expect(after.n).toBe(before.n);
    // A page with a form still starts one.
    const signIn = await request(server).get('/app/sign-in').expect(200);
    expect(String(signIn.headers['set-cookie'])).toMatch(/rw_session=/);
  });

  it('serves pages with helmet headers and a same-origin CSP, and HTML errors rather than JSON', async () => {
    const page = await request(t.app.getHttpServer()).get('/app/sign-in').expect(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const missing = await request(t.app.getHttpServer()).get('/app/no-such-page').expect(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.text).toContain('Not found');
    // The REST API keeps its JSON envelope.
    const api = await request(t.app.getHttpServer()).get('/v1/no-such-route').expect(401);
    expect(api.body.error.code).toBeDefined();
  });
});

describe('application with sign-up closed, behind https', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api', SIGNUP: 'closed', PUBLIC_BASE_URL: 'https://rivalwatch.example.test/v1' });
  });
  afterAll(() => t?.close());

  it('has no sign-up page and sets Secure session cookies', async () => {
    await request(t.app.getHttpServer()).get('/app/sign-up').expect(404);
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get('/app/sign-in').set('X-Forwarded-Proto', 'https').expect(200);
    expect(page.text).not.toContain('/app/sign-up');
    const cookie = String(page.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(/rw_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
