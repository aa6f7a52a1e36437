/**
 * The one form in which emails are compared, by the sign-in limiter and by the users lookup:
 * trimmed, NFKC, then lower case one code point at a time, as Postgres `lower()` does. JavaScript's
 * own `toLowerCase()` maps `İ` to `i` plus a combining dot, which Postgres does not: a limiter on
 * that form would count `alİce@…` apart from the `alice@…` the lookup finds.
 */
export function normalizeEmail(email: string): string {
  return Array.from(email.trim().normalize('NFKC'), (c) => Array.from(c.toLowerCase())[0]).join('');
}
