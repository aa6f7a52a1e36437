import type { Element } from 'domhandler';
import { childElements, collapseWhitespace, findAll, isElement, isLeafBlock, tagName, type DomText } from './dom';

/** One "Label: value" line of a card, a <dt>/<dd> pair or a two-cell table row. */
export interface LabelValue {
  label: string;
  value: string;
}

/** A short label, then a colon: "Feature:", "Product Area:", "API checks:". */
const LINE_RE = /^([\p{L}\d][\p{L}\d &/()'’+.-]{0,40}?)\s*:\s+(\S.*)$/u;
const MAX_PAIRS = 40;

/** A leaf block's lines, split at <br>: "<strong>Date:</strong> May 2<br><strong>Area:</strong> API". */
function blockLines(dom: DomText, block: Element): string[] {
  const lines: string[] = [];
  let current = '';
  for (const child of block.children) {
    if (tagName(child) === 'br') {
      lines.push(current);
      current = '';
    } else current += child.type === 'text' ? child.data : isElement(child) ? ` ${dom.text(child)} ` : '';
  }
  lines.push(current);
  return lines.map(collapseWhitespace).filter(Boolean);
}

function fromDefinitions(dom: DomText, list: Element): LabelValue[] {
  const pairs: LabelValue[] = [];
  let label: string | null = null;
  for (const child of childElements(list).flatMap((c) => (tagName(c) === 'div' ? childElements(c) : [c]))) {
    if (tagName(child) === 'dt') label = dom.text(child).replace(/:$/, '');
    else if (tagName(child) === 'dd' && label) pairs.push({ label, value: dom.text(child) });
  }
  return pairs;
}

function fromTwoCellRows(dom: DomText, table: Element): LabelValue[] {
  return findAll(table, 'tr')
    .map((tr) => childElements(tr).filter((c) => /^t[dh]$/.test(tagName(c))))
    .filter((cells) => cells.length === 2)
    .map(([label, value]) => ({ label: dom.text(label).replace(/:$/, ''), value: dom.text(value) }))
    .filter((pair) => pair.label && pair.value);
}

/**
 * The label/value pairs a card states, in order: "Label: value" lines (a bold label or plain
 * text, several to a block when split by <br>), <dt>/<dd> pairs, and rows of two-cell tables.
 */
export function labelValues(dom: DomText, card: Element): LabelValue[] {
  const pairs: LabelValue[] = [];
  const stack: Element[] = [card];
  while (stack.length && pairs.length < MAX_PAIRS) {
    const el = stack.pop()!;
    const name = tagName(el);
    if (name === 'dl') pairs.push(...fromDefinitions(dom, el));
    else if (name === 'table') pairs.push(...fromTwoCellRows(dom, el));
    else if (isLeafBlock(el) && name !== 'span') {
      for (const line of blockLines(dom, el)) {
        const m = LINE_RE.exec(line);
        if (m) pairs.push({ label: m[1], value: m[2] });
      }
    } else stack.push(...childElements(el).reverse());
  }
  return pairs.slice(0, MAX_PAIRS);
}

/** The value of the first pair whose label the pattern names ("Feature", "Title", "Name"). */
export function valueOf(pairs: LabelValue[], label: RegExp): string | null {
  return pairs.find((p) => label.test(p.label))?.value ?? null;
}
