/** Calendar dates written on pages, read as ISO yyyy-mm-dd. Relative dates are never resolved. */

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
  // German and French month names that differ from English.
  januar: 1, janvier: 1, februar: 2, février: 2, fevrier: 2, märz: 3, maerz: 3, mars: 3, avril: 4,
  mai: 5, juni: 6, juin: 6, juli: 7, juillet: 7, août: 8, aout: 8, oktober: 10, octobre: 10,
  dezember: 12, décembre: 12, decembre: 12, septembre: 9, novembre: 11,
};

const MONTH_NAME = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})(?![\d])/i, read: (m) => [+m[1], +m[2], +m[3]] },
  // yyyy/mm/dd only: dotted "2024.06.1" is a calendar version far more often than a date.
  { re: /\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/, read: (m) => [+m[1], +m[2], +m[3]] },
  {
    // "21 February 2025", "21st of Feb. 2025", "21-February-2025", "21-Feb-2025".
    re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th|er)?\.?(?:\s+(?:of\s+)?|-)(${MONTH_NAME})\.?(?:,?\s+|-)(\d{4})\b`, 'i'),
    read: (m) => [+m[3], MONTHS[m[2].toLowerCase()], +m[1]],
  },
  {
    re: new RegExp(String.raw`\b(${MONTH_NAME})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'i'),
    read: (m) => [+m[3], MONTHS[m[1].toLowerCase()], +m[2]],
  },
  {
    // Day-first or month-first numeric dates are read only when unambiguous.
    re: /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/,
    read: (m) => {
      const a = +m[1];
      const b = +m[2];
      if (a > 12 && b <= 12) return [+m[3], b, a];
      if (b > 12 && a <= 12) return [+m[3], a, b];
      return [0, 0, 0];
    },
  },
];

function iso(year: number, month: number, day: number): string | null {
  if (!year || year < 1990 || year > 2100 || !month || month > 12 || !day || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface FoundDate {
  date: string;
  index: number;
  length: number;
}

/** The earliest calendar date written in the text. */
export function findDate(text: string): FoundDate | null {
  let best: FoundDate | null = null;
  for (const { re, read } of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const date = iso(...read(m));
    if (date && (!best || m.index < best.index)) best = { date, index: m.index, length: m[0].length };
  }
  return best;
}

export function parseDate(text: string | null | undefined): string | null {
  if (!text) return null;
  return findDate(text)?.date ?? null;
}

/** Removes a written date (and a clock time glued to it) from a title-like string. */
export function stripDate(text: string): string {
  const found = findDate(text);
  if (!found) return text;
  let end = found.index + found.length;
  const rest = text.slice(end);
  const clock = /^(?:T|\s+|,\s*)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?/i.exec(rest);
  if (clock) end += clock[0].length;
  return `${text.slice(0, found.index)} ${text.slice(end)}`.trim();
}

const MONTH_DAY_RE = new RegExp(String.raw`^(?:(${MONTH_NAME})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\.?\s+(${MONTH_NAME})\.?)$`, 'i');

/**
 * A text that is only a day of a month without its year ("July 13", "Apr. 25", "13 Jul"), read in
 * the year its section gives (an index under "Posts in 2023").
 */
export function parseMonthDay(text: string, year: number): string | null {
  const m = MONTH_DAY_RE.exec(text.replace(/\s+/g, ' ').trim());
  if (!m) return null;
  return m[1] ? iso(year, MONTHS[m[1].toLowerCase()], +m[2]) : iso(year, MONTHS[m[4].toLowerCase()], +m[3]);
}

/** The year a short heading or label names ("Posts in 2023", "2022"), or null. */
export function headingYear(text: string): number | null {
  if (text.length > 60) return null;
  const years = text.match(/\b(?:19|20)\d{2}\b/g);
  return years && years.length === 1 ? Number(years[0]) : null;
}

const PATH_DATE_RE = /\/((?:19|20)\d{2})\/(\d{2})\/(\d{2})\//;

/** The date a post's URL path carries ("/2024/08/02/announcing-…/", Jekyll's and WordPress's permalinks), or null. */
export function dateInPath(url: string | null): string | null {
  const m = url ? PATH_DATE_RE.exec(url) : null;
  return m ? iso(+m[1], +m[2], +m[3]) : null;
}
