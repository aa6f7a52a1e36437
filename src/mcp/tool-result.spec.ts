import { DomainError, ErrorCode, invalidParams, notFound } from '../common/errors';
import { toolError, toolResult } from './tool-result';

const textOf = (err: unknown) => (toolError(err).result.content[0] as { text: string }).text;

describe('tool results', () => {
  it('answers the REST body as structuredContent beside the text', () => {
    expect(toolResult({ workspaces: [] }, 'No workspaces yet.')).toEqual({
      content: [{ type: 'text', text: 'No workspaces yet.' }],
      structuredContent: { workspaces: [] },
    });
  });

  it('turns a domain error into a tool error that starts with its REST code', () => {
    expect(toolError(notFound('workspace'))).toEqual({
      result: { content: [{ type: 'text', text: 'not_found: workspace not found' }], isError: true },
      code: ErrorCode.NotFound,
    });
  });

  it('reports a bad query-style argument as validation_failed, as a bad body field', () => {
    expect(textOf(invalidParams('since must be an ISO 8601 timestamp'))).toBe('validation_failed: since must be an ISO 8601 timestamp');
  });

  it('says how long to wait when REST would send Retry-After', () => {
    expect(textOf(new DomainError(ErrorCode.RateLimited, 'request rate limit exceeded for this API key', { retryAfter: 12 }))).toBe(
      'rate_limited: request rate limit exceeded for this API key (retry after 12 s)',
    );
  });

  it('answers service_unavailable for an outage and internal_error for anything else, without its message', () => {
    expect(textOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatch(/^service_unavailable: /);
    expect(textOf(new Error('relation "secrets" does not exist'))).toBe('internal_error: unexpected server error');
  });
});
