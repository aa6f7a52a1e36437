const FENCES = ['---', '+++'];

/**
 * A static-site source (Jekyll, Hugo, Eleventy, Astro) opens with front matter between two fence
 * lines (`---` YAML, `+++` TOML) that its generator reads and never shows; a page served as its
 * source is read without it. One scan for the closing fence, so any body stays linear.
 */
export function withoutFrontMatter(body: string): string {
  const text = body.startsWith('\uFEFF') ? body.slice(1) : body;
  const fence = FENCES.find((f) => text.startsWith(`${f}\n`) || text.startsWith(`${f}\r\n`));
  if (!fence) return body;
  const close = new RegExp(`\\r?\\n${fence.replace(/\+/g, '\\+')}[ \\t]*(?:\\r?\\n|$)`, 'g');
  close.lastIndex = fence.length;
  const end = close.exec(text);
  return end ? text.slice(end.index + end[0].length) : body;
}
