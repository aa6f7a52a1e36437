import { FetchError } from '../fetch/fetch-error';

/**
 * Pages past these limits are refused before any parser sees them (DESIGN §5g): a hostile page of
 * 200,000 nested elements took the parser and the recursive steps after it close to a minute and
 * then overflowed the stack. Real pages stay far below (a few hundred levels, tens of thousands of elements).
 */
export const PAGE_LIMITS = { maxDepth: 1000, maxElements: 200_000 } as const;

export interface PageComplexity {
  /** Elements on the longest path from the root, the element itself included. */
  depth: number;
  elements: number;
}

/*
 * The tree rules of htmlparser2 (the parser every step uses, through parse-page), so that the
 * measure is the tree it would build: void elements and raw-text elements, an opening tag that
 * closes the open paragraph or list item, `/>` honoured only inside svg and math.
 */
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Raw-text elements, with the closing tag that ends their text: `</name` then a space or `>`. */
const RAW_TEXT_END = new Map(['script', 'style', 'textarea', 'title', 'xmp'].map((name) => [name, new RegExp(`</${name}[\\s>]`, 'gi')]));
const FOREIGN = new Set(['math', 'svg']);
const HTML_INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);
const P = new Set(['p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
const CLOSES_P = ['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul'];
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ...CLOSES_P.map((tag): [string, Set<string>] => [tag, P]),
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['select', FORM],
  ['input', FORM],
  ['output', FORM],
  ['button', FORM],
  ['datalist', FORM],
  ['textarea', FORM],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
]);

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;
const BANG = 0x21;
const QUESTION = 0x3f;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

function endsName(c: number): boolean {
  return isSpace(c) || c === SLASH || c === GT || c === EQ;
}

function isAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Where an index past the end lands: the rest of the page belongs to the construct. */
function after(found: number, length: number, html: string): number {
  return found < 0 ? html.length : found + length;
}

/**
 * The depth and element count of the tree htmlparser2 would build from `html`, measured by one
 * pass over the characters without building it: linear in the page's length (milliseconds for
 * a few megabytes). Stops as soon as a limit is passed; the figures are then "at least".
 * Comments, doctypes and the contents of scripts, styles and other raw-text elements hold no elements.
 */
export function measurePage(html: string, limits: { maxDepth: number; maxElements: number } = PAGE_LIMITS): PageComplexity {
  const stack: string[] = [];
  // Open elements by name, so a closing tag with nothing to close costs nothing.
  const open = new Map<string, number>();
  const foreign: boolean[] = [false];
  let depth = 0;
  let elements = 0;
  const n = html.length;

  const push = (name: string) => {
    stack.push(name);
    open.set(name, (open.get(name) ?? 0) + 1);
  };
  const pop = () => {
    const name = stack.pop()!;
    open.set(name, open.get(name)! - 1);
    return name;
  };
  const closeTo = (name: string) => {
    if (!open.get(name)) return;
    while (pop() !== name);
  };
  const countElement = () => {
    elements++;
    depth = Math.max(depth, stack.length + 1);
  };
  const pastLimit = () => depth > limits.maxDepth || elements > limits.maxElements;

  let i = 0;
  while (i < n && !pastLimit()) {
    // A character loop, not indexOf: millions of indexOf calls with short hops ran at microseconds
    // a call once the process had parsed other pages (the spec's 2 MB of `<` took 30 s).
    let lt = i;
    while (lt < n && html.charCodeAt(lt) !== LT) lt++;
    if (lt + 1 >= n) break;
    const c = html.charCodeAt(lt + 1);
    if (isAlpha(c)) {
      i = openTag(lt + 1);
    } else if (c === SLASH) {
      i = closeTag(lt + 2);
    } else if (c === BANG) {
      if (html.startsWith('<!--', lt)) i = after(html.indexOf('-->', lt + 2), 3, html);
      else if (html.startsWith('<![CDATA[', lt)) i = after(html.indexOf(']]>', lt + 9), 3, html);
      else i = after(html.indexOf('>', lt + 2), 1, html);
    } else if (c === QUESTION) {
      i = after(html.indexOf('>', lt + 2), 1, html);
    } else {
      i = lt + 1;
    }
  }
  return { depth, elements };

  /** From the tag name's first character to just past the tag. */
  function openTag(start: number): number {
    let j = start;
    while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== SLASH && html.charCodeAt(j) !== GT) j++;
    const name = html.slice(start, j).toLowerCase();
    const implied = OPEN_IMPLIES_CLOSE.get(name);
    if (implied) while (stack.length > 0 && implied.has(stack[stack.length - 1])) pop();
    countElement();
    const isVoid = VOID.has(name);
    if (!isVoid) {
      push(name);
      if (FOREIGN.has(name)) foreign.push(true);
      else if (HTML_INTEGRATION.has(name)) foreign.push(false);
    }
    const { end, selfClosing } = tagEnd(j);
    if (selfClosing && foreign[foreign.length - 1] && stack[stack.length - 1] === name) pop();
    const closing = RAW_TEXT_END.get(name);
    if (isVoid || selfClosing || !closing) return end;
    // The closing tag that ends the raw text is read next, as any other.
    closing.lastIndex = end;
    const found = closing.exec(html);
    return found ? found.index : n;
  }

  /** Past the attributes to just after `>`; quoted values may hold `>`. */
  function tagEnd(from: number): { end: number; selfClosing: boolean } {
    let j = from;
    let slash = false;
    while (j < n) {
      const c = html.charCodeAt(j);
      if (c === GT) return { end: j + 1, selfClosing: slash };
      if (c === SLASH) {
        slash = true;
        j++;
      } else if (isSpace(c)) {
        j++;
      } else {
        slash = false;
        while (j < n && !endsName(html.charCodeAt(j))) j++;
        while (j < n && isSpace(html.charCodeAt(j))) j++;
        if (html.charCodeAt(j) !== EQ) continue;
        j++;
        while (j < n && isSpace(html.charCodeAt(j))) j++;
        const quote = html.charCodeAt(j);
        if (quote === 0x22 || quote === 0x27) j = after(html.indexOf(html[j], j + 1), 1, html);
        else while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== GT) j++;
      }
    }
    return { end: n, selfClosing: false };
  }

  /** From just after `</` to just past the closing tag. */
  function closeTag(from: number): number {
    let start = from;
    while (start < n && isSpace(html.charCodeAt(start))) start++;
    if (!isAlpha(html.charCodeAt(start))) return after(html.indexOf('>', start), 1, html);
    let j = start;
    while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== GT) j++;
    const name = html.slice(start, j).toLowerCase();
    if (FOREIGN.has(name) || HTML_INTEGRATION.has(name)) foreign.pop();
    if (name === 'p' && !open.get('p')) countElement(); // `</p>` alone makes an empty paragraph
    else if (name === 'br') countElement(); // and `</br>` a line break
    else if (!VOID.has(name)) closeTo(name);
    return after(html.indexOf('>', j), 1, html);
  }
}

/** Refuses a page past PAGE_LIMITS with `page_too_complex`; a page that is fetched again stays the same, so it is final. */
export function assertPageWithinLimits(html: string): void {
  const { depth, elements } = measurePage(html);
  if (depth > PAGE_LIMITS.maxDepth) {
    throw new FetchError('page_too_complex', `The page nests elements more than ${PAGE_LIMITS.maxDepth.toLocaleString('en')} deep`);
  }
  if (elements > PAGE_LIMITS.maxElements) {
    throw new FetchError('page_too_complex', `The page has more than ${PAGE_LIMITS.maxElements.toLocaleString('en')} elements`);
  }
}
