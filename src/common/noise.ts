import { splitLines } from './lines';

/**
 * Noise normalisation shared by hashing and comparison. Conservative on purpose: prices, version
 * numbers and the real dates of posts or entries are content; only what changes between two
 * renders of an unchanged page (clock times, "x ago" phrases, random tokens, cache-busting query
 * parameters, typographic variants) is taken out.
 */

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:\s?[ap]\.?m\.?(?![a-z]))?`;
const ZONE = String.raw`(?:\s?(?:Z|UTC|GMT|[ECMPA][SD]T|CES?T|BST|IST|JST|AES?T|AEDT)\b|\s?[+-]\d{2}:?\d{2}\b)?`;
const DATE_FOR_CLOCK = [
  String.raw`\d{4}-\d{2}-\d{2}`,
  String.raw`\d{1,2}[./]\d{1,2}[./]\d{2,4}`,
  String.raw`(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}`,
  String.raw`\d{1,2}(?:st|nd|rd|th)?\s+(?:${MONTHS})\.?,?\s+\d{4}`,
].join('|');

/** A date written right before a clock time belongs to the timestamp ("2026-11-22 10:31", "Nov 2, 2026 at 9:00"). */
const DATE_BEFORE_CLOCK = new RegExp(String.raw`\b(?:${DATE_FOR_CLOCK})(?:T|,?\s+(?:at\s+)?)$`, 'i');
// Not \b: in "2021-09-29T19:08" the hour follows a letter.
const CLOCK_TIME = new RegExp(String.raw`(?<![\d:.])${CLOCK}${ZONE}(?![\d:])`, 'gi');
const DATE_LOOKBEHIND = 40;

const RELATIVE_UNITS_EN = 'sec(?:ond)?s?|min(?:ute)?s?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?';
const RELATIVE_EN = new RegExp(
  String.raw`\b(?:(?:last\s+)?(?:updated|edited|modified|posted|published|refreshed|synced|seen)\s+)?(?:(?:about|over|almost|nearly|less than|more than)\s+)?(?:a|an|one|a few|few|several|\d+)\s*(?:${RELATIVE_UNITS_EN})\s+ago\b|\b(?:(?:last\s+)?(?:updated|edited|modified|posted|refreshed|synced)\s+)?(?:just now|moments? ago|a moment ago|seconds ago)\b`,
  'gi',
);
const RELATIVE_DE = new RegExp(
  String.raw`\b(?:(?:aktualisiert|bearbeitet|geändert)\s+)?vor\s+(?:einer?|einem|ein paar|wenigen|\d+)\s+(?:Sekunden?|Minuten?|Stunden?|Tag(?:en)?|Wochen?|Monat(?:en)?|Jahr(?:en)?)\b|\bgerade eben\b`,
  'gi',
);
const RELATIVE_FR_ES = new RegExp(
  String.raw`\bil y a\s+(?:une?|\d+)\s+(?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?)\b|\bhace\s+(?:una?|\d+)\s+(?:segundos?|minutos?|horas?|d[ií]as?|semanas?|meses|mes|años?)\b`,
  'gi',
);

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const LABELLED_TOKEN =
  /\b(nonce|csrf(?:[-_]?token)?|xsrf(?:[-_]?token)?|_token|authenticity[-_]token|session(?:[-_ ]?id)?|sid|request[-_ ]?id|trace[-_ ]?id|token)(\s*[:=]\s*|\s+)(["']?)([\w\-+/=.]{6,})\3/gi;
const HEX_TOKEN = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{16,}\b/gi;
const LONG_TOKEN = /(?<![\w\-+/])[A-Za-z0-9_\-+/]{20,}={0,2}(?![\w\-+/])/g;
const EPOCH = /\b1[5-9]\d{8}(?:\d{3})?\b/g;
/** Runs of token characters (A-Za-z0-9_-+/=.) this long can hold a token; the token patterns run only inside them. */
const TOKEN_RUN_MIN = 16;
const DIGIT = /\d/g;

/** Typographic variants and the plain character each stands for ('' = invisible, dropped). */
const TYPOGRAPHY: Record<string, string> = {};
for (const c of '\u2018\u2019\u201A\u201B\u2032\u00B4') TYPOGRAPHY[c] = "'";
for (const c of '\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB') TYPOGRAPHY[c] = '"';
for (const c of '\u2010\u2011\u2012\u2013\u2014\u2015\u2212') TYPOGRAPHY[c] = '-';
for (const c of '\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000') TYPOGRAPHY[c] = ' ';
for (const c of '\u200B\u200C\u200D\u2060\uFEFF\u00AD') TYPOGRAPHY[c] = '';
TYPOGRAPHY['\u2026'] = '...';
const TYPOGRAPHIC = new RegExp(`[${Object.keys(TYPOGRAPHY).join('')}]`, 'g');
const NON_ASCII = /[^\x00-\x7f]/;

function isRandomToken(token: string): boolean {
  // A random token mixes cases and digits; words, slugs and paths do not.
  if (token.includes('/') && !/[+=]/.test(token) && /^[\w\-./]+$/.test(token)) return false;
  const hasDigit = /\d/.test(token);
  const hasUpper = /[A-Z]/.test(token);
  const hasLower = /[a-z]/.test(token);
  return hasDigit && hasUpper && hasLower;
}

function looksLikeTokenValue(value: string, explicit: boolean): boolean {
  const hasDigit = /\d/.test(value);
  if (explicit) return hasDigit || value.length >= 12;
  // "token rotation" is prose; "token 8f3a9c2e" is a value.
  return hasDigit && /[a-z]/i.test(value) && value.length >= 8;
}

function stripTokensInRun(run: string): string {
  return run
    .replace(UUID, '')
    .replace(HEX_TOKEN, '')
    .replace(LONG_TOKEN, (token) => (isRandomToken(token) ? '' : token));
}

function isTokenChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 47 && code <= 57) || code === 95 || code === 45 || code === 43 || code === 61 || code === 46
  );
}

/**
 * Strips the tokens in every long run of token characters. Every token shape contains a digit, so
 * only runs around a digit are read: a page's text is mostly words, and a pattern tried at every
 * character of it cost more than all the other volatile patterns together.
 */
function stripTokens(s: string): string {
  let out = '';
  let last = 0;
  DIGIT.lastIndex = 0;
  for (let m = DIGIT.exec(s); m; m = DIGIT.exec(s)) {
    let start = m.index;
    while (start > 0 && isTokenChar(s.charCodeAt(start - 1))) start--;
    let end = m.index + 1;
    while (end < s.length && isTokenChar(s.charCodeAt(end))) end++;
    DIGIT.lastIndex = end;
    if (end - start < TOKEN_RUN_MIN) continue;
    const run = s.slice(start, end);
    const kept = stripTokensInRun(run);
    if (kept === run) continue;
    out += s.slice(last, start) + kept;
    last = end;
  }
  return last ? out + s.slice(last) : s;
}

/** Typographic normalisation only: quotes, dashes, spaces. */
export function normalizeTypography(s: string): string {
  if (!NON_ASCII.test(s)) return s;
  return s.normalize('NFC').replace(TYPOGRAPHIC, (c) => TYPOGRAPHY[c]);
}

/**
 * Removes clock times together with a date written just before them. Matching the clock first
 * and looking back for the date is much cheaper than matching every date form at every word.
 */
function stripTimestamps(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(CLOCK_TIME)) {
    let start = m.index;
    const date = DATE_BEFORE_CLOCK.exec(s.slice(Math.max(last, start - DATE_LOOKBEHIND), start));
    if (date) start -= date[0].length;
    out += s.slice(last, start);
    last = m.index + m[0].length;
  }
  return last ? out + s.slice(last) : s;
}

/** The words a labelled token follows; one pattern each, as a case-insensitive alternation is slow to fail. */
const TOKEN_LABEL_PROBES = [/nonce/i, /csrf/i, /xsrf/i, /token/i, /session/i, /\bsid\b/i, /request/i, /trace/i];
/** Ten digits in a row, spelled out: V8 skips through text several times faster than with \d{10}. */
const TEN_DIGITS = /\d\d\d\d\d\d\d\d\d\d/;

/**
 * Removes volatile fragments (relative dates, clock times, tokens) without touching spacing.
 * Each pattern runs only when a cheap probe says it could match: pages are large, hits are rare.
 */
export function stripVolatile(s: string): string {
  let out = s;
  if (/\d:\d\d/.test(out)) out = stripTimestamps(out);
  if (/\bago\b|just now|moments?\b/i.test(out)) out = out.replace(RELATIVE_EN, '');
  if (/\bvor\s|gerade eben/i.test(out)) out = out.replace(RELATIVE_DE, '');
  if (/il y a/i.test(out) || /\bhace\s/i.test(out)) out = out.replace(RELATIVE_FR_ES, '');
  if (TOKEN_LABEL_PROBES.some((probe) => probe.test(out))) {
    out = out.replace(LABELLED_TOKEN, (match: string, label: string, sep: string, _q: string, value: string) =>
      looksLikeTokenValue(value, /[:=]/.test(sep)) ? label : match,
    );
  }
  out = stripTokens(out);
  if (TEN_DIGITS.test(out)) out = out.replace(EPOCH, '');
  return out;
}

/** Spacing that needs fixing: runs of blanks, a blank before punctuation or inside brackets, empty brackets. */
const UNTIDY = /[ \t]{2}|\t| [,.;:!?)\]]|[([] |(?:^|\s)(?:\(\s*\)|\[\s*\])/m;

/** Spacing left after removals: single spaces, none before punctuation, no empty brackets. */
function tidySpacing(s: string): string {
  // One probe instead of five passes: most text is already tidy.
  if (!UNTIDY.test(s)) return s;
  return s
    .replace(/[ \t]{2,}|\t/g, ' ')
    .replace(/ ([,.;:!?)\]])/g, '$1')
    .replace(/([([]) /g, '$1')
    // Brackets a removed token leaves behind; "render()" in prose keeps its brackets.
    .replace(/(^|\s)(?:\(\s*\)|\[\s*\])/gm, '$1')
    .replace(/ {2,}/g, ' ');
}

export function normalizeText(s: string): string {
  return tidySpacing(stripVolatile(normalizeTypography(s)).replace(/\s{2,}|[\t\n\r\f\v]/g, ' ')).trim();
}

const VOLATILE_PARAMS = new Set([
  '_',
  'cache',
  'cachebust',
  'cachebuster',
  'cache_bust',
  'cb',
  'dclid',
  'fbclid',
  'gclid',
  'gclsrc',
  'igshid',
  'jsessionid',
  'mc_cid',
  'mc_eid',
  'msclkid',
  'nocache',
  'phpsessid',
  'sessionid',
  'session_id',
  'sid',
  't',
  'timestamp',
  'ts',
  'v',
  'ver',
  'yclid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'nonce',
  'csrf',
  'csrf_token',
  'token',
]);

function isVolatileParam(name: string, value: string): boolean {
  const key = name.toLowerCase();
  if (VOLATILE_PARAMS.has(key) || key.startsWith('utm_')) return true;
  // Content hashes and epoch stamps appended by build tools are cache busters whatever the name.
  if (/^(?=.*[a-f])(?=.*\d)[0-9a-f]{12,}$/i.test(value)) return true;
  if (/^1[5-9]\d{8}(\d{3})?$/.test(value)) return true;
  return false;
}

/**
 * Canonical form of a URL for comparison: no fragment, no cache-busting or tracking parameters,
 * remaining parameters sorted, host lower-cased, default port dropped. Relative URLs stay relative.
 */
const PLAIN_ABSOLUTE_URL = /^https?:\/\/[a-z0-9.-]+(?:\/[^?#\s%]*)?$/;

export function normalizeUrl(u: string): string {
  const input = u.trim();
  if (!input || /^(mailto|tel|javascript|data):/i.test(input)) return input;
  // Nothing to drop or canonicalise: skip the URL parser (pages hold thousands of links).
  if (PLAIN_ABSOLUTE_URL.test(input) && !/\/\.\.?(?:\/|$)/.test(input)) return input.includes('/', 8) ? input : `${input}/`;
  const base = 'http://relative.invalid';
  let parsed: URL;
  try {
    parsed = new URL(input, base);
  } catch {
    return input.replace(/#.*$/, '');
  }
  parsed.hash = '';
  parsed.pathname = parsed.pathname.replace(/;jsessionid=[^/]*/i, '');
  const kept = [...parsed.searchParams.entries()].filter(([name, value]) => !isVolatileParam(name, value));
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  parsed.search = kept.length ? new URLSearchParams(kept).toString() : '';
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(input) || input.startsWith('//');
  if (absolute) return parsed.toString();
  const relative = parsed.pathname + parsed.search;
  return input.startsWith('/') ? relative : relative.replace(/^\//, '');
}

/** A Markdown link's target and optional title, read from the "](" that opens it. */
const MD_LINK_TARGET_AT = /\]\(([^)\s]+)((?:\s+"[^"]*")?\))/y;

/**
 * Link targets in canonical form. Every link target follows a "](": the pattern is tried only
 * where indexOf finds one, which is many times cheaper than a global pattern over a whole page.
 */
function normalizeLinkTargets(md: string): string {
  let out = '';
  let last = 0;
  for (let at = md.indexOf(']('); at >= 0; at = md.indexOf('](', at + 1)) {
    MD_LINK_TARGET_AT.lastIndex = at;
    const m = MD_LINK_TARGET_AT.exec(md);
    if (!m) continue;
    const url = normalizeUrl(m[1]);
    // A target already canonical is left where it is: a page whose targets all are is not copied.
    if (url !== m[1]) {
      out += `${md.slice(last, at)}](${url}${m[2]}`;
      last = at + m[0].length;
    }
    at += m[0].length - 1;
  }
  return last ? out + md.slice(last) : md;
}

const BARE_URL = /(?<![(<])\bhttps?:\/\/[^\s<>()"'\]]+/g;

/** Bare URLs in canonical form; a text whose URLs already are is returned as it is, not copied. */
function normalizeBareUrls(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(BARE_URL)) {
    const url = normalizeUrl(m[0]);
    if (url === m[0]) continue;
    out += text.slice(last, m.index) + url;
    last = m.index + m[0].length;
  }
  return last ? out + text.slice(last) : text;
}

/** A list marker to rewrite as "- ": any but a "- " that already starts its line. */
const OTHER_LIST_MARKER = /^(?!- (?![ \t]))[ \t]*[*+-][ \t]+/gm;

/**
 * Markdown in the form used for hashing: list markers unified, URLs canonical, volatile text
 * removed, blank lines and indentation dropped.
 */
export function normalizeMarkdownForHash(md: string): string {
  return markdownLinesForHash(md).join('\n');
}

/** The lines of normalizeMarkdownForHash's text, not joined: a hash can take them a few at a time. */
export function markdownLinesForHash(md: string): string[] {
  // Each pass returns its input when it changes nothing: on a large page, each copy costs.
  const listed = normalizeTypography(md).replace(OTHER_LIST_MARKER, '- ');
  const text = stripVolatile(normalizeBareUrls(normalizeLinkTargets(listed)));
  const tidy = tidySpacing(text);
  const lines: string[] = [];
  for (const raw of splitLines(tidy)) {
    let line = raw.trim();
    if (line.length >= 3 && /^[-*_ ]+$/.test(line) && line.replace(/ /g, '').length >= 3) line = '---';
    if (line && line !== '-') lines.push(line);
  }
  return lines;
}
