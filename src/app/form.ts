import type { Type } from '@nestjs/common';
import { validationFailed } from '../common/errors';
import { inputProblems } from '../common/input-text';
import { AppValidationPipe } from '../common/validation.pipe';

const pipe = new AppValidationPipe();

/**
 * A form checked by the same DTO and pipe as the REST API, so both enforce one set of rules; the
 * `_csrf` field and empty inputs (a form's way of saying "not given") are left out first, and
 * text Postgres cannot store is refused as the API's strict input guard refuses it.
 */
export async function validForm<T extends object>(
  dto: Type<T>,
  body: Record<string, unknown>,
  fields: (keyof T & string)[],
  type: 'body' | 'query' = 'body',
): Promise<T> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    const value = body[field];
    if (value !== undefined && value !== '') picked[field] = value;
  }
  const problems = inputProblems(picked, 'form');
  if (problems.length > 0) throw validationFailed(problems);
  return pipe.transform(picked, { type, metatype: dto }) as Promise<T>;
}
