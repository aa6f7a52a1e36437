import type { Element } from 'domhandler';
import type { CareersFields } from '../capture.types';
import { absoluteUrl, attr, classAndId, closest, collapseWhitespace, descendants, findAll, precedingHeading, tagName, urlPath } from './dom';
import { keyOf, KeyAllocator } from './keys';
import type { PageContext } from './page-context';
import { jsonLdOfType, ldText, ldUrl, type JsonLdNode } from './structured-data';

type Opening = CareersFields['openings'][number];

const JOB_LINK_RE = /\/(?:jobs?|careers?|positions?|openings?|roles?|vacanc(?:y|ies)|postings?|apply)\/|greenhouse\.io|lever\.co|ashbyhq\.com|workable\.com|smartrecruiters\.com|recruitee\.com|personio\.|bamboohr\.com|teamtailor\.com|join\.com/i;
const LOCATION_CLASS_RE = /location|city|office|place/i;
const TEAM_CLASS_RE = /team|department|dept|category|function|group/i;
const LOCATION_TEXT_RE = /\b(?:remote|hybrid|on-?site|anywhere|worldwide)\b|^[\p{Lu}][\p{L} .'-]+,\s*[\p{Lu}][\p{L} .'-]+$/iu;
const NOT_A_TITLE_RE = /^(?:apply(?: now)?|view(?: job| role| all)?|learn more|see (?:all|more)|read more|details|open positions|all jobs)$/i;

function jobLocation(node: JsonLdNode): string | null {
  const loc = Array.isArray(node.jobLocation) ? node.jobLocation[0] : node.jobLocation;
  if (loc && typeof loc === 'object') {
    const address = (loc as JsonLdNode).address as JsonLdNode | undefined;
    const parts = [ldText(address?.addressLocality), ldText(address?.addressRegion), ldText(address?.addressCountry)].filter(Boolean);
    if (parts.length) return parts.join(', ');
  }
  return node.jobLocationType === 'TELECOMMUTE' ? 'Remote' : null;
}

function fromJsonLd(ctx: PageContext): Omit<Opening, 'key'>[] {
  return jsonLdOfType(ctx.data, ['JobPosting']).map((node) => ({
    title: ldText(node.title) ?? '',
    location: jobLocation(node),
    team: ldText(node.occupationalCategory) ?? ldText(node.industry),
    url: absoluteUrl(ldUrl(node.url), ctx.base),
  }));
}

/** The repeated block (row, card, list item) around a job link. */
function itemOf(link: Element, root: Element): Element {
  const item = closest(link, (el) => ['li', 'tr', 'article'].includes(tagName(el)) || /job|position|opening|posting|role|vacanc/i.test(classAndId(el)), root);
  return item ?? link;
}

function fromLinks(ctx: PageContext): Omit<Opening, 'key'>[] {
  const out: Omit<Opening, 'key'>[] = [];
  for (const link of findAll(ctx.root, 'a')) {
    const url = absoluteUrl(attr(link, 'href'), ctx.base);
    if (!url || !JOB_LINK_RE.test(url) || url.replace(/\/$/, '') === ctx.base.replace(/\/$/, '')) continue;
    const item = itemOf(link, ctx.root);
    const heading = findAll(item, ['h2', 'h3', 'h4', 'h5', 'strong'])[0];
    const title = collapseWhitespace((heading && ctx.dom.text(heading)) || ctx.dom.text(link));
    if (!title || title.length > 120 || NOT_A_TITLE_RE.test(title)) continue;
    const fieldText = (re: RegExp): string | null => {
      const el = descendants(item, (d) => re.test(classAndId(d)))[0];
      return el ? ctx.dom.text(el) || null : null;
    };
    const location =
      fieldText(LOCATION_CLASS_RE) ??
      descendants(item, (d) => ['span', 'p', 'div', 'td', 'li'].includes(tagName(d)))
        .map((d) => ctx.dom.text(d))
        .find((t) => t !== title && t.length <= 60 && LOCATION_TEXT_RE.test(t)) ??
      null;
    out.push({ title, location, team: fieldText(TEAM_CLASS_RE) ?? precedingHeading(ctx.dom, item, ctx.root), url });
  }
  return out;
}

/** Own-site jobs are keyed by path; jobs on an applicant tracking system by host and path. */
function jobKey(url: string, base: string): string {
  const parsed = new URL(url);
  return parsed.hostname.replace(/^www\./, '') === new URL(base).hostname.replace(/^www\./, '')
    ? urlPath(url)
    : `${parsed.hostname}${parsed.pathname}`;
}

export function extractCareers(ctx: PageContext): CareersFields {
  const structured = fromJsonLd(ctx);
  const drafts = structured.length ? structured : fromLinks(ctx);
  const keys = new KeyAllocator();
  const seen = new Set<string>();
  const openings: Opening[] = [];
  for (const draft of drafts) {
    const identity = draft.url ?? `${draft.title}|${draft.location}`;
    if (!draft.title || seen.has(identity)) continue;
    seen.add(identity);
    const base = draft.url ? jobKey(draft.url, ctx.base) : keyOf(`${draft.title} ${draft.location ?? ''}`);
    openings.push({ key: keys.take(base), ...draft });
  }
  return { openings };
}
