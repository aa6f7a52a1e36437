import { escapeHtml } from './markdown-inline';

const FENCES = ['---', '+++'];

/** What a static-site generator reads from front matter and shows as the page's metadata. */
export interface FrontMatterMeta {
  title: string | null;
  date: string | null;
  author: string | null;
}

export interface FrontMatterSource {
  /** The page body after the front matter (the whole body when it has none). */
  body: string;
  /** The front matter's lines, or null when the body opens with none. */
  lines: string[] | null;
}

/**
 * A static-site source (Jekyll, Hugo, Eleventy, Astro) opens with front matter between two fence
 * lines (`---` YAML, `+++` TOML) that its generator reads and never shows. One scan for the
 * closing fence, so any body stays linear.
 */
export function splitFrontMatter(body: string): FrontMatterSource {
  const text = body.startsWith('\uFEFF') ? body.slice(1) : body;
  const fence = FENCES.find((f) => text.startsWith(`${f}\n`) || text.startsWith(`${f}\r\n`));
  if (!fence) return { body, lines: null };
  const close = new RegExp(`\\r?\\n${fence.replace(/\+/g, '\\+')}[ \\t]*(?:\\r?\\n|$)`, 'g');
  close.lastIndex = fence.length;
  const end = close.exec(text);
  if (!end) return { body, lines: null };
  return { body: text.slice(end.index + end[0].length), lines: text.slice(fence.length, end.index).split(/\r?\n/) };
}

const KEY_RE = /^([A-Za-z_][\w-]*)[ \t]*[:=][ \t]*(.*)$/;

function scalar(raw: string): string | null {
  let value = raw.trim().replace(/\s+#.*$/, '');
  const quoted = /^(["'])(.*)\1$/.exec(value);
  if (quoted) value = quoted[2];
  value = value.trim();
  return value && !/^[[{|>]/.test(value) ? value : null;
}

/** The names of an inline list (`["Ann", "Bo"]`), or of a block's `- Ann` / `name: Ann` lines. */
function names(inline: string, block: string[]): string[] {
  const list = /^\[(.*)\]$/.exec(inline.trim());
  if (list) return list[1].split(',').map(scalar).filter((n): n is string => !!n);
  const out: string[] = [];
  for (const line of block) {
    const m = /^\s*(?:-\s+)?(?:(?:name|title)\s*:\s*)?(.+)$/.exec(line);
    const keyed = /^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (keyed && !/^(?:name|title)$/.test(keyed[1])) continue;
    const name = m ? scalar(m[1]) : null;
    if (name) out.push(name);
  }
  return out;
}

/**
 * The top-level title, date and author(s) of YAML or TOML front matter: plain `key: value` or
 * `key = "value"` lines, with an author given as a scalar, a list or a `name:` block.
 */
export function readFrontMatter(lines: string[]): FrontMatterMeta {
  const values = new Map<string, { inline: string; block: string[] }>();
  let current: { inline: string; block: string[] } | null = null;
  for (const line of lines) {
    const top = /^\S/.test(line) ? KEY_RE.exec(line) : null;
    if (top) {
      current = { inline: top[2], block: [] };
      if (!values.has(top[1].toLowerCase())) values.set(top[1].toLowerCase(), current);
    } else if (/^\s/.test(line) && current) current.block.push(line);
    else current = null;
  }
  const text = (key: string) => {
    const value = values.get(key);
    return value ? scalar(value.inline) : null;
  };
  const people = ['author', 'authors']
    .map((key) => values.get(key))
    .filter((v): v is { inline: string; block: string[] } => !!v)
    .map((v) => scalar(v.inline) ?? names(v.inline, v.block).join(', '))
    .find(Boolean);
  return {
    title: text('title'),
    date: text('date') ?? text('publishdate') ?? text('pubdate'),
    author: people ?? null,
  };
}

/** Front matter as the head a generator would render from it: the page title, author and date. */
export function frontMatterHead(meta: FrontMatterMeta): string {
  return [
    meta.title && `<title>${escapeHtml(meta.title)}</title>`,
    meta.author && `<meta name="author" content="${escapeHtml(meta.author)}">`,
    meta.date && `<meta property="article:published_time" content="${escapeHtml(meta.date)}">`,
  ]
    .filter(Boolean)
    .join('');
}
