import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { ACTION_LIMITS } from '../../src/app/action-limit';
import { UsersService } from '../../src/users/users.service';
import { APP_PASSWORD, csrfOf } from '../support/app-agent';
import { count } from '../support/factories';
import { SmtpSink } from '../support/smtp-sink';
import { createSession, createTestApp, TestApp } from '../support/test-app';

const SAME_ANSWER = /If an account uses [^ ]+, we have sent it a link to choose a new password\./;

/** Issue 25 item 3: Forgot password? by email when SMTP is configured, otherwise ask an operator. */
describe('password reset', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ ROLE: 'api', SMTP_URL: smtp.url(), PUBLIC_BASE_URL: 'http://watch.example.test/v1' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** A visitor at its own loopback address, so each test has its own request limit. */
  function visitor(address: string) {
    const agent = request.agent(t.app.getHttpServer());
    const from = new http.Agent({ localAddress: address });
    return {
      get: (path: string) => agent.get(path).agent(from),
      async post(page: string, path: string, fields: Record<string, string>) {
        const html = await agent.get(page).agent(from).expect(200);
        return agent.post(path).agent(from).type('form').send({ _csrf: csrfOf(html.text), ...fields });
      },
    };
  }

  async function person(email: string) {
    const s = await createSession(t, 'trial');
    return t.app.get(UsersService).create(s.accountId, email, APP_PASSWORD, 'owner');
  }

  const linkIn = (text: string) => /http:\/\/watch\.example\.test\/app\/reset-password\?token=([\w-]+)/.exec(text);

  it('mails a single-use link (only its hash stored) that sets a new password, and answers the same for an unknown email', async () => {
    await person('reset@example.test');
    const v = visitor('127.0.0.11');
    const signIn = await v.get('/app/sign-in').expect(200);
    expect(signIn.text).toContain('href="/app/forgot-password">Forgot password?</a>');

    const known = await v.post('/app/forgot-password', '/app/forgot-password', { email: 'Reset@Example.test' });
    const unknown = await v.post('/app/forgot-password', '/app/forgot-password', { email: 'nobody@example.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toMatch(SAME_ANSWER);
    expect(unknown.text.split('nobody@example.test').join('EMAIL')).toBe(known.text.split('Reset@Example.test').join('EMAIL'));

    const [mail] = await smtp.waitFor('reset@example.test', 1);
    // A negative: give a mail to the unknown address (sent in the background too) time to arrive.
    await sleep(300);
    expect(smtp.to('nobody@example.test')).toHaveLength(0);
    expect(mail.headers.subject).toBe('Reset your Rivalwatch password');
    const link = linkIn(mail.parts['text/plain']);
    expect(link).not.toBeNull();
    const token = link![1];
    const [stored] = await t.db.query(`SELECT token_hash, expires_at FROM password_resets`);
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(await t.db.query(`SELECT * FROM password_resets`))).not.toContain(token);
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeGreaterThan(55 * 60_000);

    const form = await v.get(`/app/reset-password?token=${token}`).expect(200);
    expect(form.text).toContain('New password');
    const short = await v.post(`/app/reset-password?token=${token}`, '/app/reset-password', { token, password: 'short' });
    expect(short.status).toBe(422);
    expect(short.text).toContain('Use a password of at least 8 characters.');
    const done = await v.post(`/app/reset-password?token=${token}`, '/app/reset-password', { token, password: 'a fresh new password' });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/app/sign-in');

    const old = await v.post('/app/sign-in', '/app/sign-in', { email: 'reset@example.test', password: APP_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await v.post('/app/sign-in', '/app/sign-in', { email: 'reset@example.test', password: 'a fresh new password' });
    expect(fresh.status).toBe(303);

    // Used once: the link is dead now.
    const reused = await visitor('127.0.0.12').get(`/app/reset-password?token=${token}`).expect(410);
    expect(reused.text).toContain('This link has expired or was used already.');
    const replay = await visitor('127.0.0.12').post('/app/forgot-password', '/app/reset-password', { token, password: 'another new password' });
    expect(replay.status).toBe(422);
  });

  it('refuses an expired link, and limits requests per address', async () => {
    await person('expired@example.test');
    const v = visitor('127.0.0.13');
    await v.post('/app/forgot-password', '/app/forgot-password', { email: 'expired@example.test' });
    const [mail] = await smtp.waitFor('expired@example.test', 1);
    const token = linkIn(mail.parts['text/plain'])![1];
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    await v.get(`/app/reset-password?token=${token}`).expect(410);
    const refused = await v.post('/app/forgot-password', '/app/reset-password', { token, password: 'a fresh new password' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('This link has expired or was used already.');

    const { limit } = ACTION_LIMITS.password_reset;
    for (let i = 1; i < limit; i++) expect((await v.post('/app/forgot-password', '/app/forgot-password', { email: 'expired@example.test' })).status).toBe(200);
    const over = await v.post('/app/forgot-password', '/app/forgot-password', { email: 'expired@example.test' });
    expect(over.status).toBe(429);
    expect(over.text).toMatch(/Too many password reset requests from your address, try again in \d+ minutes\./);
    // Another address is not limited by it.
    expect((await visitor('127.0.0.14').post('/app/forgot-password', '/app/forgot-password', { email: 'expired@example.test' })).status).toBe(200);
  });

  it('without SMTP, says to ask an operator and sends nothing', async () => {
    const plain = await createTestApp({ ROLE: 'api' });
    try {
      const agent = request.agent(plain.app.getHttpServer());
      const page = await agent.get('/app/forgot-password').expect(200);
      expect(page.text).toContain('Ask the person who runs it for your team to set a new password for you');
      expect(page.text).not.toContain('Send reset link');
      expect(await count(plain.db, 'password_resets')).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
