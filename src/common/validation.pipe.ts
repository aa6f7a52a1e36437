import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, ErrorCode, FieldError, invalidParams, unknownField, unknownParams, validationFailed } from './errors';

/** One message per field: the first constraint it breaks (DESIGN §6.22). */
function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const constraints = e.constraints ?? {};
    if (constraints.whitelistValidation) return [unknownField(field)];
    const first = Object.values(constraints)[0];
    return [...(first ? [{ field, message: first }] : []), ...flatten(e.children ?? [], field)];
  });
}

/** A 422 that remembers which top-level fields were unknown, so a query can name them in its 400. */
class ValidationRejection extends DomainError {
  readonly unknownFields: string[];

  constructor(errors: ValidationError[]) {
    const failure = validationFailed(flatten(errors));
    super(failure.code, failure.message, failure.options);
    this.unknownFields = errors.filter((e) => e.constraints?.whitelistValidation).map((e) => e.property);
  }
}

/**
 * Bodies that fail validation answer 422 `validation_failed` with details; query strings
 * with bad values answer 400 `invalid_params` (DESIGN §6.12). Unknown fields are refused, not
 * dropped: 400 naming the query parameters, 422 naming the body fields (DESIGN §6.22).
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      stopAtFirstError: true,
      forbidUnknownValues: false,
      exceptionFactory: (errors) => new ValidationRejection(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Path ids are parsed strictly by ParseIdPipe; converting them here first would let
    // `1e3`, `0x10` or ` 1` through as ids.
    if (metadata.type === 'param') return value;
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
        value = value === undefined || value === '' ? {} : value;
        if (typeof value !== 'object' || Array.isArray(value)) {
          throw validationFailed([{ field: 'body', message: 'body must be a JSON object' }]);
        }
      }
    }
    try {
      return await super.transform(value, metadata);
    } catch (err) {
      if (metadata.type === 'query' && err instanceof DomainError && err.code === ErrorCode.ValidationFailed) {
        const unknown = err instanceof ValidationRejection ? err.unknownFields : [];
        throw unknown.length > 0 ? unknownParams(unknown) : invalidParams(err.message);
      }
      throw err;
    }
  }
}
