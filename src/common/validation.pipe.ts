import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, ErrorCode, FieldError, invalidParams, validationFailed } from './errors';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Bodies that fail validation answer 422 `validation_failed` with details; query strings
 * with bad values answer 400 `invalid_params` (DESIGN §6.12).
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidUnknownValues: false,
      exceptionFactory: (errors) => validationFailed(flatten(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
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
        throw invalidParams(err.message);
      }
      throw err;
    }
  }
}
