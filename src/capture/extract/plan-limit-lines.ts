import type { Element } from 'domhandler';
import { childElements, descendants, isLeafBlock, tagName, type DomText } from './dom';
import { labelValues } from './label-values';
import { findPrices } from './price-parser';
import { featureMark } from './pricing-plan';

/** A value that is a quantity: "10,000", "5", "50 GB", "30 days", "1M+", "Unlimited". */
const QUANTITY_RE = /^(?:up to\s+)?(?:\d[\d.,]*\+?\s*[\p{L}+]{0,10}|unlimited|∞)(?:\s*\/\s*(?:mo|month|day|year))?$/iu;
/** "API checks / 10,000" written on one line. */
const SLASHED_RE = /^([\p{L}][^/]{0,40}?)\s+\/\s+(\S.{0,30})$/u;
const LABEL_MAX = 50;

const isQuantity = (text: string): boolean => QUANTITY_RE.test(text.trim());
const isLabel = (text: string): boolean => text.length <= LABEL_MAX && /^\p{L}/u.test(text) && !isQuantity(text) && !findPrices(text).length;

/**
 * A row of two short blocks, a label and its value in either order ("<div>Users</div><div>5</div>");
 * a value that is only a check mark includes the feature, a cross leaves it out.
 */
function rowLimit(dom: DomText, row: Element): string | null {
  const cells = childElements(row);
  if (cells.length !== 2 || row.children.some((c) => c.type === 'text' && c.data.trim())) return null;
  const [a, b] = cells.map((c) => dom.text(c));
  if (isLabel(a) && isQuantity(b)) return `${a}: ${b}`;
  if (isQuantity(a) && isLabel(b)) return `${b}: ${a}`;
  if (isLabel(a) && !b && featureMark(dom, cells[1]) === 'check') return a;
  return null;
}

/**
 * Limits a plan card states as label/value lines rather than list items: "Users: 5",
 * "API checks / 10,000", a label block beside a value block (or beside a check mark),
 * <dt>/<dd> pairs or two-cell rows. Each reads "Label: value", so a changed quantity is one limit
 * moving (see plan-limits in diffing).
 */
export function limitLines(dom: DomText, card: Element): string[] {
  const lines = labelValues(dom, card)
    .filter((p) => isLabel(p.label) && isQuantity(p.value))
    .map((p) => `${p.label}: ${p.value}`);
  for (const el of descendants(card)) {
    // List items and table cells are read as features and table rows already.
    const row = /^(?:ul|ol|tr|thead|tbody)$/.test(tagName(el)) ? null : rowLimit(dom, el);
    if (row) lines.push(row);
    else if (isLeafBlock(el) && tagName(el) !== 'span') {
      const slashed = SLASHED_RE.exec(dom.text(el));
      if (slashed && isLabel(slashed[1]) && isQuantity(slashed[2])) lines.push(`${slashed[1]}: ${slashed[2]}`);
    }
  }
  return [...new Set(lines)];
}
