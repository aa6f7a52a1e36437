const ELLIPSIS = '…';

/**
 * Shortens text to at most `max` characters (code points), cutting at the last word boundary
 * that fits and adding an ellipsis; a single word longer than the limit is cut inside it.
 */
export function truncateAtWord(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return chars.slice(0, max).join('');
  const head = chars.slice(0, max - 1).join('');
  const boundary = head.search(/\s\S*$/);
  const cut = boundary > 0 ? head.slice(0, boundary) : head;
  return `${cut.replace(/[\s,;:.-]+$/u, '')}${ELLIPSIS}`;
}
