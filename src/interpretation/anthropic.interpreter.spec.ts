import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnthropicInterpreter, type InterpretationLogger } from './anthropic.interpreter';
import { createInterpreter } from './create-interpreter';
import type { InterpretationInput } from './interpretation.types';
import { RulesInterpreter } from './rules.interpreter';

/**
 * The real SDK against a local fake of POST /v1/messages: what the interpreter sends, what it keeps
 * from a good answer, and that every failure falls back to the rules.
 */

type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;

interface FakeApi {
  baseURL: string;
  requests: Array<{ body: Record<string, unknown>; headers: IncomingMessage['headers'] }>;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function startFakeApi(): Promise<FakeApi> {
  let handler: Handler = (_body, _req, res) => res.writeHead(500).end();
  const requests: FakeApi['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      requests.push({ body, headers: req.headers });
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests (the time-out test) must not keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Any model name works against the fake; the default (claude-sonnet-4-5) makes SDK 1.12 print a deprecation warning.
const MODEL = 'claude-haiku-4-5';

function input(): InterpretationInput {
  return {
    competitor: { name: 'Acme', domain: 'acmeboard.io' },
    monitor: { type: 'pricing', url: 'https://www.acmeboard.io/pricing', name: 'Acme pricing' },
    field_diffs: [
      { op: 'updated', change_type: 'price_increased', path: 'plans[pro].prices[month].amount', tier: 'alertable', old: 49, new: 59 },
      { op: 'added', change_type: 'feature_added', path: 'plans[business].features[SAML SSO]', tier: 'alertable', old: null, new: 'SAML SSO' },
    ],
    category: 'pricing',
    direction: 'advanced',
    delta: { added: 2, removed: 0, modified: 0 },
    raw_diff_excerpt: '@@ -10,3 +10,3 @@\n-<p>$49/month</p>\n+<p>$59/month</p>\n' + 'x'.repeat(50_000),
    captured_at: '2025-03-05T09:00:00.000Z',
    previous_captured_at: '2025-03-04T09:00:00.000Z',
  };
}

function goodAnswer(): Record<string, unknown> {
  return {
    severity: 'high',
    severity_score: 68,
    category: 'pricing',
    direction: 'advanced',
    summary: 'Acme raised Pro from $49 to $59 a month (+20%) and added SAML SSO to Business.',
    why_it_matters: 'Pro is the plan most of your overlap buys; a 20% rise widens the gap in your favour.',
    recommended_action: 'Update the comparison page and brief sales on the new $59 Pro price.',
    opportunity_score: 62,
    clusters: [
      { headline: 'Pro: $49 → $59 a month', meaning: 'A 20% price rise.', diff_indexes: [0] },
      { headline: 'Business gains SAML SSO', meaning: 'An enterprise feature moves down-market.', diff_indexes: [1] },
    ],
    seo_keywords: ['saml sso'],
  };
}

function messageWith(content: unknown[], model = MODEL): Record<string, unknown> {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 1234, output_tokens: 210 },
  };
}

function toolAnswer(answer: unknown): Handler {
  return (_body, _req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(messageWith([{ type: 'tool_use', id: 'toolu_1', name: 'record_interpretation', input: answer }])));
  };
}

function recordingLogger(): InterpretationLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, log: (message) => lines.push(`log ${message}`), warn: (message) => lines.push(`warn ${message}`) };
}

describe('AnthropicInterpreter', () => {
  let api: FakeApi;
  let rules: Awaited<ReturnType<RulesInterpreter['interpret']>>;

  beforeAll(async () => {
    api = await startFakeApi();
    rules = await new RulesInterpreter().interpret(input());
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
  });

  function interpreter(overrides: Partial<ConstructorParameters<typeof AnthropicInterpreter>[0]> = {}) {
    return new AnthropicInterpreter({ apiKey: 'sk-test-key', baseURL: api.baseURL, model: MODEL, maxRetries: 0, timeoutMs: 2000, ...overrides });
  }

  it('uses a valid answer and names the model in interpreted_by', async () => {
    api.handle(toolAnswer(goodAnswer()));
    const logger = recordingLogger();

    const result = await interpreter({ logger }).interpret(input());

    expect(result.interpreted_by).toBe(MODEL);
    expect(result.summary).toBe('Acme raised Pro from $49 to $59 a month (+20%) and added SAML SSO to Business.');
    expect(result).toMatchObject({ severity: 'high', severity_score: 68, opportunity_score: 62, category: 'pricing', direction: 'advanced' });
    expect(result.clusters).toHaveLength(2);
    expect(result.enrichment.seo_opportunity.keywords).toEqual(['saml sso']);
    expect(logger.lines.some((line) => line.includes('input_tokens=1234') && line.includes('output_tokens=210'))).toBe(true);
  });

  it('holds the model answer to the same checks as the rules: upmarket floor, no internal keys, cuts at word boundaries', async () => {
    const sso: InterpretationInput = {
      ...input(),
      monitor: { type: 'changelog', url: 'https://www.acmeboard.io/changelog', name: 'Acme changelog' },
      field_diffs: [
        {
          op: 'added',
          change_type: 'entry_added',
          path: 'entries[2025-03-03-launched-sso]',
          tier: 'alertable',
          old: null,
          new: { key: '2025-03-03-launched-sso', title: 'Launched SSO', version: null, date: '2025-03-03', items: ['SAML with Okta'] },
        },
      ],
    };
    api.handle(
      toolAnswer({
        ...goodAnswer(),
        severity: 'low',
        severity_score: 30,
        summary: `Acme released version 2025-03-03-launched-sso with admin controls ${'and more admin controls '.repeat(12)}`,
        why_it_matters: 'A new release.',
        clusters: [{ headline: 'Release 2025-03-03-launched-sso', meaning: 'A release.', diff_indexes: [0] }],
      }),
    );

    const result = await interpreter().interpret(sso);

    expect(result).toMatchObject({ severity: 'medium', severity_score: 40, interpreted_by: MODEL });
    expect(result.why_it_matters).toBe('Acme is moving upmarket with SSO: it is selling to larger customers, whose security and procurement reviews ask for it. A new release.');
    expect(result.summary).toMatch(/^Acme released “Launched SSO” with admin controls( and more admin controls)+ and more…$/);
    expect(result.summary.length).toBeLessThanOrEqual(300);
    expect(result.clusters[0].headline).toBe('Release “Launched SSO”');
  });

  it('sends a bounded request: trimmed input, max_tokens, a forced tool call and the key as a Bearer token', async () => {
    api.handle(toolAnswer(goodAnswer()));

    await interpreter({ maxInputChars: 6000, maxOutputTokens: 700 }).interpret(input());

    const [{ body, headers }] = api.requests;
    expect(body.model).toBe(MODEL);
    expect(body.max_tokens).toBe(700);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'record_interpretation' });
    const messages = body.messages as Array<{ content: string }>;
    expect(messages[0].content.length).toBeLessThanOrEqual(6000);
    expect(messages[0].content).toContain('"change_type":"price_increased"');
    expect(headers.authorization).toBe('Bearer sk-test-key');
  });

  it('accepts strict JSON written as text when the model skips the tool', async () => {
    api.handle((_body, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messageWith([{ type: 'text', text: '```json\n' + JSON.stringify(goodAnswer()) + '\n```' }])));
    });

    const result = await interpreter().interpret(input());

    expect(result.interpreted_by).toBe(MODEL);
  });

  it('falls back to the rules on malformed JSON', async () => {
    api.handle((_body, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messageWith([{ type: 'text', text: '{"severity": "high", "summary": "Acme raised' }])));
    });
    const logger = recordingLogger();

    const result = await interpreter({ logger }).interpret(input());

    expect(result).toEqual(rules);
    expect(result.interpreted_by).toBe('rules-v1');
    expect(logger.lines.some((line) => line.startsWith('warn') && line.includes('malformed_json'))).toBe(true);
  });

  it.each([
    ['a severity outside the set', { severity: 'urgent' }],
    ['a score that is not an integer 0-100', { severity_score: 140 }],
    ['a category outside the set', { category: 'marketing' }],
    ['a cluster index outside field_diffs', { clusters: [{ headline: 'x', meaning: 'y', diff_indexes: [0, 7] }] }],
    ['an empty summary', { summary: '  ' }],
  ])('falls back to the rules on an answer with %s', async (_label, patch) => {
    api.handle(toolAnswer({ ...goodAnswer(), ...patch }));
    const logger = recordingLogger();

    const result = await interpreter({ logger }).interpret(input());

    expect(result).toEqual(rules);
    expect(logger.lines.some((line) => line.includes('schema'))).toBe(true);
  });

  it('falls back to the rules when the API does not answer within timeoutMs', async () => {
    api.handle(() => {
      // Never answer: the client's deadline must end the wait.
    });
    const started = Date.now();

    const result = await interpreter({ timeoutMs: 300 }).interpret(input());

    expect(result.interpreted_by).toBe('rules-v1');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    [429, 'rate_limit_error'],
    [529, 'overloaded_error'],
    [500, 'api_error'],
  ])('falls back to the rules on HTTP %i', async (status, type) => {
    api.handle((_body, _req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type, message: 'try later' } }));
    });

    const result = await interpreter().interpret(input());

    expect(result).toEqual(rules);
    expect(api.requests).toHaveLength(1);
  });

  it('retries a 529 up to maxRetries times, then uses the answer', async () => {
    let calls = 0;
    api.handle((body, req, res) => {
      calls += 1;
      if (calls <= 2) {
        res.writeHead(529, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        return void res.end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
      }
      toolAnswer(goodAnswer())(body, req, res);
    });

    const result = await interpreter({ maxRetries: 2 }).interpret(input());

    expect(api.requests).toHaveLength(3);
    expect(result.interpreted_by).toBe(MODEL);
  });

  it('moves a score that disagrees with its severity into that severity band', async () => {
    api.handle(toolAnswer({ ...goodAnswer(), severity: 'medium', severity_score: 90 }));

    const result = await interpreter().interpret(input());

    expect(result).toMatchObject({ severity: 'medium', severity_score: 59, interpreted_by: MODEL });
  });
});

describe('createInterpreter', () => {
  it('chooses the rules without an API key and Claude with one', () => {
    expect(createInterpreter({ apiKey: null }).name).toBe('rules-v1');
    expect(createInterpreter({}).name).toBe('rules-v1');
    expect(createInterpreter({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9', model: 'claude-haiku-4-5' }).name).toBe('claude-haiku-4-5');
    expect(createInterpreter({ apiKey: 'sk-test' }).name).toBe('claude-sonnet-4-5');
  });
});
