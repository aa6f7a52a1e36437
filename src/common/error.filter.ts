import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, ErrorCode } from './errors';
import { transientConflict } from './pg-errors';
import { redactUrl } from './redact-url';
import { isUnavailableError } from './unavailable';

interface ErrorBody {
  error: { code: string; message: string } & Record<string, unknown>;
}

const CODE_BY_HTTP_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.InvalidRequest,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.Unauthorized,
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.METHOD_NOT_ALLOWED]: ErrorCode.NotFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
  [HttpStatus.UNPROCESSABLE_ENTITY]: ErrorCode.ValidationFailed,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.RateLimited,
  [HttpStatus.SERVICE_UNAVAILABLE]: ErrorCode.ServiceUnavailable,
};

/** Maps body-parser failures, which arrive as plain errors with an http `type`. */
function fromBodyParser(err: { type?: string; status?: number; expose?: boolean }): [number, ErrorCode, string] | null {
  if (err.type === 'entity.parse.failed') return [400, ErrorCode.InvalidRequest, 'malformed JSON body'];
  if (err.type === 'entity.too.large') return [413, ErrorCode.PayloadTooLarge, 'request body exceeds 1 MB'];
  if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') {
    return [415, ErrorCode.InvalidRequest, 'unsupported body encoding'];
  }
  if (typeof err.type === 'string' && err.status && err.status < 500) {
    return [err.status, ErrorCode.InvalidRequest, 'invalid request body'];
  }
  // A body that fails to decompress (Content-Encoding gzip/deflate/br) is an http-errors 400.
  if (err.expose === true && err.status && err.status >= 400 && err.status < 500) {
    return [err.status, ErrorCode.InvalidRequest, 'invalid request body'];
  }
  return null;
}

/** One filter writes every error as `{error: {code, message, ...extra}}`. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const [status, body, retryAfter] = this.describe(exception);
    if (status >= 500) {
      const req = host.switchToHttp().getRequest<{ method?: string; originalUrl?: string }>();
      const url = redactUrl(req.originalUrl ?? '');
      // A backing service being down is an operating condition (logged once per outage), not a bug.
      if (status === 503) this.logger.warn(`${req.method} ${url} → 503: ${(exception as Error)?.message}`);
      else this.logger.error(`${req.method} ${url} → ${status}`, (exception as Error)?.stack);
    }
    if (res.headersSent) return;
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(status).json(body);
  }

  private describe(exception: unknown): [number, ErrorBody, number | undefined] {
    if (exception instanceof DomainError) {
      const { extra, retryAfter } = exception.options;
      return [exception.status, { error: { code: exception.code, message: exception.message, ...extra } }, retryAfter];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // A readiness report (terminus) is its own body: it says which backing service is down.
      const report = exception.getResponse() as { status?: string; details?: unknown };
      if (status === 503 && report?.status === 'error' && report.details) return [status, report as unknown as ErrorBody, 5];
      const code = CODE_BY_HTTP_STATUS[status] ?? (status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest);
      const message = status === 404 ? 'route not found' : exception.message;
      return [status, { error: { code, message } }, undefined];
    }
    const parsed = fromBodyParser((exception ?? {}) as { type?: string; status?: number; expose?: boolean });
    if (parsed) return [parsed[0], { error: { code: parsed[1], message: parsed[2] } }, undefined];
    // Only after the service's own retries (retryingTransaction) all lost the race: try again.
    if (transientConflict(exception)) {
      return [503, { error: { code: ErrorCode.ServiceUnavailable, message: 'the request met concurrent updates; retry it' } }, 1];
    }
    if (isUnavailableError(exception)) {
      return [503, { error: { code: ErrorCode.ServiceUnavailable, message: 'a backing service is unavailable; retry shortly' } }, 5];
    }
    return [500, { error: { code: ErrorCode.InternalError, message: 'unexpected server error' } }, undefined];
  }
}
