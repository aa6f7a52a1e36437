import { findPrices } from '../capture/extract/price-parser';
import type { ChangeType, FieldDiff } from './diff.types';
import { at, fieldDiff } from './field-diff';
import { changedLines, unexplainedLines, visibleText } from './unexplained-text';

/** Words kept on each side of a price to name it ("a one-time grant of $5 for usage"). */
const WORDS_BEFORE = 6;
const WORDS_AFTER = 4;
const PRICE_MOVES = new Set<ChangeType>(['price_increased', 'price_decreased', 'price_changed']);

/**
 * Prices written in running text that no extractor reads as a plan or a line item ("the trial
 * includes a one-time grant of $5 for usage", "an authorization of $1.00 on the card"). A changed
 * line of a pricing page that reads the same once its prices are masked, with an amount that moved
 * in the same currency, is a price change: it is reported as one, old and new amount, under a line
 * item named by the words around the price. Lines the typed diffs explain (a plan's price read
 * from the same sentence) are theirs; and when they report a price move, amounts moving in the text
 * are that move restated (a plan's "$32/mo" beside its yearly total), not another one.
 */
export function pricesChangedInText(rawDiff: string, typed: FieldDiff[]): FieldDiff[] {
  if (!rawDiff || typed.some((d) => PRICE_MOVES.has(d.change_type))) return [];
  const { added, removed } = unexplainedLines(changedLines(rawDiff), typed);
  const unpaired = added.map((line) => ({ line, shape: shapeOf(line) }));
  const diffs: FieldDiff[] = [];
  for (const line of removed) {
    const shape = shapeOf(line);
    const twin = unpaired.findIndex((other) => other.shape === shape);
    if (twin < 0) continue;
    const next = unpaired.splice(twin, 1)[0].line;
    const [was, now] = [findPrices(visibleText(line)), findPrices(visibleText(next))];
    if (was.length !== now.length) continue;
    was.forEach((old, i) => {
      const [a, b] = [old.price, now[i].price];
      if (a.amount === null || b.amount === null || a.amount === b.amount || a.currency !== b.currency) return;
      const label = nameOf(visibleText(line), old.index, old.end);
      diffs.push(fieldDiff('updated', b.amount > a.amount ? 'price_increased' : 'price_decreased', `${at('line_items', label)}.price.amount`, 'alertable', a, b));
    });
  }
  return diffs;
}

/** A line with its prices masked and its markup and spacing dropped. */
function shapeOf(line: string): string {
  const text = visibleText(line);
  let shape = '';
  let from = 0;
  for (const found of findPrices(text)) {
    shape += `${text.slice(from, found.index)}¤`;
    from = found.end;
  }
  return (shape + text.slice(from)).replace(/[\s*_`|>#-]+/g, ' ').trim().toLowerCase();
}

/** The clause around a price, a few words each side: "a one-time grant of $5 for usage". */
function nameOf(text: string, start: number, end: number): string {
  // Brackets would end the path's key (`line_items[…]`); markup is not part of the name.
  const clean = (part: string) => part.replace(/[*_`|>#[\]]+/g, ' ').replace(/\s+/g, ' ');
  const before = clean(text.slice(0, start)).split(/[.;:!?(]\s/).pop()!.trim().split(' ').filter(Boolean).slice(-WORDS_BEFORE);
  const after = clean(text.slice(end)).split(/[.,;:!?)]\s|[.,;:!?)]$/)[0].trim().split(' ').filter(Boolean).slice(0, WORDS_AFTER);
  return [...before, text.slice(start, end).trim(), ...after].join(' ').replace(/^[-–—\s]+/, '').replace(/^(?:and|or|but|which|that|so)\s+/i, '');
}
