/**
 * A URL the service places inside markup (`<url|label>`, `[label](url)`, a Teams fact) with the
 * characters that could close that markup percent-encoded; it leads to the same page.
 */
export function markupUrl(url: string): string {
  return url.replace(/[ \t\r\n[\]()<>|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
