import type { AnyNode, Element } from 'domhandler';
import { findDate } from './dates';
import { attr, descendants, findAll, isElement, isLeafBlock, tagName, type DomText } from './dom';
import { hintAuthor } from './hint-values';

/** A person's name as bylines write it: two to four capitalised words ("Jane Doe", "Ana de Souza"). */
const NAME = String.raw`[\p{Lu}][\p{L}'’.-]+(?:\s+(?:(?:van|von|de|da|del|der|di|le|la)\s+)?[\p{Lu}][\p{L}'’.-]+){1,3}`;
const PERSON_RE = new RegExp(`^${NAME}$`, 'u');
const LONE_NAME_RE = /^[\p{Lu}][\p{L}'’-]+$/u;
/** "(@renqstuite)", "@jane": a social handle written after a name. */
const HANDLE_RE = /^\(?@[\w.-]{1,40}\)?$/;
/** Words of a post's category or series after its date ("August 2, 2024 - Product Updates"), not of a name. */
const CATEGORY_WORD_RE = /\b(?:updates?|news|releases?|product|engineering|announcements?|blog|company|community|tutorials?|guides?|events?|stories|insights|changelog)\b/i;
/** "Jane Doe · 3 min read", "Jane Doe | Feb 21, 2025": a name, a separator, then the post's metadata. */
const NAME_THEN_META_RE = new RegExp(`^(${NAME})\\s*[·•|–—]\\s*(.+)$`, 'u');
const READ_TIME_RE = /\b\d+\s*min(?:ute)?s?\b(?:\s+read)?/i;
const LINE_MAX = 120;
/** Blocks after the title where an article's byline stands. */
const HEADER_BLOCKS = 3;
/** How many levels up from the title the blocks after it are looked for (a title alone in its <header>). */
const HEADER_DEPTH = 2;

const isPostMeta = (text: string): boolean => READ_TIME_RE.test(text) || !!findDate(text);

/** "Omar Haddad · 3 min read" → "Omar Haddad". */
export function nameBeforeMeta(line: string): string | null {
  if (line.length > LINE_MAX) return null;
  const m = NAME_THEN_META_RE.exec(line);
  return m && isPostMeta(m[2]) ? hintAuthor(m[1]) : null;
}

/** Short leaf texts of a scope, each read on its own so glued spans ("Jane Doe" "Feb 3") stay apart. */
export function leafLines(dom: DomText, scope: Element): string[] {
  const isLine = (el: Element): boolean => isLeafBlock(el) && !el.children.some((c) => tagName(c) === 'span');
  return (isLine(scope) ? [scope] : descendants(scope, isLine))
    .map((el) => dom.text(el))
    .filter((t) => t && t.length <= LINE_MAX);
}

/** The element after the node in reading order: its next sibling, or its parent's, up to HEADER_DEPTH levels. */
function nextElement(node: AnyNode): Element | null {
  let from: AnyNode | null = node;
  for (let depth = 0; from && depth <= HEADER_DEPTH; depth++, from = from.parent) {
    let current = from.next;
    while (current && !isElement(current)) current = current.next;
    if (current) return current;
  }
  return null;
}

/** "July 13, 2023 · The Rust Release Team": the post's date, a separator, then who wrote it. */
export function nameAfterDate(line: string): string | null {
  if (line.length > LINE_MAX) return null;
  const m = /^(.+?)\s+[·•|]\s+(.+)$/u.exec(line);
  const date = m && findDate(m[1]);
  if (!m || !date || m[1].trim().length - date.length > 3 || isPostMeta(m[2])) return null;
  return hintAuthor(m[2].replace(/^by\s+/i, '').split(/\s+(?:on behalf of|for|on|in)\s+/)[0].trim());
}

/**
 * "August 2, 2024 - Jane Doe", or "August 2, 2024 -" then "Jane Doe" (loose lines of a card): a
 * date ending in a separator, then a person's name; a lone name when a handle follows it ("Hong",
 * "(@hlteoh2)").
 */
export function nameUnderDate(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const date = findDate(lines[i]);
    const rest = date && /^\s*[·•|–—-]\s*(.*)$/.exec(lines[i].slice(date.index + date.length));
    if (!rest) continue;
    // "29 July 2024 - Josep Prat (" before the handle's link: the bracket that opens it is not the name's.
    const sameLine = rest[1].trim().replace(/\s*[([]$/, '');
    const name = (sameLine || lines[i + 1] || '').replace(/^by\s+/i, '');
    const handleNext = HANDLE_RE.test(lines[sameLine ? i + 1 : i + 2] ?? '');
    if (CATEGORY_WORD_RE.test(name)) return null;
    return PERSON_RE.test(name) || (handleNext && LONE_NAME_RE.test(name)) ? hintAuthor(name) : null;
  }
  return null;
}

/** The short blocks after an article's title that hold a date or a reading time: where its byline stands. */
export function headerBlocks(dom: DomText, title: Element): Element[] {
  const out: Element[] = [];
  let block: Element | null = nextElement(title);
  for (let i = 0; block && i < HEADER_BLOCKS; i++, block = nextElement(block)) {
    if (dom.size(block) <= LINE_MAX * 3 && isPostMeta(dom.text(block))) out.push(block);
  }
  return out;
}

/**
 * The byline under an article's title, written without "By": a block after the h1 that holds a
 * date or a reading time and a line that is only a person's name (the one an avatar's alt text
 * repeats, when there is one), "Name · 4 min read" or "July 13, 2023 · Name".
 */
export function headerAuthor(dom: DomText, h1: Element): string | null {
  for (const block of headerBlocks(dom, h1)) {
    const lines = leafLines(dom, block);
    const joined = lines.map((line) => nameBeforeMeta(line) ?? nameAfterDate(line)).find(Boolean);
    if (joined) return joined;
    const names = lines.filter((t) => PERSON_RE.test(t));
    const alts = new Set(findAll(block, 'img').map((img) => attr(img, 'alt') ?? ''));
    const name = names.find((n) => alts.has(n)) ?? names[0];
    if (name) return hintAuthor(name);
  }
  return null;
}
