import type { Element } from 'domhandler';
import { headingYear, parseDate, parseMonthDay } from './dates';
import { absoluteUrl, attr, findAll, precedingHeading, tagName } from './dom';
import type { PageContext } from './page-context';
import { isPostHref, type PostDraft } from './post-links';

const MIN_ROWS = 3;
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th'];

function rowsOf(table: Element): Element[] {
  return findAll(table, 'tr').filter((tr) => findAll(tr, 'table').length === 0);
}

/** The cell that is only a date: written in full, or a day of the month read in the section's year. */
function rowDate(ctx: PageContext, cells: Element[], year: number | null): string | null {
  for (const cell of cells) {
    const text = ctx.dom.text(cell);
    if (!text || text.length > 40 || findAll(cell, 'a').length) continue;
    const date = parseDate(findAll(cell, 'time').map((t) => attr(t, 'datetime')).find(Boolean) ?? text) ?? (year ? parseMonthDay(text, year) : null);
    if (date) return date;
  }
  return null;
}

/**
 * An index laid out as a table (the Rust blog): a row per post, a date cell and a cell linking to
 * the post; a row that holds only a heading or a year ("Posts in 2023") gives the year of the
 * year-less dates ("July 13") under it, as does the heading before the table.
 */
export function postsFromTableRows(ctx: PageContext): PostDraft[] {
  let best: PostDraft[] = [];
  for (const table of findAll(ctx.root, 'table')) {
    let year = headingYear(precedingHeading(ctx.dom, table, ctx.root) ?? '');
    const drafts: PostDraft[] = [];
    for (const row of rowsOf(table)) {
      const cells = row.children.filter((c): c is Element => ['td', 'th'].includes(tagName(c)));
      const links = findAll(row, 'a').filter((a) => isPostHref(attr(a, 'href')) && ctx.dom.text(a));
      if (!links.length) {
        const heading = findAll(row, HEADINGS)[0];
        const named = headingYear(ctx.dom.text(heading ?? row));
        if (named) year = named;
        continue;
      }
      const date = rowDate(ctx, cells, year);
      if (links.length !== 1 || !date) continue;
      drafts.push({ title: ctx.dom.text(links[0]), url: absoluteUrl(attr(links[0], 'href'), ctx.base), date, author: null, excerpt: null });
    }
    if (drafts.length >= MIN_ROWS && drafts.length > best.length) best = drafts;
  }
  return best;
}
