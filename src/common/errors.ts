import { HttpStatus } from '@nestjs/common';

/** Every error code the API can answer with; the filter maps each to its status through STATUS_BY_CODE. */
export enum ErrorCode {
  Unauthorized = 'unauthorized',
  InvalidParams = 'invalid_params',
  InvalidRequest = 'invalid_request',
  NotFound = 'not_found',
  ValidationFailed = 'validation_failed',
  CadenceNotAllowed = 'cadence_not_allowed',
  PlanLimitExceeded = 'plan_limit_exceeded',
  WorkspaceRequired = 'workspace_required',
  DiscoveryInProgress = 'discovery_in_progress',
  RefreshThrottled = 'refresh_throttled',
  RateLimited = 'rate_limited',
  QuotaExceeded = 'quota_exceeded',
  PayloadTooLarge = 'payload_too_large',
  ServiceUnavailable = 'service_unavailable',
  InternalError = 'internal_error',
}

export const STATUS_BY_CODE: Record<ErrorCode, HttpStatus> = {
  [ErrorCode.Unauthorized]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.InvalidParams]: HttpStatus.BAD_REQUEST,
  [ErrorCode.InvalidRequest]: HttpStatus.BAD_REQUEST,
  [ErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.ValidationFailed]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.CadenceNotAllowed]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.PlanLimitExceeded]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.WorkspaceRequired]: HttpStatus.UNPROCESSABLE_ENTITY,
  [ErrorCode.DiscoveryInProgress]: HttpStatus.CONFLICT,
  [ErrorCode.RefreshThrottled]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.RateLimited]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.QuotaExceeded]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.PayloadTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ErrorCode.ServiceUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [ErrorCode.InternalError]: HttpStatus.INTERNAL_SERVER_ERROR,
};

export interface DomainErrorOptions {
  /** Extra members written inside `error` (e.g. `active_competitor_id`, `details`). */
  extra?: Record<string, unknown>;
  /** Seconds for the Retry-After header. */
  retryAfter?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: DomainErrorOptions = {},
  ) {
    super(message);
  }

  get status(): HttpStatus {
    return STATUS_BY_CODE[this.code];
  }
}

export function notFound(what: string): DomainError {
  return new DomainError(ErrorCode.NotFound, `${what} not found`);
}

export interface FieldError {
  field: string;
  message: string;
}

export function validationFailed(details: FieldError[]): DomainError {
  const message = details.map((d) => `${d.field}: ${d.message}`).join('; ') || 'validation failed';
  return new DomainError(ErrorCode.ValidationFailed, message, { extra: { details } });
}

export function invalidParams(message: string): DomainError {
  return new DomainError(ErrorCode.InvalidParams, message);
}

export function unknownField(field: string): FieldError {
  return { field, message: `${field} is not a known field` };
}

/** 400 naming every unknown query parameter, so `cursor=` instead of `after=` cannot loop silently. */
export function unknownParams(names: string[]): DomainError {
  const list = names.map((name) => `'${name}'`).join(', ');
  return invalidParams(names.length === 1 ? `unknown query parameter ${list}` : `unknown query parameters ${list}`);
}
