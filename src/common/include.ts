import { invalidParams } from './errors';

/** Parses `include=a,b` against the allowed tokens; an unknown token is 400 invalid_params. */
export function parseInclude<T extends string>(raw: string | undefined, allowed: readonly T[]): Set<T> {
  const tokens = (raw ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const token of tokens) {
    if (!(allowed as readonly string[]).includes(token)) {
      throw invalidParams(`include: unknown token "${token}"; allowed: ${allowed.join(', ')}`);
    }
  }
  return new Set(tokens as T[]);
}
