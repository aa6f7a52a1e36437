import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { count, expectError, insertChange, seedWorkspace } from '../support/factories';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

/** The error envelope everywhere: JSON `{error: {code, message}}` with the documented status, never a 500 or HTML. */
describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  const raw = (s: Session, method: 'post' | 'patch', path: string) =>
    request(t.app.getHttpServer())[method](`/v1${path}`).set('Authorization', `Bearer ${s.apiKey}`);

  async function world(s: Session) {
    const seeded = await seedWorkspace(t.db, s.accountId);
    const change = await insertChange(t.db, { monitor: seeded.monitors[0] });
    return { ...seeded, change };
  }

  describe('malformed bodies', () => {
    it.each(['{"name": ', '{name: "x"}', '{"name": "x",}', 'name=x', '"just a string"', 'null', '[1, 2'])(
      'answers 400 invalid_request for the body %j',
      async (body) => {
        const s = await createSession(t);
        const res = await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').send(body);
        expectError(res, 400, 'invalid_request');
        expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(0);
      },
    );

    it('answers 400 invalid_request on every write endpoint', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const paths: ['post' | 'patch', string][] = [
        ['post', `/workspaces/${w.workspace.id}/refresh`],
        ['post', `/workspaces/${w.workspace.id}/competitors`],
        ['patch', `/competitors/${w.competitor.id}`],
        ['post', `/competitors/${w.competitor.id}/notes`],
        ['post', '/monitors'],
        ['patch', `/monitors/${w.monitors[0].id}`],
        ['patch', `/changes/${w.change.id}`],
      ];
      for (const [method, path] of paths) {
        const res = await raw(s, method, path).set('Content-Type', 'application/json').send('{"oops"');
        expect([path, res.status, res.body.error?.code]).toEqual([path, 400, 'invalid_request']);
      }
    });

    it('answers 400 invalid_request for a body that does not decompress, and takes a real gzip body', async () => {
      const s = await createSession(t);
      const bad = await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"name":"x"}');
      expectError(bad, 400, 'invalid_request');
      // supertest mangles binary bodies with a Content-Encoding; send this one with fetch.
      const good = await fetch(`${t.baseUrl}/workspaces`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${s.apiKey}`, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ name: 'Zipped' })),
      });
      expect(good.status).toBe(201);
      expect(((await good.json()) as { workspace: { name: string } }).workspace.name).toBe('Zipped');
    });

    it('answers 415 invalid_request for an unknown content encoding', async () => {
      const s = await createSession(t);
      expectError(await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').set('Content-Encoding', 'snappy').send('{}'), 415, 'invalid_request');
    });

    it('answers 413 payload_too_large for a body over 1 MB', async () => {
      const s = await createSession(t);
      const res = await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
      expectError(res, 413, 'payload_too_large');
      // Just under the limit is read and validated as usual.
      const under = await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(1000 * 1000) }));
      expectError(under, 422, 'validation_failed');
    });

    it('answers 422 validation_failed for a JSON body that is not an object', async () => {
      const s = await createSession(t);
      const res = await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').send('[{"name": "x"}]');
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'body', message: expect.any(String) }]);
    });

    it('answers 422 validation_failed, not 500, for text with a NUL character', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const res = await s.post('/workspaces', { name: 'Acme\u0000Corp' });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'name', message: expect.any(String) }]);
      const note = await s.post(`/competitors/${w.competitor.id}/notes`, { body: '\u0000' });
      expectError(note, 422, 'validation_failed');
      expect(note.body.error.details).toEqual([{ field: 'body', message: expect.any(String) }]);
    });

    it('answers 422 validation_failed, not 500, for a deeply nested body', async () => {
      const s = await createSession(t);
      const depth = 100_000;
      const res = await raw(s, 'post', '/workspaces').set('Content-Type', 'application/json').send(`{"name": ${'['.repeat(depth)}${']'.repeat(depth)}}`);
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'body', message: expect.any(String) }]);
    });
  });

  describe('validation', () => {
    it('answers 422 validation_failed with one detail per bad field for wrong types', async () => {
      const s = await createSession(t);
      const res = await s.post('/monitors', { competitor_id: 'one', url: 5, monitor_type: ['pricing'], cadence: true });
      expectError(res, 422, 'validation_failed');
      const fields = [...new Set(res.body.error.details.map((d: { field: string }) => d.field))].sort();
      expect(fields).toEqual(['cadence', 'competitor_id', 'monitor_type', 'url']);
      for (const detail of res.body.error.details) expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
    });

    it('gives one message per bad field, the first constraint it breaks', async () => {
      const s = await createSession(t);
      const res = await s.post('/workspaces', { name: 5 });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'name', message: expect.any(String) }]);
    });

    it('refuses unknown body fields with 422 naming them, and records nothing', async () => {
      const s = await createSession(t);
      const res = await s.post('/workspaces', { name: 'Known', account_id: 999 });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'account_id', message: 'account_id is not a known field' }]);
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(0);
    });

    it('refuses a note sent with PATCH /changes/{id} instead of dropping it', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const res = await s.patch(`/changes/${w.change.id}`, { review_status: 'acknowledged', note: 'seen' });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'note', message: 'note is not a known field' }]);
      const [row] = await t.db.query(`SELECT review_status FROM changes WHERE id = $1`, [w.change.id]);
      expect(row.review_status).toBe('unreviewed');
    });

    it('refuses body fields on a route that takes no body', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const res = await s.post(`/monitors/${w.monitors[0].id}/check`, { force: true });
      expectError(res, 422, 'validation_failed');
      expect(res.body.error.details).toEqual([{ field: 'force', message: 'force is not a known field' }]);
    });

    it.each([
      ['cursor=5', "'cursor'"],
      ['severity=high', "'severity'"],
      ['cursor=5&severity=high', "'cursor', 'severity'"],
    ])('answers 400 invalid_params naming unknown query parameters (%s)', async (query, named) => {
      const s = await createSession(t);
      const w = await world(s);
      const res = await s.get(`/changes?workspace_id=${w.workspace.id}&${query}`);
      expectError(res, 400, 'invalid_params');
      expect(res.body.error.message).toContain(named);
    });

    it('answers 400 invalid_params for query parameters on a route that takes none', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const res = await s.get(`/competitors/${w.competitor.id}?verbose=1`);
      expectError(res, 400, 'invalid_params');
      expect(res.body.error.message).toBe("unknown query parameter 'verbose'");
      await s.get(`/competitors/${w.competitor.id}`).expect(200);
    });

    it('reads a JSON body whatever its Content-Type says', async () => {
      const s = await createSession(t);
      const res = await raw(s, 'post', '/workspaces').set('Content-Type', 'text/plain').send('{"name":"Plain"}');
      expect(res.status).toBe(201);
    });
  });

  describe('unknown routes and ids', () => {
    it.each([
      ['get', '/nope'],
      ['get', '/workspaces/1/nope'],
      ['put', '/workspaces'],
      ['delete', '/workspaces'],
      ['put', '/workspaces/1'],
      ['get', '/monitors/1/check'],
      ['post', '/changes'],
      ['get', '/v2/workspaces'],
    ] as const)('answers %s %s with 404 not_found JSON', async (method, path) => {
      const s = await createSession(t);
      const res = await request(t.app.getHttpServer())[method](`/v1${path}`).set('Authorization', `Bearer ${s.apiKey}`);
      expectError(res, 404, 'not_found');
    });

    it('sends no X-Powered-By on any response: API, 404s, docs, health and the application', async () => {
      const s = await createSession(t);
      const server = t.app.getHttpServer();
      const responses: [string, request.Test][] = [
        ['api', s.get('/workspaces').expect(200)],
        ['api 404', s.get('/nope').expect(404)],
        ['api 401', request(server).get('/v1/workspaces').expect(401)],
        ['404 outside /v1', request(server).get('/elsewhere').expect(404)],
        ['docs', request(server).get('/docs-json').expect(200)],
        ['health', request(server).get('/health/live').expect(200)],
        ['app', request(server).get('/app/sign-in').expect(200)],
        ['app static', request(server).get('/app/static/app.css').expect(200)],
      ];
      for (const [what, res] of responses) expect([what, (await res).headers['x-powered-by']]).toEqual([what, undefined]);
    });

    it('answers a path outside /v1 with 404 not_found JSON', async () => {
      const s = await createSession(t);
      const res = await request(t.app.getHttpServer()).get('/workspaces').set('Authorization', `Bearer ${s.apiKey}`);
      expectError(res, 404, 'not_found');
    });

    const BAD_IDS = ['abc', '0', '-1', '99999999999', '2147483648', '1e3', '0x10', '01', '1.0', '%201', '1%20'];

    it('answers 404 not_found for a bad path id on every route that takes one', async () => {
      const s = await createSession(t);
      const w = await world(s);
      // Records with the ids these spellings would name, so a lenient parser would find them.
      expect(w.workspace.id).toBeLessThan(16);
      const routes: [('get' | 'post' | 'patch' | 'delete'), (id: string) => string, object?][] = [
        ['get', (id) => `/workspaces/${id}`],
        ['post', (id) => `/workspaces/${id}/refresh`],
        ['get', (id) => `/workspaces/${id}/digest`],
        ['get', (id) => `/workspaces/${id}/competitors`],
        ['post', (id) => `/workspaces/${id}/competitors`, { url: 'https://acme.example' }],
        ['get', (id) => `/competitors/${id}`],
        ['patch', (id) => `/competitors/${id}`, { status: 'paused' }],
        ['delete', (id) => `/competitors/${id}`],
        ['get', (id) => `/competitors/${id}/discovery_status`],
        ['post', (id) => `/competitors/${id}/notes`, { body: 'n' }],
        ['get', (id) => `/monitors/${id}`],
        ['patch', (id) => `/monitors/${id}`, { status: 'paused' }],
        ['delete', (id) => `/monitors/${id}`],
        ['post', (id) => `/monitors/${id}/check`],
        ['get', (id) => `/changes/${id}`],
        ['patch', (id) => `/changes/${id}`, { review_status: 'dismissed' }],
      ];
      for (const [method, path, body] of routes) {
        for (const id of BAD_IDS) {
          const req = request(t.app.getHttpServer())[method](`/v1${path(id)}`).set('Authorization', `Bearer ${s.apiKey}`);
          const res = await (body ? req.send(body) : req);
          expect([method, path(id), res.status, res.body.error?.code]).toEqual([method, path(id), 404, 'not_found']);
        }
      }
      // Nothing was touched by any of them.
      expect(await count(t.db, `competitors WHERE workspace_id = $1`, [w.workspace.id])).toBe(1);
      expect(await count(t.db, `competitor_notes`)).toBe(0);
      expect(await count(t.db, `runs`)).toBe(0);
      expect((await s.get(`/monitors/${w.monitors[0].id}`).expect(200)).body.monitor.status).toBe('active');
    });

    it('answers out-of-range ids in queries with 400 and in bodies with 422, never 500', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const big = '99999999999';
      for (const path of [
        `/changes?workspace_id=${big}`,
        `/changes?workspace_id=${w.workspace.id}&competitor_id=${big}`,
        `/changes?workspace_id=${w.workspace.id}&after=${99999999999 * 1000 + (99999999999 % 997)}`,
        `/monitors?workspace_id=${big}`,
        `/monitors?workspace_id=${w.workspace.id}&competitor_id=${big}`,
      ]) {
        const res = await s.get(path);
        expect([path, res.status, res.body.error?.code]).toEqual([path, 400, 'invalid_params']);
      }
      const monitor = await s.post('/monitors', { competitor_id: Number(big), url: 'https://acme.example/p', monitor_type: 'pricing' });
      expectError(monitor, 422, 'validation_failed');
      expect(monitor.body.error.details).toEqual([{ field: 'competitor_id', message: expect.any(String) }]);
      const refresh = await s.post(`/workspaces/${w.workspace.id}/refresh`, { competitor_id: Number(big) });
      expectError(refresh, 422, 'validation_failed');
    });

    it('answers a record that does not exist with 404 not_found naming nothing of other accounts', async () => {
      const s = await createSession(t);
      for (const path of ['/workspaces/2000000000', '/competitors/2000000000', '/monitors/2000000000', '/changes/2000000000']) {
        const res = await s.get(path);
        expectError(res, 404, 'not_found');
        expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message']);
      }
    });
  });

  // Last: these create workspaces, and the bad-id test above wants low ids.
  describe('text Postgres cannot store, and blank names', () => {
    it('answers 422 validation_failed for half a surrogate pair in any body field, and records nothing', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const attempts: [string, Record<string, unknown>, string][] = [
        ['/workspaces', { name: 'Acme\ud800' }, 'name'],
        ['/monitors', { competitor_id: w.competitor.id, url: 'https://acme.example/x', monitor_type: 'pricing', name: '\udc00Pricing' }, 'name'],
        [`/competitors/${w.competitor.id}/notes`, { body: 'note \ud83d' }, 'body'],
        [`/workspaces/${w.workspace.id}/competitors`, { url: 'https://acme.example', monitor_types: ['pricing', '\ud800'] }, 'monitor_types.1'],
      ];
      for (const [path, body, field] of attempts) {
        const res = await s.post(path, body);
        expectError(res, 422, 'validation_failed');
        expect([path, res.body.error.details]).toEqual([path, [{ field, message: expect.stringMatching(/surrogate/) }]]);
      }
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(1);
      // A whole pair is an ordinary character.
      await s.post('/workspaces', { name: 'Acme \ud83d\ude80' }).expect(201);
    });

    it('answers 400 invalid_params for a NUL in a query string', async () => {
      const s = await createSession(t);
      const w = await world(s);
      expectError(await s.get(`/changes?workspace_id=${w.workspace.id}&since=%00`), 400, 'invalid_params');
      expectError(await s.get(`/changes/${w.change.id}?include=capture%00`), 400, 'invalid_params');
    });

    it('treats /V1/… as the API it routes to: the same body parsing and input guards as /v1/…', async () => {
      const s = await createSession(t);
      const post = (body: string) =>
        request(t.app.getHttpServer())
          .post('/V1/workspaces')
          .set('Authorization', `Bearer ${s.apiKey}`)
          .set('Content-Type', 'application/json')
          .send(body);
      expectError(await post('{"name":"Acme\\u0000"}'), 422, 'validation_failed');
      expect((await post('{"name":"Acme"}')).status).toBe(201);
      expect(await count(t.db, `workspaces WHERE account_id = $1`, [s.accountId])).toBe(1);
    });

    it('trims names before validating them: a name of spaces only answers 422', async () => {
      const s = await createSession(t);
      const w = await world(s);
      const blank = await s.post('/workspaces', { name: ' \t\n ' });
      expectError(blank, 422, 'validation_failed');
      expect(blank.body.error.details).toEqual([{ field: 'name', message: expect.any(String) }]);
      const monitor = await s.post('/monitors', { competitor_id: w.competitor.id, url: 'https://acme.example/y', monitor_type: 'pricing', name: '   ' });
      expectError(monitor, 422, 'validation_failed');
      const padded = await s.post('/workspaces', { name: '  Padded  ' }).expect(201);
      expect(padded.body.workspace.name).toBe('Padded');
    });
  });
});
