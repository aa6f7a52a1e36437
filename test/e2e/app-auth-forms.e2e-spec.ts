import http from 'node:http';
import request from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { MAX_FAILURES_PER_IP } from '../../src/users/sign-in-limiter';
import { count } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'correct horse battery';

/** The form's CSRF token, as the page renders it. */
function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no _csrf field in the page');
  return token;
}

describe('application sign-up, sessions and sign-in (users and app_sessions tables)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  it('signs up, keeps the session in Postgres, signs out, and signs in whatever the email case', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const signUpPage = await agent.get('/app/sign-up').expect(200);
    await agent
      .post('/app/sign-up')
      .type('form')
      .send({ _csrf: csrfOf(signUpPage.text), account_name: 'Acme', email: 'Ada@Example.com', password: 'correct horse battery' })
      .expect(303)
      .expect('Location', '/app/workspaces');
    expect(await count(t.db, `app_sessions WHERE sess::jsonb ? 'userId'`)).toBe(1);
    expect(await count(t.db, `app_secrets WHERE name = 'session'`)).toBe(1);
    // The session is read back from the store on the next request.
    await agent.get('/app').expect(303).expect('Location', '/app/workspaces');

    // Any form page carries the session's CSRF token.
    const signedIn = await agent.get('/app/sign-up').expect(200);
    await agent.post('/app/sign-out').type('form').send({ _csrf: csrfOf(signedIn.text) }).expect(303);
    expect(await count(t.db, `app_sessions WHERE sess::jsonb ? 'userId'`)).toBe(0);
    await agent.get('/app').expect(303).expect('Location', '/app/sign-in');

    const signIn = await agent.get('/app/sign-in').expect(200);
    await agent
      .post('/app/sign-in')
      .type('form')
      .send({ _csrf: csrfOf(signIn.text), email: 'ada@example.com', password: 'wrong password here' })
      .expect(401);
    const again = await agent.get('/app/sign-in').expect(200);
    await agent
      .post('/app/sign-in')
      .type('form')
      .send({ _csrf: csrfOf(again.text), email: 'ADA@example.com', password: 'correct horse battery' })
      .expect(303)
      .expect('Location', '/app/workspaces');
    const [user] = await t.db.query(`SELECT email, role, last_sign_in_at FROM users`);
    expect(user.email.toLowerCase()).toBe('ada@example.com');
    expect(user.role).toBe('owner');
    expect(user.last_sign_in_at).toBeInstanceOf(Date);
  });

  /**
   * A browser at one loopback address (127.0.0.2, …; no proxy is trusted, so the app sees the
   * socket's address): its own cookies, every request sent from `address`.
   */
  function browserAt(address: string) {
    const agent = request.agent(t.app.getHttpServer());
    const from = new http.Agent({ localAddress: address });
    return {
      get: (path: string) => agent.get(path).agent(from),
      async signIn(email: string, password: string): Promise<request.Response> {
        const page = await agent.get('/app/sign-in').agent(from).expect(200);
        return agent.post('/app/sign-in').agent(from).type('form').send({ _csrf: csrfOf(page.text), email, password });
      },
    };
  }

  async function owner(email: string) {
    const s = await createSession(t, 'starter');
    return t.app.get(UsersService).create(s.accountId, email, PASSWORD, 'owner');
  }

  it('lets the owner sign in from another address after six wrong passwords from one (slowed, never locked out)', async () => {
    await owner('owner@example.test');
    const guesser = browserAt('127.0.0.2');
    for (let i = 1; i <= 5; i++) expect([i, (await guesser.signIn('owner@example.test', `wrong password ${i}`)).status]).toEqual([i, 401]);
    const sixth = await guesser.signIn('owner@example.test', 'wrong password 6');
    expect(sixth.status).toBe(429);
    expect(sixth.text).toContain('Too many failed sign-in attempts');
    const started = Date.now();
    const res = await browserAt('127.0.0.3').signIn('Owner@Example.test', PASSWORD);
    expect([res.status, res.headers.location]).toEqual([303, '/app/workspaces']);
    // Across addresses an email's failures only slow its answers down.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('refuses an address after 20 failures over any emails, and the owner still signs in from elsewhere', async () => {
    await owner('target@example.test');
    const guesser = browserAt('127.0.0.4');
    for (let i = 1; i <= MAX_FAILURES_PER_IP; i++) {
      const email = i <= 5 ? 'target@example.test' : `nobody${i}@example.test`;
      expect([i, (await guesser.signIn(email, 'wrong password')).status]).toEqual([i, 401]);
    }
    const blocked = await guesser.signIn('someone-new@example.test', 'wrong password');
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many failed sign-in attempts');
    expect((await guesser.signIn('target@example.test', PASSWORD)).status).toBe(429);
    expect((await browserAt('127.0.0.5').signIn('target@example.test', PASSWORD)).status).toBe(303);
  });

  it('counts alİce@… and alice@… as one email: one counter, one account', async () => {
    const alice = await owner('alice@example.test');
    const here = browserAt('127.0.0.6');
    for (let i = 1; i <= 5; i++) {
      const email = i % 2 ? 'alİce@example.test' : 'alice@example.test';
      expect([i, (await here.signIn(email, 'wrong password')).status]).toEqual([i, 401]);
    }
    expect((await here.signIn('alİce@example.test', PASSWORD)).status).toBe(429);
    const elsewhere = browserAt('127.0.0.7');
    expect((await elsewhere.signIn('ALİCE@example.test', PASSWORD)).status).toBe(303);
    expect((await elsewhere.get('/app/workspaces').expect(200)).text).toContain('alice@example.test');
    await expect(t.app.get(UsersService).create(alice.account_id, 'alİce@example.test', PASSWORD)).rejects.toThrow(/already exists/);
    expect(await count(t.db, `users WHERE lower(email) = 'alice@example.test'`)).toBe(1);
  });
});
