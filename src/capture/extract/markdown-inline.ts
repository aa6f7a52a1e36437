/*
 * Inline Markdown (code spans, links, images, emphasis, strikethrough) rendered as escaped HTML.
 * Every pattern's repeated class stops at the next delimiter of its kind, so a line full of
 * unclosed `[`, `*` or `` ` `` is scanned a bounded number of times: linear in the line.
 */

const CODE_RE = /`([^`\n]+)`/g;
const IMAGE_RE = /!\[([^[\]\n]*)\]\(([^()\s]*)(?:\s+"[^"\n]*")?\)/g;
const LINK_RE = /\[([^[\]\n]*)\]\(([^()\s]*)(?:\s+"[^"\n]*")?\)/g;
const AUTOLINK_RE = /&lt;(https?:\/\/[^\s&]+)&gt;/g;
const STRONG_RE = /\*\*([^*\n]+)\*\*|__([^_\n]+)__/g;
const EM_RE = /\*([^*\n]+)\*|(?<![\p{L}\d])_([^_\n]+)_(?![\p{L}\d])/gu;
const STRIKE_RE = /~~([^~\n]+)~~/g;
/** Links keep only addresses that cannot run script: web, mail, relative and in-page ones. */
const SAFE_HREF_RE = /^(?:https?:\/\/|mailto:|\/|#|\.{1,2}\/|[\w-]+(?:[./?#]|$))/i;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function link(text: string, href: string): string {
  return SAFE_HREF_RE.test(href) ? `<a href="${href}">${text}</a>` : text;
}

/**
 * One line (or a table cell) of Markdown as HTML. Raw HTML in the source is shown as text, never
 * passed through. Code spans are set aside first so their contents stay literal.
 */
export function renderInline(source: string): string {
  const codes: string[] = [];
  let html = escapeHtml(source.replace(/\u0000/g, '')).replace(CODE_RE, (_m, code: string) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  html = html
    .replace(IMAGE_RE, (_m, alt: string) => alt)
    .replace(LINK_RE, (_m, text: string, href: string) => link(text, href))
    .replace(AUTOLINK_RE, (_m, href: string) => link(href, href))
    .replace(STRONG_RE, (_m, a?: string, b?: string) => `<strong>${a ?? b}</strong>`)
    .replace(EM_RE, (_m, a?: string, b?: string) => `<em>${a ?? b}</em>`)
    .replace(STRIKE_RE, (_m, text: string) => `<del>${text}</del>`)
    .replace(/\\([\\`*_{}[\]()#+\-.!|~])/g, '$1');
  return html.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => `<code>${codes[Number(i)]}</code>`);
}
