import http from 'node:http';
import request from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { ACTION_LIMITS } from '../../src/app/action-limit';
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

type Agent = ReturnType<typeof request.agent>;

/** Posts a form the way a browser does: the page first, for its CSRF token. */
async function postForm(agent: Agent, page: string, action: string, fields: Record<string, string>): Promise<request.Response> {
  const form = await agent.get(page).expect(200);
  return agent.post(action).set('Referer', `http://127.0.0.1${page}`).type('form').send({ _csrf: csrfOf(form.text), ...fields });
}

/** Text Postgres cannot store (a NUL) and blank names: the form's own message, never a 500 (DESIGN §5g). */
describe('application forms refuse NUL characters and blank names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  it('sign-up answers 422 with its message for a NUL in the email or account name, and for a blank account name', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const attempts: [Record<string, string>, string][] = [
      [{ account_name: 'Acme', email: 'ada\u0000@example.com' }, 'Enter a valid email address.'],
      [{ account_name: 'Ac\u0000me', email: 'ada@example.com' }, 'An account name cannot hold NUL characters'],
      [{ account_name: ' \t ', email: 'ada@example.com' }, 'Enter an account name.'],
    ];
    for (const [fields, message] of attempts) {
      const res = await postForm(agent, '/app/sign-up', '/app/sign-up', { ...fields, password: 'correct horse battery' });
      expect([fields, res.status]).toEqual([fields, 422]);
      expect(res.text).toContain(message);
    }
    expect(await count(t.db, 'users')).toBe(0);
    expect(await count(t.db, 'accounts')).toBe(0);
  });

  it('sign-in answers 401 with its message for a NUL in the email', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const res = await postForm(agent, '/app/sign-in', '/app/sign-in', { email: 'ada\u0000@example.com', password: 'correct horse battery' });
    expect(res.status).toBe(401);
    expect(res.text).toContain('That email and password do not match an account.');
  });

  it('the workspace form shows its error for a NUL or a blank name, and creates nothing', async () => {
    const agent = request.agent(t.app.getHttpServer());
    await postForm(agent, '/app/sign-up', '/app/sign-up', { account_name: 'Forms', email: 'forms@example.com', password: 'correct horse battery' }).then((res) => expect(res.status).toBe(303));
    for (const name of ['Market\u0000', '   ']) {
      const res = await postForm(agent, '/app/workspaces', '/app/workspaces', { name });
      expect([name, res.status]).toEqual([name, 303]);
      const page = await agent.get(res.headers.location).expect(200);
      expect(page.text).toMatch(name.trim() ? /class="flash error"[^>]*>Workspace name must not contain NUL characters/ : /class="flash error"[^>]*>Enter a workspace name\.</);
    }
    expect(await count(t.db, 'workspaces')).toBe(0);
  });
});

/**
 * Sign-ups answered for one visitor per address in `addresses` (X-Forwarded-For), each over
 * https as a TLS-terminating proxy would say. The email is invalid: the limit counts attempts.
 */
async function signUpStatuses(t: TestApp, addresses: string[]): Promise<number[]> {
  const server = t.app.getHttpServer();
  const statuses: number[] = [];
  for (const address of addresses) {
    const page = await request(server).get('/app/sign-up').set('X-Forwarded-Proto', 'https').expect(200);
    // The cookie is Secure: carried by hand over the test's plain http.
    const cookie = String(page.headers['set-cookie']).split(';')[0];
    const res = await request(server)
      .post('/app/sign-up')
      .set({ Cookie: cookie, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': address })
      .type('form')
      .send({ _csrf: csrfOf(page.text), account_name: 'Proxied', email: 'not-an-email', password: 'correct horse battery' });
    statuses.push(res.status);
  }
  return statuses;
}

const MAX_SIGNUPS_PER_IP = ACTION_LIMITS.sign_up.limit;

/** One more address than the sign-ups allowed per address. */
const ADDRESSES = Array.from({ length: MAX_SIGNUPS_PER_IP + 1 }, (_, i) => `203.0.113.${i + 1}`);
const answers = (allowed: number, refused: number) => [...Array(allowed).fill(422), ...Array(refused).fill(429)];

describe('X-Forwarded-For is believed only as far as TRUST_PROXY says', () => {
  it('under an https PUBLIC_BASE_URL without TRUST_PROXY, a forged X-Forwarded-For does not escape the per-address sign-up limit', async () => {
    const t = await createTestApp({ ROLE: 'api', PUBLIC_BASE_URL: 'https://rivalwatch.example.test/v1' });
    try {
      expect(await signUpStatuses(t, ADDRESSES)).toEqual(answers(MAX_SIGNUPS_PER_IP, 1));
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=1, the address the proxy reports is the client address', async () => {
    const t = await createTestApp({ ROLE: 'api', TRUST_PROXY: '1' });
    try {
      expect(await signUpStatuses(t, ADDRESSES)).toEqual(answers(ADDRESSES.length, 0));
      // The limit still holds per address.
      expect(await signUpStatuses(t, Array(MAX_SIGNUPS_PER_IP).fill(ADDRESSES[0]))).toEqual(answers(MAX_SIGNUPS_PER_IP - 1, 1));
    } finally {
      await t.close();
    }
  });
});
