import request from 'supertest';
import { ErrorCode } from '../../src/common/errors';
import { RUN_ERROR_CODES } from '../../src/monitors/runs.repository';
import { createTestApp, TestApp } from '../support/test-app';

interface Operation {
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
  parameters?: { name: string; in: string }[];
  security?: unknown[];
}
interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[]; $ref?: string }> }>; securitySchemes: Record<string, { type: string; scheme?: string }> };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every endpoint of the specification that the foundation serves, with the body it reads and its success status. */
const ENDPOINTS: [method: string, path: string, body: boolean, success: number][] = [
  ['get', '/workspaces', false, 200],
  ['post', '/workspaces', true, 201],
  ['get', '/workspaces/{}', false, 200],
  ['post', '/workspaces/{}/refresh', true, 202],
  ['get', '/workspaces/{}/digest', false, 200],
  ['get', '/workspaces/{}/pricing_matrix', false, 200],
  ['get', '/workspaces/{}/competitors', false, 200],
  ['post', '/workspaces/{}/competitors', true, 202],
  ['get', '/competitors/{}', false, 200],
  ['patch', '/competitors/{}', true, 200],
  ['delete', '/competitors/{}', false, 200],
  ['get', '/competitors/{}/discovery_status', false, 200],
  ['get', '/competitors/{}/profile', false, 200],
  ['post', '/competitors/{}/notes', true, 201],
  ['get', '/monitors', false, 200],
  ['post', '/monitors', true, 201],
  ['get', '/monitors/{}', false, 200],
  ['patch', '/monitors/{}', true, 200],
  ['delete', '/monitors/{}', false, 200],
  ['post', '/monitors/{}/check', false, 202],
  ['get', '/changes', false, 200],
  ['get', '/changes/{}', false, 200],
  ['patch', '/changes/{}', true, 200],
  ['get', '/account', false, 200],
];

describe('OpenAPI document and Swagger UI', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    const res = await request(t.app.getHttpServer()).get('/docs-json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.body;
  });
  afterAll(() => t.close());

  const operation = (method: string, path: string): Operation | undefined => {
    const found = Object.entries(doc.paths).find(([p]) => p.replace(/\{[^}]+\}/g, '{}') === path);
    return found?.[1][method];
  };
  const refName = (ref: string | undefined) => ref?.replace('#/components/schemas/', '');

  it('serves the JSON document without an API key: version 1.0, a /v1 server, bearer security', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0' });
    expect(doc.servers.length).toBeGreaterThan(0);
    for (const server of doc.servers) expect(server.url).toMatch(/\/v1$/);
    const schemes = Object.entries(doc.components.securitySchemes).filter(([, s]) => s.type === 'http' && s.scheme === 'bearer');
    expect(schemes).toHaveLength(1);
    expect(doc.security).toEqual([{ [schemes[0][0]]: [] }]);
  });

  it('lists /health/* under the server without /v1 and without a key, so Try it out reaches them', async () => {
    const health = Object.entries(doc.paths).filter(([path]) => path.startsWith('/health/'));
    expect(health.map(([path]) => path).sort()).toEqual(['/health/live', '/health/ready']);
    for (const [path, item] of health) {
      const { servers, get } = item as unknown as { servers: { url: string }[]; get: Operation };
      expect(servers).toEqual([{ url: doc.servers[0].url.replace(/\/v1$/, '') }]);
      expect(get.security).toEqual([]);
      const base = new URL(servers[0].url).pathname.replace(/\/$/, '');
      const res = await request(t.app.getHttpServer()).get(`${base}${path}`);
      expect(res.status).toBe(200);
    }
  });

  it('keeps paths relative to the /v1 server URL', () => {
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/v1'))).toBe(false);
  });

  it.each(ENDPOINTS)('documents %s %s with its request, response and error schemas', (method, path, body, success) => {
    const op = operation(method, path);
    expect(op).toBeDefined();
    if (body) {
      const schema = op!.requestBody?.content['application/json']?.schema;
      expect(doc.components.schemas[refName(schema?.$ref)!]).toBeDefined();
    } else {
      expect(op!.requestBody).toBeUndefined();
    }
    const ok = op!.responses[String(success)]?.content?.['application/json']?.schema;
    expect(doc.components.schemas[refName(ok?.$ref)!]).toBeDefined();
    const errors = [401, 429, ...(path.includes('{}') ? [404] : []), ...(body ? [422] : [])];
    for (const status of errors) {
      const schema = op!.responses[String(status)]?.content?.['application/json']?.schema;
      expect([status, refName(schema?.$ref)]).toEqual([status, 'ErrorResponse']);
    }
    for (const param of (path.match(/\{\}/g) ?? []).keys()) {
      expect(op!.parameters?.filter((p) => p.in === 'path')[param]).toBeDefined();
    }
  });

  it('documents the feed query parameters and include tokens', () => {
    const feed = operation('get', '/changes')!;
    expect(feed.parameters!.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(
      ['after', 'competitor_id', 'limit', 'min_severity', 'monitor_type', 'review_status', 'since', 'workspace_id'].sort(),
    );
    expect(operation('get', '/changes/{}')!.parameters!.map((p) => p.name)).toContain('include');
    expect(operation('get', '/monitors/{}')!.parameters!.map((p) => p.name)).toContain('include');
    expect(operation('get', '/workspaces/{}/digest')!.parameters!.map((p) => p.name)).toContain('period');
    expect(operation('post', '/workspaces/{}/competitors')!.responses).toHaveProperty('409');
    expect(operation('post', '/workspaces/{}/competitors')!.responses).toHaveProperty('200');
  });

  it('documents the pricing matrix CSV and the battlecard Markdown beside their JSON, with their query parameters', () => {
    const matrix = operation('get', '/workspaces/{}/pricing_matrix')!;
    expect(Object.keys(matrix.responses['200'].content!).sort()).toEqual(['application/json', 'text/csv']);
    expect(matrix.parameters!.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['as_of', 'format']);
    const profile = operation('get', '/competitors/{}/profile')!;
    expect(Object.keys(profile.responses['200'].content!).sort()).toEqual(['application/json', 'text/markdown']);
    expect(profile.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['format']);
    for (const op of [matrix, profile]) expect(refName(op.responses['400'].content!['application/json'].schema.$ref)).toBe('ErrorResponse');
  });

  it.each(['before', 'after'])('documents the %s.png evidence image: image/png, and the error envelopes', (side) => {
    const op = operation('get', `/changes/{}/evidence/${side}.png`)!;
    expect(op).toBeDefined();
    expect(op.responses['200'].content).toHaveProperty('image/png');
    for (const status of [401, 404, 429]) {
      expect([status, refName(op.responses[String(status)]?.content?.['application/json']?.schema?.$ref)]).toEqual([status, 'ErrorResponse']);
    }
    const visual = doc.components.schemas.VisualDto;
    expect(Object.keys(visual.properties!).sort()).toEqual(['after', 'before', 'reason', 'status']);
    expect(visual.properties!.status.enum).toEqual(['pending', 'ready', 'unavailable']);
  });

  it('gives every operation a summary and a description', () => {
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, { summary?: string; description?: string }>)
        // A path item also holds `servers` (health is served outside /v1): operations are its HTTP methods.
        .filter(([method, op]) => HTTP_METHODS.has(method) && (!op.summary || !op.description))
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('marks workspace_id required where the API requires it', () => {
    for (const path of ['/changes', '/monitors']) {
      const param = operation('get', path)!.parameters!.find((p) => p.name === 'workspace_id') as { required?: boolean; schema?: { type?: string } };
      expect({ path, required: param.required, type: param.schema?.type }).toEqual({ path, required: true, type: 'integer' });
    }
  });

  // Record ids are integers; webhook delivery ids (`wh_…`) are strings by the spec and stay so.
  it('types every numeric id as an integer, in schemas and parameters', () => {
    const notInteger: string[] = [];
    const walk = (where: string, node: { type?: string; properties?: Record<string, unknown>; items?: unknown } | undefined) => {
      for (const [name, child] of Object.entries(node?.properties ?? {}) as [string, { type?: string; items?: { type?: string } }][]) {
        if (/^(?:id|\w+_id)$/.test(name) && child.type === 'number') notInteger.push(`${where}.${name}`);
        if (/_ids$/.test(name) && child.items?.type !== 'integer') notInteger.push(`${where}.${name}`);
        walk(`${where}.${name}`, child as never);
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) walk(name, schema as never);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Record<string, Operation>)) {
        for (const p of (op.parameters ?? []) as { name: string; schema?: { type?: string } }[]) {
          if (/^(?:id|\w+_id)$/.test(p.name) && p.schema?.type !== 'integer') notInteger.push(`${method} ${path} ${p.name}`);
        }
      }
    }
    expect(notInteger).toEqual([]);
  });

  it('describes the error envelope with every error code', () => {
    const envelope = doc.components.schemas.ErrorResponse;
    const inner = doc.components.schemas[refName(envelope.properties!.error.$ref)!];
    expect(inner.properties!.code.enum!.sort()).toEqual(Object.values(ErrorCode).sort());
    expect(Object.keys(inner.properties!)).toEqual(expect.arrayContaining(['code', 'message', 'details', 'active_competitor_id', 'resource', 'limit']));
  });

  it("lists every run error code, page_too_complex included, on a monitor's last run", () => {
    const errorCode = doc.components.schemas.LastRunDto.properties!.error_code;
    expect(errorCode.enum!.sort()).toEqual([...RUN_ERROR_CODES].sort());
    expect(errorCode.enum).toContain('page_too_complex');
  });

  it('serves the Swagger UI as HTML without an API key', async () => {
    const res = await request(t.app.getHttpServer()).get('/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/swagger-ui/i);
  });
});
