import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DomainError, ErrorCode } from '../common/errors';
import { transientConflict } from '../common/pg-errors';
import { isUnavailableError } from '../common/unavailable';

/** A tool's answer: the REST body as `structuredContent` and its short rendering as text. */
export function toolResult(resource: object, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: resource as Record<string, unknown> };
}

/**
 * The REST error a failed call would have answered, as a tool error (`isError`) whose text starts
 * with the error code. Tool arguments are one JSON object, so what REST calls a bad query
 * parameter (`invalid_params`) is `validation_failed` here, as for a body.
 */
export function toolError(err: unknown): { result: CallToolResult; code: ErrorCode } {
  const [code, message] = describe(err);
  return { result: { content: [{ type: 'text', text: `${code}: ${message}` }], isError: true }, code };
}

function describe(err: unknown): [ErrorCode, string] {
  if (err instanceof DomainError) {
    const code = err.code === ErrorCode.InvalidParams ? ErrorCode.ValidationFailed : err.code;
    const retry = err.options.retryAfter === undefined ? '' : ` (retry after ${err.options.retryAfter} s)`;
    return [code, `${err.message}${retry}`];
  }
  if (transientConflict(err)) return [ErrorCode.ServiceUnavailable, 'the call met concurrent updates; retry it'];
  if (isUnavailableError(err)) return [ErrorCode.ServiceUnavailable, 'a backing service is unavailable; retry shortly'];
  return [ErrorCode.InternalError, 'unexpected server error'];
}
