import { Client } from 'pg';
import request from 'supertest';
import { generateApiKey } from '../../src/accounts/api-key';
import { AccountsService } from '../../src/accounts/accounts.service';
import { createReplica } from '../support/factories';
import { freePort, ServiceProcess } from '../support/processes';
import { testEnvironment } from '../support/test-app';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { testMode } from '../support/services';
import { waitFor } from '../support/wait';

describe('operations: health, metrics, key changes', () => {
  let t: TestApp;
  let s: Session;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'scrape-secret' });
    s = await createSession(t, 'pro');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('/health/live and /health/ready answer outside /v1 without an API key', async () => {
    const live = await request(t.app.getHttpServer()).get('/health/live').expect(200);
    expect(live.body.status).toBe('ok');
    const ready = await request(t.app.getHttpServer()).get('/health/ready').expect(200);
    expect(ready.body.status).toBe('ok');
    expect(Object.keys(ready.body.details).sort()).toEqual(['migrations', 'postgres', 'redis']);
    expect(ready.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('/metrics asks for METRICS_TOKEN and serves Prometheus text with checks, fetches, queues, deliveries and HTTP requests', async () => {
    const server = t.app.getHttpServer();
    const refused = await request(server).get('/metrics').expect(401);
    expect(refused.body.error.code).toBe('unauthorized');
    await s.get('/workspaces').expect(200);
    const res = await request(server).get('/metrics').set('Authorization', 'Bearer scrape-secret').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const name of [
      'rivalwatch_checks_total',
      'rivalwatch_fetch_duration_seconds',
      'rivalwatch_deliveries_total',
      'rivalwatch_queue_jobs{queue="checks",state="waiting"}',
      'rivalwatch_http_requests_total{method="GET",route="/v1/workspaces",status="200"}',
    ]) {
      expect(res.text).toContain(name);
    }
  });

  it('answers every request with an X-Request-Id, taking a sane one from the client', async () => {
    const own = await s.get('/workspaces').set('X-Request-Id', 'trace-123').expect(200);
    expect(own.headers['x-request-id']).toBe('trace-123');
    const generated = await s.get('/workspaces').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a revoked key answers 401 at once on every API replica, and a plan change applies at once', async () => {
    const replica = await createReplica(t);
    try {
      const accounts = t.app.get(AccountsService);
      const { apiKey, key } = await accounts.createKey(s.accountId);
      const onReplica = replica.agent(apiKey);
      await onReplica.get('/workspaces').expect(200);
      const before = await onReplica.get('/account').expect(200);
      expect(before.headers['x-ratelimit-limit']).toBe('1200');
      await accounts.setPlan(s.accountId, 'starter');
      // Pub/sub reaches the replica within milliseconds; the next request sees the new plan.
      await waitFor(async () => (await onReplica.get('/account')).headers['x-ratelimit-limit'] === '600', 'plan change on the replica', 2000, 20);
      await accounts.revokeKey(key.id);
      await waitFor(async () => (await onReplica.get('/workspaces')).status === 401, 'revocation on the replica', 2000, 20);
    } finally {
      await replica.close();
    }
  });
});

/** Logs are JSON lines off a TTY, with the request id and the account id on request lines. */
(testMode() === 'server' ? describe : describe.skip)('operations: logs of a running process', () => {
  it('writes JSON lines with request id and account id, and serves /health on PORT in a worker', async () => {
    const environment = await testEnvironment({ ALLOW_PRIVATE_NETWORK_TARGETS: 'true' });
    const apiPort = await freePort();
    const workerPort = await freePort();
    const api = new ServiceProcess({ ...environment.env, ROLE: 'api', PORT: String(apiPort), LOG_LEVEL: 'log' });
    const worker = new ServiceProcess({ ...environment.env, ROLE: 'worker', PORT: String(workerPort), LOG_LEVEL: 'log' });
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${apiPort}/health/ready`).catch(() => null))?.status === 200, 'api ready', 90_000, 200);
      await waitFor(async () => (await fetch(`http://127.0.0.1:${workerPort}/health/ready`).catch(() => null))?.status === 200, 'worker health', 90_000, 200);
      const res = await fetch(`http://127.0.0.1:${apiPort}/v1/workspaces`, { headers: { 'X-Request-Id': 'log-probe-1' } });
      expect(res.status).toBe(401);
      const line = await waitFor(
        async () => api.output.join('').split('\n').find((l) => l.includes('log-probe-1')),
        'the request log line',
        5000,
      );
      const entry = JSON.parse(line);
      expect(entry.req.id).toBe('log-probe-1');
      expect(entry.res.statusCode).toBe(401);
      expect(entry.account_id).toBeUndefined();

      const db = new Client({ connectionString: environment.env.DATABASE_URL });
      await db.connect();
      const key = generateApiKey();
      try {
        const [account] = (await db.query(`INSERT INTO accounts (name, plan_id) VALUES ('Logs', 'pro') RETURNING id`)).rows;
        await db.query(`INSERT INTO api_keys (account_id, key_hash, prefix) VALUES ($1, $2, $3)`, [account.id, key.hash, key.prefix]);
        const ok = await fetch(`http://127.0.0.1:${apiPort}/v1/account`, { headers: { 'X-Request-Id': 'log-probe-2', authorization: `Bearer ${key.key}` } });
        expect(ok.status).toBe(200);
        const authenticated = JSON.parse(
          await waitFor(async () => api.output.join('').split('\n').find((l) => l.includes('log-probe-2') && l.includes('request completed')), 'the authenticated request line', 5000),
        );
        expect(authenticated).toMatchObject({ account_id: account.id, req: { id: 'log-probe-2', method: 'GET', url: '/v1/account' }, res: { statusCode: 200 } });
        expect(authenticated.responseTime).toEqual(expect.any(Number));

        // Credentials in a URL never reach the log: a key in the query, an unsubscribe link's token.
        const token = 'eyJ3IjoxLCJlIjoiYWRhQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJlLXNlY3JldA';
        await fetch(`http://127.0.0.1:${apiPort}/v1/account?API_KEY=${key.key}`, { headers: { 'X-Request-Id': 'log-probe-3' } });
        await fetch(`http://127.0.0.1:${apiPort}/app/unsubscribe/${token}`, { headers: { 'X-Request-Id': 'log-probe-4' } });
        for (const [probe, url] of [['log-probe-3', '/v1/account?API_KEY=[REDACTED]'], ['log-probe-4', '/app/unsubscribe/[REDACTED]']]) {
          const entry = JSON.parse(await waitFor(async () => api.output.join('').split('\n').find((l) => l.includes(probe)), probe, 5000));
          expect(entry.req.url).toBe(url);
        }
        expect(api.output.join('')).not.toContain(key.key);
        expect(api.output.join('')).not.toContain(token);
      } finally {
        await db.end();
      }
      expect(api.output.join('')).not.toMatch(/\u001b\[/);
      for (const l of worker.output.join('').split('\n').filter(Boolean)) expect(() => JSON.parse(l)).not.toThrow();
    } finally {
      await api.stop();
      await worker.stop();
      await environment.dispose();
    }
  }, 200_000);
});
