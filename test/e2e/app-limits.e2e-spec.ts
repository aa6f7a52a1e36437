import request from 'supertest';
import { QUEUES } from '../../src/queue/queue.constants';
import { UsersService } from '../../src/users/users.service';
import { DeliveryAttempts } from '../../src/webhooks/delivery-attempts.service';
import { WebhookProcessor } from '../../src/webhooks/jobs/webhook.processor';
import { count } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const PASSWORD = 'a long enough password';

function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/** Limits of the application's actions that send or create (DESIGN §5g). */
describe('application action limits', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await createTestApp({ ROLE: 'api' });
    const processor = new WebhookProcessor(t.app.get(DeliveryAttempts));
    t.consume(QUEUES.webhooks, (job) => processor.process(job), 4);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  async function signedInOwner(email: string) {
    const s = await createSession(t, 'pro');
    await t.app.get(UsersService).create(s.accountId, email, PASSWORD);
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get('/app/sign-in').expect(200);
    await agent.post('/app/sign-in').type('form').send({ _csrf: csrfOf(page.text), email, password: PASSWORD }).expect(303);
    return { s, agent };
  }

  it('sends 10 test messages a minute per session; the 11th answers 429 and sends nothing', async () => {
    const { s, agent } = await signedInOwner('tester@example.test');
    const workspaceId = (await s.post('/workspaces', { name: 'Limits' }).expect(201)).body.workspace.id;
    await s.put(`/workspaces/${workspaceId}/notification_settings`, { webhook_url: receiver.url('/limits') }).expect(200);
    const path = `/app/workspaces/${workspaceId}/settings/notifications`;
    const token = csrfOf((await agent.get(path).expect(200)).text);
    for (let i = 0; i < 10; i++) {
      await agent.post(`${path}/test`).type('form').send({ _csrf: token, channel: 'webhook' }).expect(303);
    }
    const refused = await agent.post(`${path}/test`).type('form').send({ _csrf: token, channel: 'webhook' }).expect(429);
    expect(refused.text).toMatch(/Too many test messages, try again in \d+ seconds\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await receiver.waitFor('/limits', 10);
    await t.settled(QUEUES.webhooks);
    expect(receiver.at('/limits')).toHaveLength(10);
    expect(await count(t.db, `webhook_deliveries WHERE workspace_id = ${workspaceId}`)).toBe(10);
  });

  it('creates 10 API keys an hour per account in the application; the 11th answers 429', async () => {
    const { s, agent } = await signedInOwner('keys@example.test');
    const token = csrfOf((await agent.get('/app/settings/api-keys').expect(200)).text);
    for (let i = 0; i < 10; i++) await agent.post('/app/settings/api-keys').type('form').send({ _csrf: token }).expect(303);
    const refused = await agent.post('/app/settings/api-keys').type('form').send({ _csrf: token }).expect(429);
    expect(refused.text).toMatch(/Too many new API keys, try again in \d+ minutes\./);
    expect(await count(t.db, `api_keys WHERE account_id = ${s.accountId}`)).toBe(11);
  });

  it('signs up 5 accounts an hour per address; the 6th answers 429 and creates nothing', async () => {
    const signUp = async (i: number) => {
      const agent = request.agent(t.app.getHttpServer());
      const page = await agent.get('/app/sign-up').expect(200);
      return agent
        .post('/app/sign-up')
        .type('form')
        .send({ _csrf: csrfOf(page.text), account_name: `Startup ${i}`, email: `founder${i}@example.test`, password: PASSWORD });
    };
    for (let i = 0; i < 5; i++) expect((await signUp(i)).status).toBe(303);
    const refused = await signUp(5);
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/Too many sign-ups from your address, try again in \d+ minutes\./);
    expect(await count(t.db, `users WHERE email LIKE 'founder%'`)).toBe(5);
  });
});
