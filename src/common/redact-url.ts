/** Query parameters whose values are credentials (names compared case-insensitively, DESIGN §5g). */
const SECRET_PARAMS = new Set(['api_key', 'key', 'token', 'secret', 'password']);

/** An unsubscribe link's path segment is a signed token that unsubscribes its recipient. */
const UNSUBSCRIBE_TOKEN = /^(\/+app\/+unsubscribe\/+)[^/?#]+/i;

const REDACTED = '[REDACTED]';

function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Left as sent: the query parser keeps a malformed escape as it is too.
  }
  // `token[]=…` and `token[x]=…` carry a token as well.
  return name.replace(/\[.*$/, '').toLowerCase();
}

/** A request URL fit for the log: credentials in the query and unsubscribe tokens replaced. */
export function redactUrl(url: string): string {
  const path = url.replace(UNSUBSCRIBE_TOKEN, `$1${REDACTED}`);
  const mark = path.indexOf('?');
  if (mark < 0) return path;
  const query = path
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path.slice(0, mark + 1)}${query.join('&')}`;
}
