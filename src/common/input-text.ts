import type { FieldError } from './errors';

/**
 * A NUL character (Postgres text cannot hold one: the statement fails) or half of a surrogate
 * pair (no UTF-8 for it: the driver would store U+FFFD instead of what was sent).
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MAX_DEPTH = 32;

export function isUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/**
 * What a parsed body, query or form holds that no input may: unstorable strings, and nesting deep
 * enough to overflow the recursive sanitising of a DTO. Walked with an explicit stack, so the
 * check itself cannot overflow. `root` names the input when the problem is the input itself.
 */
export function inputProblems(input: object, root: string): FieldError[] {
  const found: FieldError[] = [];
  const stack: [unknown, string, number][] = [[input, '', 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop()!;
    const field = path || root;
    if (typeof value === 'string') {
      if (isUnstorableText(value)) found.push({ field, message: `${field} must not contain NUL characters or unpaired surrogates` });
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return [{ field: root, message: `${root} must not be nested more than ${MAX_DEPTH} levels deep` }];
      for (const [key, child] of Object.entries(value)) stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return found.reverse();
}
