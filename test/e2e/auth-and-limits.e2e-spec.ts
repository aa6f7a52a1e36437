import type { Redis } from 'ioredis';
import request from 'supertest';
import { AccountsService } from '../../src/accounts/accounts.service';
import { REDIS } from '../../src/database/redis.module';
import { agentFor, count, createReplica, ensureWindowHas, expectError, ISO_DATE, setChecksUsed } from '../support/factories';
import { createSession, createTestApp, TestApp } from '../support/test-app';

function rateHeaders(res: request.Response): { limit: number; remaining: number; reset: number } {
  const limit = res.headers['x-ratelimit-limit'];
  const remaining = res.headers['x-ratelimit-remaining'];
  const reset = res.headers['x-ratelimit-reset'];
  for (const [name, value] of [['limit', limit], ['remaining', remaining], ['reset', reset]]) {
    if (typeof value !== 'string' || !/^\d+$/.test(value)) {
      throw new Error(`X-RateLimit-${name} missing or not an integer on ${res.status}: ${value}`);
    }
  }
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) };
}

describe('authentication and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  const server = () => t.app.getHttpServer();

  describe('authentication', () => {
    it.each([
      ['no Authorization header', undefined],
      ['an empty bearer', 'Bearer '],
      ['an unknown key', 'Bearer rw_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['a key with trailing garbage', 'Bearer rw_live_abc def'],
    ])('answers 401 unauthorized JSON for %s', async (_label, header) => {
      let req = request(server()).get('/v1/workspaces');
      if (header !== undefined) req = req.set('Authorization', header);
      const res = await req;
      expectError(res, 401, 'unauthorized');
      expect(res.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    });

    it('answers 401 before reading a body or routing', async () => {
      expectError(await request(server()).post('/v1/workspaces').set('Content-Type', 'application/json').send('{bad json'), 401, 'unauthorized');
      expectError(await request(server()).get('/v1/no-such-route'), 401, 'unauthorized');
      expectError(await request(server()).delete('/v1/competitors/1'), 401, 'unauthorized');
    });

    it('answers 401 for a revoked key while another key of the account keeps working', async () => {
      const s = await createSession(t);
      const accounts = t.app.get(AccountsService);
      const second = await accounts.createKey(s.accountId);
      await s.get('/workspaces').expect(200);
      const [first] = await t.db.query(`SELECT id FROM api_keys WHERE account_id = $1 ORDER BY id LIMIT 1`, [s.accountId]);
      await accounts.revokeKey(first.id);
      expectError(await s.get('/workspaces'), 401, 'unauthorized');
      await agentFor(t.app, second.apiKey).get('/workspaces').expect(200);
    });

    it('accepts the scheme in any case', async () => {
      const s = await createSession(t);
      await request(server()).get('/v1/account').set('Authorization', `bearer ${s.apiKey}`).expect(200);
    });
  });

  describe('GET /account', () => {
    it('describes the plan, its limits and this month’s usage', async () => {
      const s = await createSession(t, 'starter', 'Acme Marketing');
      await setChecksUsed(t.db, s.accountId, 12);
      const now = new Date();
      const res = await s.get('/account').expect(200);
      expect(res.body).toEqual({
        account: {
          id: s.accountId,
          name: 'Acme Marketing',
          plan: 'starter',
          limits: { requests_per_minute: 600, checks_per_month: 2000, workspaces: 3, monitors: 25, min_cadence: 'six_hourly' },
          usage: {
            checks_used: 12,
            checks_remaining: 1988,
            period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
            period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
          },
          created_at: expect.stringMatching(ISO_DATE),
        },
      });
    });

    it.each([
      ['trial', 60, 100, 1, 3, 'daily'],
      ['growth', 900, 5000, 5, 50, 'six_hourly'],
      ['pro', 1200, 10000, 10, 100, 'hourly'],
    ])('shows the %s plan limits', async (plan, rpm, checks, workspaces, monitors, cadence) => {
      const s = await createSession(t, plan);
      const res = await s.get('/account').expect(200);
      expect(res.body.account.limits).toEqual({ requests_per_minute: rpm, checks_per_month: checks, workspaces, monitors, min_cadence: cadence });
      expect(res.body.account.usage).toMatchObject({ checks_used: 0, checks_remaining: checks });
      expect(rateHeaders(res).limit).toBe(rpm);
    });
  });

  describe('rate-limit headers', () => {
    it('sends the three X-RateLimit-* headers on success, counting down within the window', async () => {
      await ensureWindowHas(5);
      const s = await createSession(t);
      const a = rateHeaders(await s.get('/workspaces').expect(200));
      const b = rateHeaders(await s.get('/account').expect(200));
      const nowSeconds = Math.floor(Date.now() / 1000);
      expect(a.limit).toBe(1200);
      expect(a.remaining).toBe(1199);
      expect(b.remaining).toBe(1198);
      expect(b.reset).toBe(a.reset);
      expect(a.reset % 60).toBe(0);
      expect(a.reset).toBeGreaterThan(nowSeconds);
      expect(a.reset).toBeLessThanOrEqual(nowSeconds + 60);
    });

    it('sends them on error responses of authenticated requests too', async () => {
      await ensureWindowHas(5);
      const s = await createSession(t);
      const responses = [
        await s.get('/workspaces/999999'),
        await s.get('/no-such-route'),
        await s.post('/workspaces', { name: '' }),
        await request(server()).post('/v1/workspaces').set('Authorization', `Bearer ${s.apiKey}`).set('Content-Type', 'application/json').send('{"name": '),
        await request(server()).post('/v1/workspaces').set('Authorization', `Bearer ${s.apiKey}`).set('Content-Type', 'application/json').send(`{"name":"${'x'.repeat(1_100_000)}"}`),
        await s.get('/changes?workspace_id=1&limit=0'),
        await s.get('/monitors'),
      ];
      expect(responses.map((r) => r.status)).toEqual([404, 404, 422, 400, 413, 400, 422]);
      responses.forEach((res, i) => {
        const h = rateHeaders(res);
        expect(h.limit).toBe(1200);
        expect(h.remaining).toBe(1199 - i);
      });
    });
  });

  describe('rate limiting', () => {
    it('answers the 61st request of a trial key within a minute with 429 rate_limited and Retry-After', async () => {
      // All 61 requests must fall in one wall-clock minute window.
      await ensureWindowHas(12);
      const s = await createSession(t, 'trial');
      for (let i = 1; i <= 60; i++) {
        const res = await s.get('/account');
        expect([i, res.status]).toEqual([i, 200]);
        expect(rateHeaders(res).remaining).toBe(60 - i);
      }
      const res = await s.post('/workspaces', { name: 'Over the limit' });
      expectError(res, 429, 'rate_limited');
      const h = rateHeaders(res);
      expect(h).toMatchObject({ limit: 60, remaining: 0 });
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(Math.abs(h.reset - Math.floor(Date.now() / 1000) - retryAfter)).toBeLessThanOrEqual(1);
      // The refused request did nothing.
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(0);
      // Limits are per key: a second key of the same account is not limited.
      const other = await t.app.get(AccountsService).createKey(s.accountId);
      await agentFor(t.app, other.apiKey).get('/account').expect(200);
    });

    it('holds all the keys of an account to three times the per-key limit in one window', async () => {
      await ensureWindowHas(20);
      // Four keys made on starter stay active after a downgrade to trial (60 a minute per key).
      const s = await createSession(t, 'starter');
      const accounts = t.app.get(AccountsService);
      const more = [await accounts.createKey(s.accountId), await accounts.createKey(s.accountId), await accounts.createKey(s.accountId)];
      await accounts.setPlan(s.accountId, 'trial');
      const keys = [s.apiKey, ...more.map((k) => k.apiKey)].map((key) => agentFor(t.app, key));
      for (let i = 1; i <= 180; i++) {
        const res = await keys[i % 4].get('/account');
        expect([i, res.status]).toEqual([i, 200]);
        // What is left is the fewer of the key's (60 − ⌈i/4⌉) and the account's (180 − i).
        expect([i, rateHeaders(res).remaining]).toEqual([i, Math.min(60 - Math.ceil(i / 4), 180 - i)]);
      }
      // Each key has made 45 requests, under its 60; the account has made its 180.
      for (const key of keys) {
        const res = await key.get('/workspaces');
        expectError(res, 429, 'rate_limited');
        expect(rateHeaders(res)).toMatchObject({ limit: 60, remaining: 0 });
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    });

    it('keeps counting when Redis has forgotten the limiter script (SCRIPT FLUSH, a restart)', async () => {
      await ensureWindowHas(4);
      const s = await createSession(t, 'trial');
      expect(rateHeaders(await s.get('/workspaces').expect(200)).remaining).toBe(59);
      await t.app.get<Redis>(REDIS).script('FLUSH');
      const res = await s.get('/workspaces');
      expect([res.status, rateHeaders(res).remaining]).toEqual([200, 58]);
    });

    it('shares one count between two API instances on the same Redis prefix', async () => {
      const replica = await createReplica(t);
      try {
        await ensureWindowHas(12);
        const s = await createSession(t, 'trial');
        const there = replica.agent(s.apiKey);
        for (let i = 1; i <= 60; i++) {
          const res = i % 2 ? await s.get('/workspaces') : await there.get('/workspaces');
          expect([i, res.status, rateHeaders(res).remaining]).toEqual([i, 200, 60 - i]);
        }
        expectError(await there.get('/workspaces'), 429, 'rate_limited');
        expectError(await s.get('/workspaces'), 429, 'rate_limited');
      } finally {
        await replica.close();
      }
    });
  });

  describe('API keys per account', () => {
    it('creates keys up to the plan cap, the first key included, and no more however many ask at once', async () => {
      const s = await createSession(t, 'starter');
      const accounts = t.app.get(AccountsService);
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => accounts.createKey(s.accountId)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect(r.reason).toMatchObject({ code: 'validation_failed', message: 'The starter plan allows at most 5 active API keys; revoke one first.' });
      }
      expect(await count(t.db, `api_keys WHERE account_id = $1 AND revoked_at IS NULL`, [s.accountId])).toBe(5);
    });

    it('answers Create API key over the trial cap with 422 naming it, and lets a key be made once one is revoked', async () => {
      const agent = request.agent(server());
      const csrf = () => agent.get('/app/sign-up').then((page) => /name="_csrf" value="([^"]+)"/.exec(page.text)![1]);
      const signUp = { _csrf: await csrf(), account_name: 'Capped', email: 'capped@example.test', password: 'a long enough password' };
      await agent.post('/app/sign-up').type('form').send(signUp).expect(303);
      const createKey = async () => {
        const token = await csrf();
        return agent.post('/app/settings/api-keys').type('form').send({ _csrf: token });
      };
      for (let i = 1; i <= 2; i++) expect([i, (await createKey()).status]).toEqual([i, 303]);
      const refused = await createKey();
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('The trial plan allows at most 2 active API keys; revoke one first.');
      expect(refused.text).not.toMatch(/rw_live_[A-Za-z0-9_-]{20,}/);
      const [{ id, account_id: accountId }] = await t.db.query(`SELECT k.id, k.account_id FROM api_keys k JOIN users u USING (account_id) WHERE u.email = 'capped@example.test' ORDER BY k.id LIMIT 1`);
      expect(await count(t.db, `api_keys WHERE account_id = $1`, [accountId])).toBe(2);
      await t.app.get(AccountsService).revokeKey(id);
      expect((await createKey()).status).toBe(303);
    });
  });
});
