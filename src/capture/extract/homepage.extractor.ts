import type { Element } from 'domhandler';
import type { HomepageFields } from '../capture.types';
import { attr, classAndId, closest, collapseWhitespace, descendants, findAll, HEADING_TAGS, tagName, uniqueStrings } from './dom';
import type { PageContext } from './page-context';

const BUTTON_CLASS_RE = /(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])/i;
const SUBHEADLINE_CLASS_RE = /(?:^|[\s_-])(?:sub-?title|sub-?headline|sub-?heading|lead|tagline|hero-(?:text|copy|description|subtitle)|intro)(?:$|[\s_-])/i;
const LOGO_SECTION_RE = /logos?|customers?|clients?|trusted|partners?|brands?|sponsors?|used-?by|companies|backed-?by|featured-?in/i;
const LOGO_HEADING_RE = /trusted by|used by|loved by|customers|clients|companies|teams (?:at|like)|powering|backed by|sponsors|partners|as seen|featured in/i;
const TESTIMONIAL_CLASS_RE = /testimonial|quote|review|endorsement/i;
const COUNT_RE =
  /(?:\b(?:over|more than|trusted by|used by|loved by|join(?:ed by)?)\s+)?\b\d[\d,.]*\s?(?:[kKmMbB]\b|million|billion|thousand)?\+?\s+(?:(?:happy|active|paying|satisfied)\s+)?(?:teams|companies|customers|users|developers|businesses|organi[sz]ations|people|downloads|installs|stars|members|countries|reviews|websites|sites|brands|engineers|creators|startups|enterprises|clients|subscribers|apps|projects)\b/gi;

const MAX_CTAS = 6;
const MAX_LOGOS = 60;
const MAX_TESTIMONIALS = 20;

function mainHeadline(ctx: PageContext): Element | null {
  return findAll(ctx.root, 'h1').find((h) => ctx.dom.text(h)) ?? findAll(ctx.root, ['h2']).find((h) => ctx.dom.text(h)) ?? null;
}

/** The hero: the nearest block around the headline that also holds its call-to-action links. */
function heroOf(ctx: PageContext, headline: Element): Element {
  let hero: Element = headline;
  let current = headline.parent as Element | null;
  for (let depth = 0; current && current !== ctx.root.parent && depth < 5; depth++) {
    hero = current;
    if (findAll(current, ['a', 'button']).some((el) => isButton(el))) break;
    current = current.parent as Element | null;
  }
  return hero;
}

function isButton(el: Element): boolean {
  return tagName(el) === 'button' || attr(el, 'role') === 'button' || BUTTON_CLASS_RE.test(el.attribs?.class ?? '');
}

function subheadline(ctx: PageContext, hero: Element, headline: Element): string | null {
  const byClass = descendants(hero, (el) => SUBHEADLINE_CLASS_RE.test(classAndId(el))).map((el) => ctx.dom.text(el));
  const candidates = [...byClass];
  let seenHeadline = false;
  for (const el of descendants(hero)) {
    if (el === headline) seenHeadline = true;
    else if (seenHeadline && (tagName(el) === 'p' || HEADING_TAGS.has(tagName(el)))) candidates.push(ctx.dom.text(el));
  }
  return candidates.find((t) => t.length >= 15 && t.length <= 400) ?? null;
}

function ctas(ctx: PageContext, hero: Element, headline: Element): string[] {
  const links = findAll(hero, ['a', 'button']).filter((el) => !closest(el, (p) => p === headline));
  const buttons = links.filter(isButton);
  return uniqueStrings((buttons.length ? buttons : links).map((el) => ctx.dom.text(el)).filter((t) => t.length <= 60), MAX_CTAS);
}

function logoName(img: Element): string {
  const label = attr(img, 'alt') || attr(img, 'title') || attr(img, 'aria-label') || '';
  return collapseWhitespace(label.replace(/\s+logo$/i, '').replace(/^logo\s+(?:of\s+)?/i, ''));
}

function customerLogos(ctx: PageContext): string[] {
  const names: string[] = [];
  const headings = findAll(ctx.root, ['h2', 'h3', 'h4', 'p']).filter((h) => LOGO_HEADING_RE.test(ctx.dom.text(h)) && ctx.dom.text(h).length < 80);
  const strips = new Set<Element>();
  for (const el of descendants(ctx.root, (d) => LOGO_SECTION_RE.test(classAndId(d)))) strips.add(el);
  for (const heading of headings) if (heading.parent) strips.add(heading.parent as Element);
  for (const strip of strips) {
    const imgs = findAll(strip, ['img', 'svg']).map(logoName).filter(Boolean);
    if (imgs.length >= 2) names.push(...imgs);
  }
  return uniqueStrings(names, MAX_LOGOS);
}

function testimonials(ctx: PageContext): string[] {
  const quotes: string[] = [];
  for (const bq of findAll(ctx.root, ['blockquote', 'q'])) {
    // The quote itself, without its attribution (<footer>, <cite>).
    const paragraphs = findAll(bq, 'p').filter((p) => !closest(p, (a) => tagName(a) === 'footer' || tagName(a) === 'cite', bq));
    quotes.push(paragraphs.length ? paragraphs.map((p) => ctx.dom.text(p)).join(' ') : ctx.dom.text(bq));
  }
  for (const el of descendants(ctx.root, (d) => TESTIMONIAL_CLASS_RE.test(classAndId(d)))) {
    if (findAll(el, ['blockquote', 'q']).length) continue;
    const p = findAll(el, 'p').find((q) => !closest(q, (a) => tagName(a) === 'footer' || tagName(a) === 'cite', el));
    if (p) quotes.push(ctx.dom.text(p));
  }
  // Quoted paragraphs ("“It lets you …”") are press quotes and testimonials on many sites.
  for (const p of findAll(ctx.root, 'p')) {
    const text = ctx.dom.text(p);
    if (text.length >= 40 && /^["“„«]/.test(text) && /["”“»]$/.test(text)) quotes.push(text);
  }
  return uniqueStrings(
    quotes.map((q) => q.replace(/^["“„«]\s*|\s*["”“»]$/g, '')).filter((q) => q.length >= 20 && q.length <= 1200),
    MAX_TESTIMONIALS,
  );
}

function socialProofCounts(ctx: PageContext): string[] {
  const text = ctx.dom.text(ctx.root);
  return uniqueStrings([...text.matchAll(COUNT_RE)].map((m) => m[0]), 20);
}

export function extractHomepage(ctx: PageContext): HomepageFields {
  const headline = mainHeadline(ctx);
  const hero = headline ? heroOf(ctx, headline) : null;
  return {
    headline: headline ? ctx.dom.text(headline) : null,
    subheadline: headline && hero ? subheadline(ctx, hero, headline) : null,
    ctas: headline && hero ? ctas(ctx, hero, headline) : [],
    navigation: ctx.chrome.navigation,
    announcement: ctx.chrome.announcement,
    customer_logos: customerLogos(ctx),
    social_proof_counts: socialProofCounts(ctx),
    testimonials: testimonials(ctx),
  };
}
