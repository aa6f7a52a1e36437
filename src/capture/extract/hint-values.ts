/**
 * Values read from page metadata (meta tags, JSON-LD, microdata) and from attributes are hints:
 * sites ship template bugs in them (`href="NaN"`, `content="[object Object]"`, "undefined"). These
 * checks turn such junk into null, so it never becomes a title, an author or a URL.
 */

/** A whole value that is a serialisation accident rather than content. */
const JUNK_VALUE_RE = /^(?:nan|undefined|null|none|nil|false|true|\[object \w+\]|\[\]|\{\}|n\/a|-+|#|\/)$/i;
/** Fragments that no real text or link contains: a stringified object or an unfilled template. */
const JUNK_FRAGMENT_RE = /\[object \w+\]|\{\{[^}]*\}\}|\$\{[^}]*\}/i;
/** A path segment that is a stringified missing value: /blog/undefined, /NaN. */
const JUNK_SEGMENT_RE = /^(?:nan|undefined|null|\[object%20\w+\]|%5bobject%20\w+%5d)$/i;

export function isJunkValue(value: string): boolean {
  const trimmed = value.trim();
  return !trimmed || JUNK_VALUE_RE.test(trimmed) || JUNK_FRAGMENT_RE.test(trimmed);
}

/** The text with whitespace collapsed, or null when it is empty or junk. */
export function hintText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text && !isJunkValue(text) ? text : null;
}

/** An href that is a stringified missing value ("/" and "#" are real links). */
const JUNK_HREF_RE = /^(?:nan|undefined|null|\[object \w+\])$/i;

/** An href or URL-valued hint that points somewhere real. */
export function isRealHref(href: string): boolean {
  const trimmed = href.trim();
  if (!trimmed || JUNK_HREF_RE.test(trimmed) || JUNK_FRAGMENT_RE.test(trimmed) || /^(?:javascript|data):/i.test(trimmed)) return false;
  const path = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0];
  return !path.split('/').some((segment) => JUNK_SEGMENT_RE.test(segment));
}

/** A person's name: junk, URLs and over-long strings (a whole byline paragraph) are rejected. */
export function hintAuthor(value: string | null | undefined): string | null {
  const text = hintText(value);
  if (!text || /^(?:https?:)?\/\//i.test(text) || text.length > 80) return null;
  return text;
}
