import type { Element } from 'domhandler';
import { attr, childElements, findAll, tagName } from './dom';
import type { PageContext } from './page-context';
import { asYearlyBilling, findPrices, isContactSalesText, isFreeText, periodFromLabel, type FoundPrice } from './price-parser';
import { callToAction, featureMark, type PlanDraft } from './pricing-plan';
import { readPrices } from './pricing-cards';

interface Cell {
  el: Element;
  text: string;
}

export interface TableReading {
  drafts: PlanDraft[];
  /** Comparison tables read as plans. */
  planTables: Element[];
  /** Tables whose rows are usage prices ("Egress | $0.02 per GB"): line items, not plans. */
  usageTables: Element[];
  /** Rows of plan tables that price one plan's usage ("CI Credits | - | € 0.10 / build | 100 / user"). */
  usageRows: TableRow[];
}

function rowsOf(table: Element): Element[] {
  // Rows of this table only, not of tables nested in its cells.
  return findAll(table, 'tr').filter((tr) => {
    let current = tr.parent;
    while (current && current !== table) {
      if (tagName(current) === 'table') return false;
      current = current.parent;
    }
    return true;
  });
}

function grid(ctx: PageContext, table: Element): Cell[][] {
  return rowsOf(table).map((tr) => {
    const cells: Cell[] = [];
    for (const el of childElements(tr)) {
      if (!/^t[dh]$/.test(tagName(el))) continue;
      const cell = { el, text: ctx.dom.text(el) };
      const span = Math.min(Number(attr(el, 'colspan') ?? '1') || 1, 20);
      for (let i = 0; i < span; i++) cells.push(cell);
    }
    return cells;
  });
}

const hasPrice = (text: string): boolean => findPrices(text).length > 0;
const isPriceCell = (text: string): boolean => hasPrice(text) || isFreeText(text) || isContactSalesText(text);

function columnName(cell: Cell): string {
  const prices = findPrices(cell.text);
  const beforePrice = prices.length ? cell.text.slice(0, prices[0].index) : cell.text;
  return beforePrice.replace(/[\s:–—(\[-]+$/, '').trim();
}

/** "Regional: $0.2 Global: $0.4": each price of a cell under its own label keeps the label in its text. */
function labelled(text: string, found: FoundPrice[]): FoundPrice[] {
  if (found.length < 2) return found;
  const labels = found.map((f, i) => /([\p{L}][\p{L} -]{0,24}):\s*$/u.exec(text.slice(i ? found[i - 1].end : 0, f.index))?.[1].trim());
  if (labels.some((l) => !l) || new Set(labels).size < labels.length) return found;
  return found.map((f, i) => ({ ...f, price: { ...f.price, text: `${labels[i]}: ${f.price.text}` } }));
}

function pricesFromRow(label: string, cell: Cell, ctx: PageContext): FoundPrice[] {
  const period = periodFromLabel(label);
  const found = findPrices(cell.text).length ? labelled(cell.text, readPrices(ctx, cell.el)) : [];
  return found.map((f) => {
    if (period === 'year' && (f.price.period === 'month' || f.price.period === 'unknown')) return asYearlyBilling(f);
    if (period && f.price.period === 'unknown') return { ...f, price: { ...f.price, period } };
    return f;
  });
}

/** A plan's cell of a price row: its amounts, and "Free" or "Custom" as said ("Custom" a price without an amount). */
function addPriceCell(ctx: PageContext, draft: PlanDraft, label: string, cell: Cell): void {
  draft.prices.push(...pricesFromRow(label, cell, ctx));
  if (isFreeText(cell.text) || isContactSalesText(cell.text)) draft.priceNotes.push(cell.text);
  if (isContactSalesText(cell.text) && !hasPrice(cell.text)) {
    draft.prices.push({ price: { amount: null, currency: null, period: periodFromLabel(label) ?? 'unknown', unit: null, text: cell.text }, index: 0, end: cell.text.length, derived: false });
  }
}

function readPlanTable(ctx: PageContext, rows: Cell[][], headerIndex: number, columns: number[], usage: TableRow[]): PlanDraft[] {
  const header = rows[headerIndex];
  const drafts: PlanDraft[] = columns.map((c) => ({
    name: columnName(header[c]),
    prices: hasPrice(header[c].text) ? readPrices(ctx, header[c].el) : [],
    features: [],
    cta: findAll(header[c].el, ['a', 'button']).length ? callToAction(ctx.dom, header[c].el) : null,
    priceNotes: [header[c].text].filter((t) => isFreeText(t) || isContactSalesText(t)),
  }));
  for (const row of rows.slice(headerIndex + 1)) {
    const label = row[0]?.text ?? '';
    const cells = columns.map((c) => row[c]).filter(Boolean);
    if (new Set(cells.map((c) => c.el)).size <= 1 && !label) continue;
    const priced = cells.filter((c) => isPriceCell(c.text)).length;
    if (priced && metersLabel(label, cells)) {
      // "Traces | $0.005 per trace thereafter | …": what each plan charges for usage, not its price.
      columns.forEach((c) => {
        if (row[c] && row[c] !== row[0] && hasPrice(row[c].text)) usage.push({ label, column: columnName(header[c]), cell: row[c].el, row: row[0].el.parent as Element });
      });
      continue;
    }
    const priceRow = priced >= 2 || (priced >= 1 && PRICE_ROW_LABEL_RE.test(label));
    if (!priceRow && label && !hasPrice(label)) {
      // A feature priced under one plan only is what that plan charges for it: a line item too.
      const usageCells = columns.filter((c) => row[c] && row[c] !== row[0] && hasPrice(row[c].text));
      if (usageCells.length === 1) usage.push({ label, column: columnName(header[usageCells[0]]), cell: row[usageCells[0]].el, row: row[0].el.parent as Element });
    }
    columns.forEach((c, i) => {
      const cell = row[c];
      if (!cell || cell === row[0]) return;
      const draft = drafts[i];
      if (priceRow) {
        addPriceCell(ctx, draft, label, cell);
        return;
      }
      if (findAll(cell.el, ['a', 'button']).length && !cell.text.includes(':')) {
        draft.cta ??= callToAction(ctx.dom, cell.el);
        return;
      }
      if (!label) return;
      const mark = featureMark(ctx.dom, cell.el);
      if (mark === 'cross' || !cell.text && mark !== 'check') return;
      draft.features.push(mark === 'check' ? label : `${label}: ${cell.text}`);
    });
  }
  return drafts.filter((d) => d.name);
}

const PRICE_ROW_LABEL_RE = /price|cost|pricing|per\s|billed|monthly|yearly|annual/i;

/** What a plan's own price is counted in ("$39 per seat"): a row priced per one of these prices the plan. */
const SEAT_NOUN_RE = /^(?:seat|user|member|developer|editor|agent|host|license|licence|person)$/i;

/** A row named after what its prices are per ("Traces" priced "$0.005 per trace"): a usage rate of each plan. */
function metersLabel(label: string, cells: Cell[]): boolean {
  if (!label || PRICE_ROW_LABEL_RE.test(label)) return false;
  const prices = cells.flatMap((c) => findPrices(c.text));
  return prices.length > 0 && prices.every((p) => {
    const noun = /^per\s+([\p{L}]+)/u.exec(p.price.unit ?? '')?.[1];
    return !!noun && !SEAT_NOUN_RE.test(noun) && new RegExp(`\\b${noun}s?\\b`, 'iu').test(label);
  });
}
const PLAN_HEADER_RE = /^(?:plans?|tiers?|editions?|packages?|subscriptions?|licen[cs]es?)$/i;
const PERIOD_HEADER_RE = /^(?:price\s+)?(?:\(?(?:per\s+)?(?:month|year)\)?|monthly|yearly|annual(?:ly)?|billed\s+(?:monthly|yearly|annually))(?:\s+price)?$/i;

/** A table with a plan on each row: a "Plan" column, or prices under Monthly and Yearly columns. */
function isRowPlanTable(header: Cell[], dataRows: Cell[][]): boolean {
  const periodColumns = header.slice(1).filter((c) => PERIOD_HEADER_RE.test(c.text)).length;
  const planColumn = PLAN_HEADER_RE.test(header[0]?.text ?? '');
  if (!planColumn && periodColumns < 2) return false;
  if (dataRows.length < 2 || !dataRows.every((r) => r[0]?.text && !hasPrice(r[0].text))) return false;
  // Under a "Plan" column beside a "Pricing model" one, a plan may be priced by usage ("Pay-as-you-go")
  // beside "Free" and "Contact sales".
  const priced = dataRows.filter((r) => r.slice(1).some((c) => isPriceCell(c.text))).length;
  const pricingColumn = header.slice(1).some((c) => /\b(?:pric(?:e|es|ing)|costs?|fees?)\b/i.test(c.text));
  return priced === dataRows.length || (planColumn && pricingColumn && priced * 2 >= dataRows.length);
}

const TIER_HEADER_RE = /^(?:[\p{L}]+\s+)?(?:size|class|tier|instance|machine|node)s?(?:\s+types?)?$/iu;
const TIME_PRICE_HEADER_RE = /\b(?:monthly|hourly|yearly|annual|per\s+(?:month|hour|year))\b.*\b(?:price|cost|rate)\b|\b(?:price|cost|rate)\s+(?:per|\/)\s*(?:month|hour|year|mo|hr)\b/i;

/**
 * A sizing table with a tier on each row: a "Class" or "Machine Size" column of bold names beside
 * "Monthly Price" / "Hourly Price" columns (Convox's **X-Small** | 0.5 | 1 GB | $12 | $0.016).
 */
function isTierTable(ctx: PageContext, header: Cell[], dataRows: Cell[][]): boolean {
  if (!TIER_HEADER_RE.test(header[0]?.text ?? '') || dataRows.length < 2) return false;
  const priceColumns = header.map((c, i) => (i > 0 && TIME_PRICE_HEADER_RE.test(c.text) ? i : -1)).filter((i) => i > 0);
  const boldName = (cell: Cell | undefined) =>
    !!cell?.text && !hasPrice(cell.text) && findAll(cell.el, ['strong', 'b']).some((b) => ctx.dom.text(b) === cell.text);
  return priceColumns.length > 0 && dataRows.every((r) => boldName(r[0]) && priceColumns.some((i) => r[i] && hasPrice(r[i].text)));
}

/** Under a "Yearly" column an amount is the yearly total; under "Billed yearly", a monthly rate. */
function columnPrices(label: string, cell: Cell, ctx: PageContext): FoundPrice[] {
  if (/billed/i.test(label)) return pricesFromRow(label, cell, ctx);
  const period = periodFromLabel(label) ?? (/\bhour(?:ly)?\b/i.test(label) ? 'hour' : null);
  const found = findPrices(cell.text).length ? readPrices(ctx, cell.el) : [];
  return found.map((f) => (period && f.price.period === 'unknown' ? { ...f, price: { ...f.price, period } } : f));
}

function readRowPlanTable(ctx: PageContext, header: Cell[], dataRows: Cell[][]): PlanDraft[] {
  return dataRows.map((row) => {
    const draft: PlanDraft = { name: row[0].text, prices: [], features: [], cta: null, priceNotes: [] };
    row.forEach((cell, i) => {
      const label = header[i]?.text ?? '';
      if (i === 0 || row.indexOf(cell) !== i) return;
      if (isPriceCell(cell.text)) {
        draft.prices.push(...columnPrices(label, cell, ctx));
        if (isFreeText(cell.text) || isContactSalesText(cell.text)) draft.priceNotes.push(cell.text);
        return;
      }
      if (findAll(cell.el, ['a', 'button']).length) {
        draft.cta ??= callToAction(ctx.dom, cell.el);
        return;
      }
      const mark = featureMark(ctx.dom, cell.el);
      if (!label || mark === 'cross' || (!cell.text && mark !== 'check')) return;
      draft.features.push(mark === 'check' ? label : `${label}: ${cell.text}`);
    });
    return draft;
  });
}

/**
 * A comparison without prices ("|  | Standard | Plus |" on a help page) is one of plans when its
 * corner is empty and the page calls every column a plan ("the Standard plan and Plus plan"); so
 * is a table of what one plan includes ("|  | **Scaler Pro** |" under "The **Scaler Pro** plan is …").
 */
function namesPlans(ctx: PageContext, table: Element, header: Cell[], columns: number[]): boolean {
  if (header[0]?.text || !columns.every((c) => header[c].text.length <= 40)) return false;
  if (introducedAsPlans(ctx, table) && columns.every((c) => header[c].text.split(/\s+/).length <= 3)) return true;
  const text = ctx.dom.flat(ctx.root).toLowerCase();
  return columns.every((c) => text.includes(`${header[c].text.toLowerCase()} plan`));
}

/** The line just before a table says its columns are plans ("Each plan includes usage allowances of various features."). */
function introducedAsPlans(ctx: PageContext, table: Element): boolean {
  let prev = table.prev;
  while (prev && prev.type !== 'tag') prev = prev.prev;
  const text = prev ? ctx.dom.text(prev as Element) : '';
  return text.length <= 200 && /\b(?:each|every|all|our|the)\s+(?:\w+\s+)?(?:plans?|tiers?|packages?)\b|^(?:plans|tiers|packages)\s+(?:have|include|come)\b/i.test(text);
}

/** Names pricing pages give their tiers ("Free", "Standard", "Pro", "Enterprise"). */
const TIER_NAME_RE = /^(?:free|hobby|starter|basic|standard|essentials?|plus|pro|professional|premium|teams?|business|growth|scale|enterprise|developer|personal|individual|startup|ultimate|advanced|lite|launch)(?:\s+(?:plan|tier|package|edition))?$/i;
const TIER_WORDS = 3;

/**
 * One row of prices under a header of tier names ("Free | Standard | Pro | Enterprise" over
 * "N/A | $29 | $399 | Custom"): each column a plan. Told from one row of values under their labels
 * ("Seats | Credits | Storage") by the names, or by the line before the table calling them plans.
 */
function isPlanPriceRow(ctx: PageContext, table: Element, header: Cell[], dataRows: Cell[][]): boolean {
  if (dataRows.length !== 1 || header.length < 2 || dataRows[0].length !== header.length) return false;
  if (header.some((c) => !c.text || hasPrice(c.text) || c.text.split(/\s+/).length > TIER_WORDS)) return false;
  if (dataRows[0].filter((c) => isPriceCell(c.text)).length < 2) return false;
  return header.filter((c) => TIER_NAME_RE.test(c.text)).length * 2 >= header.length || introducedAsPlans(ctx, table);
}

function readPlanPriceRow(ctx: PageContext, header: Cell[], row: Cell[]): PlanDraft[] {
  return header.map((name, i) => {
    const draft: PlanDraft = { name: name.text, prices: [], features: [], cta: null, priceNotes: [] };
    addPriceCell(ctx, draft, '', row[i]);
    return draft;
  });
}

/**
 * A table drawn as a row of cards: every header cell a plan ("| Startups | Developer | Plus |
 * Enterprise |", no corner of row labels), and below, cells of what each plan says: a blurb, its
 * price lines ("Free for 1 user", "$39/user", "Custom"), its features.
 */
/** A name pricing pages give a tier; "Startups" names the Startup tier as "Teams" does the Team one. */
export const tierName = (text: string): boolean => TIER_NAME_RE.test(text) || TIER_NAME_RE.test(text.replace(/s$/i, ''));

function isCardRowTable(ctx: PageContext, header: Cell[], dataRows: Cell[][]): boolean {
  if (header.length < 2 || dataRows.length < 1 || dataRows.length > 8 || !tierName(header[0].text)) return false;
  if (header.some((c) => !c.text || hasPrice(c.text) || c.text.split(/\s+/).length > TIER_WORDS)) return false;
  if (header.filter((c) => tierName(c.text)).length * 2 < header.length) return false;
  return dataRows.some((r) => r.length === header.length && r.filter((c) => cardLines(ctx, c).some((l) => l.kind !== 'feature')).length >= 2);
}

type CardLine = { kind: 'price' | 'free' | 'contact' | 'feature'; text: string };

/** A card cell's lines (its list items, or its text), each a price, a free or contact note, or a feature. */
function cardLines(ctx: PageContext, cell: Cell): CardLine[] {
  const items = findAll(cell.el, 'li');
  const lines = items.length ? items.map((li) => ctx.dom.text(li)) : [cell.text];
  return lines.filter(Boolean).map((text) => {
    const first = findPrices(text)[0];
    // "$39/user" leads with its price; "Additional traces billed @ $0.005/trace" is a rate the plan lists.
    if (first && !/\p{L}/u.test(text.slice(0, first.index))) return { kind: 'price', text };
    if (isFreeText(text) || /^free\b/i.test(text)) return { kind: 'free', text };
    if (isContactSalesText(text) && text.length <= 40) return { kind: 'contact', text };
    return { kind: 'feature', text };
  });
}

function readCardRowTable(ctx: PageContext, header: Cell[], dataRows: Cell[][]): PlanDraft[] {
  return header.map((name, i) => {
    const draft: PlanDraft = { name: name.text, prices: [], features: [], cta: null, priceNotes: [] };
    for (const row of dataRows) {
      const cell = row[i];
      if (!cell || row.indexOf(cell) !== i) continue;
      for (const line of cardLines(ctx, cell)) {
        if (line.kind === 'price' && !draft.prices.length) draft.prices.push(...findPrices(line.text).slice(0, 1));
        else if (line.kind === 'free' || line.kind === 'contact') draft.priceNotes.push(line.kind === 'free' ? 'Free' : line.text);
        else if (line.text.length <= 200) draft.features.push(line.text);
      }
    }
    return draft;
  });
}

/**
 * Comparison tables: plan names across the header, a price row (or prices in the header), and
 * feature rows with check marks or values; or a plan on each row, under a "Plan" column or with
 * Monthly and Yearly price columns. Other tables with priced rows are usage price lists.
 */
export function readPricingTables(ctx: PageContext): TableReading {
  const reading: TableReading = { drafts: [], planTables: [], usageTables: [], usageRows: [] };
  let tierTableSeen = false;
  for (const table of findAll(ctx.root, 'table')) {
    const rows = grid(ctx, table).filter((r) => r.length);
    if (rows.length < 2) continue;
    const thead = findAll(table, 'thead')[0];
    const headerIndex = thead ? Math.max(0, rowsOf(table).findIndex((tr) => tr.parent === thead)) : 0;
    const header = rows[headerIndex];
    const columns = header
      .map((cell, index) => ({ cell, index }))
      .filter(({ cell, index }) => index > 0 && cell.text && header.indexOf(cell) === index)
      .map(({ index }) => index);
    const dataRows = rows.slice(headerIndex + 1);
    const pricedRows = dataRows.filter((r) => r.slice(1).some((c) => hasPrice(c.text)));
    const headerPriced = columns.some((c) => hasPrice(header[c].text));
    const priceRow = dataRows.some((r) => columns.filter((c) => r[c] && isPriceCell(r[c].text)).length >= 2);
    const marks = dataRows.some((r) => r.slice(1).some((c) => featureMark(ctx.dom, c.el) === 'check'));
    const featureRows = dataRows.length - pricedRows.length;
    // One sizing table is the page's tiers; a second ("Database Class" under machine sizes) prices an add-on.
    const tiers: boolean = !tierTableSeen && isTierTable(ctx, header, dataRows);
    tierTableSeen ||= tiers;
    if (isCardRowTable(ctx, header, dataRows)) {
      reading.drafts.push(...readCardRowTable(ctx, header, dataRows));
      reading.planTables.push(table);
    } else if (tiers || isRowPlanTable(header, dataRows)) {
      reading.drafts.push(...readRowPlanTable(ctx, header, dataRows));
      reading.planTables.push(table);
    } else if (
      ((columns.length >= 2 && (headerPriced || priceRow)) || (columns.length >= 1 && namesPlans(ctx, table, header, columns))) &&
      (featureRows >= 2 || marks)
    ) {
      reading.drafts.push(...readPlanTable(ctx, rows, headerIndex, columns, reading.usageRows));
      reading.planTables.push(table);
    } else if (isPlanPriceRow(ctx, table, header, dataRows)) {
      reading.drafts.push(...readPlanPriceRow(ctx, header, dataRows[0]));
      reading.planTables.push(table);
    } else if (pricedRows.length) {
      reading.usageTables.push(table);
    }
  }
  return reading;
}

export interface TableRow {
  label: string;
  column: string | null;
  cell: Element;
  row: Element;
  /** The cell's price as written out when its column's header gives the currency ("0.10" under "Cost (USD)"). */
  text?: string;
}

/** "Cost per 1,000 Characters (USD)": the currency of a column of bare amounts, and what they are per. */
const HEADER_CURRENCY_RE = /\((USD|EUR|GBP|CAD|AUD|CHF|INR|JPY|\$|€|£)\)|\bin\s+(USD|EUR|GBP|CAD|AUD|CHF|INR|JPY)\b/;
const BARE_AMOUNT_RE = /^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d*\.\d+$/;
/** A column that estimates what its row's price comes to ("Approx. Cost per Minute"): not a price of its own. */
const ESTIMATE_COLUMN_RE = /^(?:approx(?:imate(?:ly)?)?\.?|estimated?|est\.|typical|~)\s/i;

function headerPriced(header: string, cell: string): string | null {
  const currency = HEADER_CURRENCY_RE.exec(header);
  if (!currency || !BARE_AMOUNT_RE.test(cell.trim())) return null;
  const per = /\bper\s+[^()]+?(?=\s*(?:\(|$))/i.exec(header)?.[0] ?? '';
  return `${currency[1] ?? currency[2]} ${cell.trim()} ${per}`.trim();
}

/** A cell that holds an amount or allowance ("5", "100 GB/month", "unlimited", "✓"), not the name of an item ("4x large"). */
const VALUE_CELL_RE = /^(?:$|[$€£¥₹~<>≤≥+]|[\d.,]+\s*[\p{L}%]*(?:\s*\/\s*\p{L}+)?$|(?:unlimited|included|free|none|yes|no)\b|n\/a$|[-–—✓✔✗✕×]$)/iu;
const isValueCell = (text: string): boolean => VALUE_CELL_RE.test(text.trim());

/** Priced cells of a usage table, each with its row label and column header. */
export function usageTableCells(ctx: PageContext, table: Element): TableRow[] {
  const rows = grid(ctx, table);
  const trs = rowsOf(table);
  const header = rows[0] ?? [];
  const out: TableRow[] = [];
  rows.forEach((row, r) => {
    if (r === 0 && !row.some((c) => hasPrice(c.text))) return;
    const written = (c: Cell, i: number): string => (r > 0 && headerPriced(header[i]?.text ?? '', c.text)) || c.text;
    const allPriced = row.filter((c, i) => i > 0 && row.indexOf(c) === i && hasPrice(written(c, i)));
    // Beside the price, a column estimating what it comes to is not a second price.
    const pricedCells = allPriced.length > 1 ? allPriced.filter((c) => !ESTIMATE_COLUMN_RE.test(header[row.indexOf(c)]?.text ?? '')) : allPriced;
    for (const cell of pricedCells) {
      const index = row.indexOf(cell);
      const text = written(cell, index);
      // A row priced once, beside its estimate, is named by its row alone.
      const column = pricedCells.length > 1 || (header.length > 2 && pricedCells.length === allPriced.length) ? header[index]?.text ?? null : null;
      // A table of one row of values under its labels (Seats | Credits | Storage: "5 | $45 | 100 GB")
      // names each value by its column alone; a row that names its item ("ubicloud-gpu | 6 | $0.032/min") is an item.
      if (rows.length === 2 && r === 1 && header[index]?.text && !hasPrice(header[index].text) && isValueCell(row[0]?.text ?? '')) {
        out.push({ label: header[index].text, column: null, cell: cell.el, row: trs[r], text });
        continue;
      }
      out.push({ label: row[0]?.text ?? '', column: column && column !== cell.text ? column : null, cell: cell.el, row: trs[r], text });
    }
  });
  return out;
}
