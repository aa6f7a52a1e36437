import request from 'supertest';
import { count } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

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
});
