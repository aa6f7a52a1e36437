import request from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { createSession, Session, TestApp } from './test-app';

export const APP_PASSWORD = 'a long enough password';

/** The form's CSRF token, as the page renders it. */
export function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no _csrf field in the page');
  return token;
}

export interface AppUser {
  /** The account's API session (REST). */
  s: Session;
  /** A signed-in browser-like agent of the application. */
  agent: request.Agent;
  /** Posts a form the way the page at `from` would (its CSRF token, its URL as referer). */
  submit(from: string, to: string, fields?: Record<string, string>): Promise<request.Response>;
}

/** An account on `plan` with an API key and a person signed in to the application. */
export async function signedInUser(t: TestApp, plan: string, email: string): Promise<AppUser> {
  const s = await createSession(t, plan);
  await t.app.get(UsersService).create(s.accountId, email, APP_PASSWORD, 'owner');
  const agent = request.agent(t.app.getHttpServer());
  const page = await agent.get('/app/sign-in').expect(200);
  await agent.post('/app/sign-in').type('form').send({ _csrf: csrfOf(page.text), email, password: APP_PASSWORD }).expect(303);
  return {
    s,
    agent,
    async submit(from, to, fields = {}) {
      const page = await agent.get(from).expect(200);
      return agent.post(to).set('Referer', `http://127.0.0.1${from}`).type('form').send({ _csrf: csrfOf(page.text), ...fields });
    },
  };
}
