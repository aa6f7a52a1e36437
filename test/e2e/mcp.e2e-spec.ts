import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { AccountsService } from '../../src/accounts/accounts.service';
import { createHttpApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/config';
import {
  checksUsed,
  ensureWindowHas,
  expectError,
  insertChange,
  insertSnapshot,
  seedWorkspace,
} from '../support/factories';
import { testMode } from '../support/services';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';

const TOOLS = [
  'check_monitor',
  'get_change',
  'get_competitor_profile',
  'get_digest',
  'get_pricing_matrix',
  'list_changes',
  'list_competitors',
  'list_workspaces',
  'set_review_status',
];

const ACCEPT = 'application/json, text/event-stream';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-http', version: '1' } },
};

function originOf(app: INestApplication): string {
  return `http://127.0.0.1:${app.getHttpServer().address().port}`;
}

/** The SDK's own client over real HTTP, sending the key as an assistant's configuration does. */
async function connect(origin: string, apiKey: string): Promise<Client> {
  const client = new Client({ name: 'rivalwatch-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', origin), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const textOf = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;

/** A successful call: its structuredContent (the REST body) and its text. */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ body: Record<string, unknown>; text: string }> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return { body: result.structuredContent as Record<string, unknown>, text: textOf(result) };
}

/** A tool error whose text starts with the REST error code, never the SDK's -32602 text. */
async function expectToolError(client: Client, name: string, args: Record<string, unknown>, code: string): Promise<string> {
  const result = await call(client, name, args);
  const text = textOf(result);
  expect({ name, args, isError: result.isError, code: text.split(':')[0] }).toEqual({ name, args, isError: true, code });
  expect(text).not.toMatch(/-32602|Input validation error/);
  return text;
}

/** The fields that are "now" at the time of each read. */
function withoutNow<T>(body: T): T {
  return JSON.parse(JSON.stringify(body), (key, value) => (['as_of', 'generated_at', 'window_start', 'window_end'].includes(key) ? 'now' : value));
}

describe('MCP server (POST /mcp)', () => {
  let t: TestApp;
  let s: Session;
  let other: Session;
  let client: Client;
  let origin: string;
  let workspaceId: number;
  let competitorId: number;
  let pricingMonitorId: number;
  let changeIds: number[];
  let foreign: { workspaceId: number; competitorId: number; monitorId: number; changeId: number };

  beforeAll(async () => {
    t = await createTestApp();
    origin = originOf(t.app);
    s = await createSession(t, 'pro', 'Acme watchers');
    other = await createSession(t, 'pro', 'Another account');

    const { workspace, competitor, monitors } = await seedWorkspace(t.db, s.accountId, { types: ['pricing', 'blog'], competitorName: 'Acme' });
    workspaceId = workspace.id;
    competitorId = competitor.id;
    pricingMonitorId = monitors[0].id;
    await insertSnapshot(t.db, {
      monitorId: pricingMonitorId,
      fields: {
        plans: [
          { key: 'free', name: 'Free', prices: [], features: ['3 projects'], cta: null, contact_sales: false, free: true },
          {
            key: 'pro',
            name: 'Pro',
            prices: [{ amount: 59, currency: 'USD', period: 'month', unit: 'per user' }],
            features: ['Unlimited projects', 'SSO'],
            cta: 'Start trial',
            contact_sales: false,
            free: false,
          },
        ],
        line_items: [],
        free_trial: null,
        billing_periods: ['month'],
      },
    });
    const hour = 3_600_000;
    changeIds = [];
    for (const [i, o] of [
      { monitor: monitors[1], severity: 'low' as const, summary: 'Acme posted about onboarding.' },
      { monitor: monitors[0], severity: 'medium' as const, summary: 'Acme added SSO to Pro.' },
      { monitor: monitors[0], severity: 'high' as const, summary: 'Acme raised Pro from $49 to $59 a month (+20%).' },
    ].entries()) {
      changeIds.push((await insertChange(t.db, { ...o, createdAt: new Date(Date.now() - (3 - i) * hour) })).id);
    }

    const theirs = await seedWorkspace(t.db, other.accountId);
    foreign = {
      workspaceId: theirs.workspace.id,
      competitorId: theirs.competitor.id,
      monitorId: theirs.monitors[0].id,
      changeId: (await insertChange(t.db, { monitor: theirs.monitors[0], severity: 'high' })).id,
    };
    client = await connect(origin, s.apiKey);
  });

  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  describe('tools', () => {
    it('lists the nine tools with descriptions, JSON Schema inputs matching the REST parameters, and output schemas', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      for (const tool of tools) {
        expect(tool.description!.length).toBeGreaterThan(80);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
      }
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      expect(Object.keys(byName.list_changes.inputSchema.properties!).sort()).toEqual(
        ['after', 'competitor_id', 'limit', 'min_severity', 'monitor_type', 'review_status', 'since', 'workspace_id'].sort(),
      );
      expect(byName.list_changes.inputSchema.required).toEqual(['workspace_id']);
      expect(byName.list_changes.inputSchema.properties!.min_severity).toMatchObject({ enum: ['info', 'low', 'medium', 'high', 'critical'] });
      expect(byName.list_changes.inputSchema.properties!.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
      expect(byName.get_digest.inputSchema).toMatchObject({ required: ['workspace_id'], properties: { period: { enum: ['1d', '7d', '30d'], default: '7d' } } });
      expect(byName.set_review_status.inputSchema.required).toEqual(['change_id', 'review_status']);
      expect(byName.list_workspaces.inputSchema.properties).toEqual({});
      for (const name of ['check_monitor', 'get_change', 'get_competitor_profile', 'get_pricing_matrix', 'list_competitors']) {
        expect(Object.keys(byName[name].inputSchema.properties!)).toHaveLength(1);
      }
      expect(byName.list_workspaces.annotations).toMatchObject({ readOnlyHint: true });
      expect(byName.check_monitor.annotations).toMatchObject({ readOnlyHint: false });
    });

    it('list_workspaces and list_competitors answer the REST bodies', async () => {
      const workspaces = await ok(client, 'list_workspaces');
      expect(workspaces.body).toEqual((await s.get('/workspaces').expect(200)).body);
      expect(workspaces.text).toMatch(/^1 workspace:\n- .+ \(workspace \d+\): 1 competitor, 2 monitors, 3 to review \(up to high\)$/);

      const competitors = await ok(client, 'list_competitors', { workspace_id: workspaceId });
      expect(competitors.body).toEqual((await s.get(`/workspaces/${workspaceId}/competitors`).expect(200)).body);
      expect(competitors.text).toContain(`Acme (competitor ${competitorId}`);
    });

    it('list_changes answers the feed with next_cursor, pages with after, and filters as REST does', async () => {
      const first = await ok(client, 'list_changes', { workspace_id: workspaceId, limit: 2 });
      expect(first.body).toEqual((await s.get(`/changes?workspace_id=${workspaceId}&limit=2`).expect(200)).body);
      expect(first.body.next_cursor).toEqual(expect.any(Number));
      expect(first.text.split('\n')[1]).toMatch(
        new RegExp(`^- \\[high\\] Acme · pricing: Acme raised Pro from \\$49 to \\$59 a month \\(\\+20%\\)\\. \\(change ${changeIds[2]}, unreviewed, \\d{4}-\\d{2}-\\d{2}\\)$`),
      );
      expect(first.text).toContain(`after=${first.body.next_cursor}`);

      const second = await ok(client, 'list_changes', { workspace_id: workspaceId, limit: 2, after: first.body.next_cursor });
      expect(second.body).toEqual((await s.get(`/changes?workspace_id=${workspaceId}&limit=2&after=${first.body.next_cursor}`).expect(200)).body);
      expect((second.body.changes as { id: number }[]).map((c) => c.id)).toEqual([changeIds[0]]);

      const filtered = await ok(client, 'list_changes', { workspace_id: workspaceId, since: '7d', min_severity: 'medium', monitor_type: 'pricing', competitor_id: competitorId, review_status: 'unreviewed' });
      const query = `workspace_id=${workspaceId}&since=7d&min_severity=medium&monitor_type=pricing&competitor_id=${competitorId}&review_status=unreviewed`;
      expect(filtered.body).toEqual((await s.get(`/changes?${query}`).expect(200)).body);
      expect(filtered.text).toMatch(/^2 changes since 7d, newest first:\n- \[high\] Acme · pricing: Acme raised Pro/);
    });

    it('get_change and set_review_status answer the change as REST does', async () => {
      const change = await ok(client, 'get_change', { change_id: changeIds[2] });
      expect(change.body).toEqual((await s.get(`/changes/${changeIds[2]}`).expect(200)).body);
      expect(change.text).toMatch(/^\[high\] Acme · pricing: .*\nWhy it matters: .+\nRecommended action: .+\n2 field differences; source: https:\/\//);

      const reviewed = await ok(client, 'set_review_status', { change_id: changeIds[1], review_status: 'acknowledged' });
      const rest = (await s.get(`/changes/${changeIds[1]}`).expect(200)).body;
      expect(rest.change.review_status).toBe('acknowledged');
      expect(reviewed.body).toEqual(rest);
      expect(reviewed.text).toMatch(new RegExp(`^Change ${changeIds[1]} is now acknowledged\\.`));
      await s.patch(`/changes/${changeIds[1]}`, { review_status: 'unreviewed' }).expect(200);
    });

    it('get_digest (7d by default), get_pricing_matrix and get_competitor_profile answer the REST bodies', async () => {
      const digest = await ok(client, 'get_digest', { workspace_id: workspaceId });
      expect(withoutNow(digest.body)).toEqual(withoutNow((await s.get(`/workspaces/${workspaceId}/digest`).expect(200)).body));
      expect((digest.body.digest as { period: string }).period).toBe('7d');
      expect(digest.text).toMatch(/, 7d digest \(.+\)\. Needs review: 1 change of severity high or above\.\n- \[high\] Acme/);
      const monthly = await ok(client, 'get_digest', { workspace_id: workspaceId, period: '30d' });
      expect(withoutNow(monthly.body)).toEqual(withoutNow((await s.get(`/workspaces/${workspaceId}/digest?period=30d`).expect(200)).body));

      const matrix = await ok(client, 'get_pricing_matrix', { workspace_id: workspaceId });
      expect(withoutNow(matrix.body)).toEqual(withoutNow((await s.get(`/workspaces/${workspaceId}/pricing_matrix`).expect(200)).body));
      expect(matrix.text).toMatch(/^Pricing of 1 competitor as of \d{4}-\d{2}-\d{2}:\n- Acme: Free: Free; Pro: 59 USD per month per user/);

      const profile = await ok(client, 'get_competitor_profile', { competitor_id: competitorId });
      expect(profile.body).toEqual((await s.get(`/competitors/${competitorId}/profile`).expect(200)).body);
      expect(profile.text).toContain('Price range: 59 USD per month');
    });

    it('check_monitor queues a check and spends one check, as POST /monitors/{id}/check does; a second is refresh_throttled', async () => {
      const before = await checksUsed(t.db, s.accountId);
      const queued = await ok(client, 'check_monitor', { monitor_id: pricingMonitorId });
      expect(queued.body).toEqual({ status: 'queued', monitor_id: pricingMonitorId, run_id: expect.any(Number) });
      expect(queued.text).toContain(`Check of monitor ${pricingMonitorId} queued (run ${queued.body.run_id})`);
      expect(await checksUsed(t.db, s.accountId)).toBe(before + 1);
      expect((await s.get('/account').expect(200)).body.account.usage.checks_used).toBe(before + 1);

      const throttled = await expectToolError(client, 'check_monitor', { monitor_id: pricingMonitorId }, 'refresh_throttled');
      expect(throttled).toMatch(/retry after \d+ s/);
      expectError(await s.post(`/monitors/${pricingMonitorId}/check`), 429, 'refresh_throttled');
    });
  });

  describe('errors are tool errors with the REST code', () => {
    it.each([
      ['list_changes', { workspace_id: 1, limit: 0 }],
      ['list_changes', { workspace_id: 1, limit: 101 }],
      ['list_changes', { workspace_id: 'one' }],
      ['list_changes', {}],
      ['list_changes', { workspace_id: 1, min_severity: 'severe' }],
      ['list_changes', { workspace_id: 1, since: 'yesterday' }],
      ['list_changes', { workspace_id: 1, cursor: 5 }],
      ['get_digest', { workspace_id: 1, period: '2d' }],
      ['get_change', { change_id: 0 }],
      ['get_change', { change_id: -3 }],
      ['set_review_status', { change_id: 1, review_status: 'done' }],
      ['set_review_status', { change_id: 1 }],
      ['list_workspaces', { unexpected: true }],
      ['list_competitors', { workspace_id: 'nul\u0000' }],
    ])('%s %j → validation_failed', async (name, args) => {
      await expectToolError(client, name, args, 'validation_failed');
    });

    it('names the field: a missing or unknown argument, a bad value', async () => {
      expect(await expectToolError(client, 'list_changes', {}, 'validation_failed')).toBe('validation_failed: workspace_id: workspace_id is required');
      expect(await expectToolError(client, 'list_changes', { workspace_id: 1, cursor: 5 }, 'validation_failed')).toContain('cursor is not a known field');
      expect(await expectToolError(client, 'list_changes', { workspace_id: 1, limit: 500 }, 'validation_failed')).toContain('limit');
    });

    it("another account's workspace, competitor, monitor or change → not_found, and nothing changes", async () => {
      const cases: [string, Record<string, unknown>][] = [
        ['list_competitors', { workspace_id: foreign.workspaceId }],
        ['list_changes', { workspace_id: foreign.workspaceId }],
        ['get_digest', { workspace_id: foreign.workspaceId }],
        ['get_pricing_matrix', { workspace_id: foreign.workspaceId }],
        ['get_competitor_profile', { competitor_id: foreign.competitorId }],
        ['check_monitor', { monitor_id: foreign.monitorId }],
        ['get_change', { change_id: foreign.changeId }],
        ['set_review_status', { change_id: foreign.changeId, review_status: 'dismissed' }],
        ['get_change', { change_id: 2_000_000_000 }],
      ];
      for (const [name, args] of cases) await expectToolError(client, name, args, 'not_found');
      expect((await other.get(`/changes/${foreign.changeId}`).expect(200)).body.change.review_status).toBe('unreviewed');
      expect(await checksUsed(t.db, other.accountId)).toBe(0);
    });

    it('an unknown tool is a tool error, not a protocol error', async () => {
      expect(await expectToolError(client, 'delete_everything', {}, 'not_found')).toContain('no tool named "delete_everything"');
    });
  });

  describe('HTTP: authentication, methods and the global guards', () => {
    const post = (body: unknown, apiKey?: string) => {
      const req = request(t.app.getHttpServer()).post('/mcp').set('Accept', ACCEPT).set('Content-Type', 'application/json');
      return (apiKey ? req.set('Authorization', `Bearer ${apiKey}`) : req).send(body as object);
    };

    it('answers 401 in the REST error envelope without a key, with a bad key and with a revoked key', async () => {
      expectError(await post(INITIALIZE), 401, 'unauthorized');
      expectError(await post(INITIALIZE, 'rw_live_not-a-key'), 401, 'unauthorized');
      const accounts = t.app.get(AccountsService);
      const { apiKey, key } = await accounts.createKey(s.accountId);
      expect((await post(INITIALIZE, apiKey)).status).toBe(200);
      await accounts.revokeKey(key.id);
      expectError(await post(INITIALIZE, apiKey), 401, 'unauthorized');
      await expect(connect(origin, apiKey)).rejects.toThrow();
    });

    it('initialises statelessly (no session id) and answers GET and DELETE with 405', async () => {
      const res = await post(INITIALIZE, s.apiKey).expect(200);
      expect(res.headers['mcp-session-id']).toBeUndefined();
      expect(res.body.result).toMatchObject({ serverInfo: { name: 'rivalwatch' }, capabilities: { tools: {} } });
      expect(res.body.result.instructions).toContain('list_workspaces');
      for (const method of ['get', 'delete'] as const) {
        const answer = await request(t.app.getHttpServer())[method]('/mcp').set('Authorization', `Bearer ${s.apiKey}`).set('Accept', ACCEPT).expect(405);
        expect(answer.headers.allow).toBe('POST');
        expect(answer.body).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
      }
    });

    it('answers a tools/call over plain HTTP with the rate-limit headers of the key', async () => {
      await ensureWindowHas(5);
      const res = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_workspaces', arguments: {} } }, s.apiKey).expect(200);
      expect(res.body.result.structuredContent).toEqual((await s.get('/workspaces').expect(200)).body);
      expect(res.headers['x-ratelimit-limit']).toBe('1200');
      expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(1200);
      expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    });

    it('keeps the body limits of the API (malformed → 400, over 1 MB → 413) and leaves /v1 strict', async () => {
      const malformed = await request(t.app.getHttpServer())
        .post('/mcp')
        .set('Authorization', `Bearer ${s.apiKey}`)
        .set('Accept', ACCEPT)
        .set('Content-Type', 'application/json')
        .send('{"jsonrpc": ');
      expectError(malformed, 400, 'invalid_request');
      expectError(await post({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } }, s.apiKey), 413, 'payload_too_large');
      expectError(await s.get('/workspaces?mcp=1'), 400, 'invalid_params');
      expectError(await s.post('/workspaces', { name: 'X', mcp: true }), 422, 'validation_failed');
      expect((await request(t.app.getHttpServer()).get('/app/sign-in')).status).toBe(200);
    });
  });

  describe('rate limits and metering', () => {
    it("counts each tool call as a request of the key: a trial key's 61st call in a minute is rate_limited, and REST shares the count", async () => {
      const trial = await createSession(t, 'trial', 'Trial account');
      const trialClient = await connect(origin, trial.apiKey);
      try {
        await ensureWindowHas(30);
        await trialClient.listTools(); // protocol messages are not tool calls: they do not count
        await Promise.all(Array.from({ length: 60 }, () => ok(trialClient, 'list_workspaces')));
        const limited = await expectToolError(trialClient, 'list_workspaces', {}, 'rate_limited');
        expect(limited).toMatch(/rate_limited: request rate limit exceeded for this API key \(retry after \d+ s\)/);
        expectError(await trial.get('/workspaces'), 429, 'rate_limited');
      } finally {
        await trialClient.close();
      }
    });

    it('meters tool calls like REST requests: the window count and the tool-call metric', async () => {
      await ensureWindowHas(10);
      const before = Number((await s.get('/workspaces').expect(200)).headers['x-ratelimit-remaining']);
      await ok(client, 'list_workspaces');
      await ok(client, 'list_changes', { workspace_id: workspaceId });
      await expectToolError(client, 'get_change', { change_id: foreign.changeId }, 'not_found');
      const after = Number((await s.get('/workspaces').expect(200)).headers['x-ratelimit-remaining']);
      expect(before - after).toBe(4);

      const metrics = (await request(t.app.getHttpServer()).get('/metrics').expect(200)).text;
      expect(metrics).toMatch(/rivalwatch_mcp_tool_calls_total\{tool="list_changes",outcome="ok"\} [1-9]/);
      expect(metrics).toMatch(/rivalwatch_mcp_tool_calls_total\{tool="get_change",outcome="not_found"\} [1-9]/);
    });
  });

  it('is documented in Swagger: POST /mcp with JSON-RPC request and response, bearer auth and errors, on the service root', async () => {
    const doc = (await request(t.app.getHttpServer()).get('/docs-json').expect(200)).body;
    const op = doc.paths['/mcp'].post;
    expect(op.summary).toMatch(/Model Context Protocol/);
    expect(op.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(op.requestBody.content['application/json'].schema.$ref).toMatch(/McpRequestDto$/);
    expect(op.responses['200'].content['application/json'].schema.$ref).toMatch(/McpResponseDto$/);
    for (const status of ['401', '413']) expect(op.responses[status].content['application/json'].schema.$ref).toMatch(/ErrorResponse$/);
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/mcp'].get.responses['405']).toBeDefined();
  });
});

// The file runs on the embedded mode as a whole when no servers are reachable; on servers, this
// boots one embedded service (PGlite, in-process jobs) beside them.
(testMode() === 'server' ? describe : describe.skip)('MCP server in the embedded mode', () => {
  let app: INestApplication;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rw-mcp-embedded-'));
    app = await createHttpApp(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', SCHEDULER_TICK_SECONDS: '3600' }));
    await app.listen(0, '127.0.0.1');
    // PGlite creates and migrates its database in WebAssembly: tens of seconds on a loaded 2-core machine.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists and calls tools through the running embedded service', async () => {
    const { apiKey } = await app.get(AccountsService).createAccount('Embedded', 'pro');
    const rest = (path: string) => request(app.getHttpServer()).get(`/v1${path}`).set('Authorization', `Bearer ${apiKey}`);
    await request(app.getHttpServer()).post('/v1/workspaces').set('Authorization', `Bearer ${apiKey}`).send({ name: 'Embedded' }).expect(201);
    const embedded = await connect(originOf(app), apiKey);
    try {
      expect((await embedded.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      const workspaces = await ok(embedded, 'list_workspaces');
      expect(workspaces.body).toEqual((await rest('/workspaces').expect(200)).body);
      const id = (workspaces.body.workspaces as { id: number }[])[0].id;
      expect((await ok(embedded, 'list_changes', { workspace_id: id })).body).toEqual((await rest(`/changes?workspace_id=${id}`).expect(200)).body);
      await expectToolError(embedded, 'list_competitors', { workspace_id: id + 1000 }, 'not_found');
    } finally {
      await embedded.close();
    }
  });
});
