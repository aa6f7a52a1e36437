import type { Element } from 'domhandler';
import { attr, classTokens, tagName } from './dom';

const STRUCK_TAGS = new Set(['del', 's', 'strike']);
const STRUCK_CLASS = /^(?:(?:[a-z0-9]+:)?line-through|strike(?:through|-through)?|text-strike(?:through)?|(?:[a-z-]+[-_])?(?:old|was|original|compare|crossed)[-_]?price|price[-_]?(?:old|was|original|compare|crossed))$/i;
const STRUCK_STYLE = /text-decoration(?:-line)?\s*:[^;]*line-through/i;

/**
 * Text shown struck through: `<del>`, `<s>`, `<strike>`, `text-decoration: line-through` in a
 * style attribute, or a class that says so (Tailwind's `line-through`, `strikethrough`,
 * `old-price`, `compare-price`). On a pricing card that is the price before a cut, never the
 * price that applies.
 */
export function isStruck(el: Element): boolean {
  if (STRUCK_TAGS.has(tagName(el))) return true;
  const style = attr(el, 'style');
  if (style && STRUCK_STYLE.test(style)) return true;
  return classTokens(el).some((token) => STRUCK_CLASS.test(token));
}
