import type { Element } from 'domhandler';
import type { HomepageFields } from '../capture.types';
import { absoluteUrl, attr, classAndId, closest, collapseWhitespace, descendants, findAll, HEADING_TAGS, isElement, nextElement, tagName, uniqueStrings } from './dom';
import { hintText } from './hint-values';
import type { PageContext } from './page-context';

const BUTTON_CLASS_RE = /(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])/i;
const SUBHEADLINE_CLASS_RE = /(?:^|[\s_-])(?:sub-?title|sub-?headline|sub-?heading|lead|tagline|hero-(?:text|copy|description|subtitle)|intro)(?:$|[\s_-])/i;
const LOGO_SECTION_RE = /logos?|customers?|clients?|trusted|partners?|brands?|sponsors?|used-?by|companies|backed-?by|featured-?in/i;
const LOGO_HEADING_RE = /trusted by|used by|loved by|customers|clients|companies|teams (?:at|like)|powering|backed by|sponsors|partners|as seen|featured in/i;
const TESTIMONIAL_CLASS_RE = /testimonial|quote|review|endorsement/i;
const COUNT_RE =
  /(?:\b(?:over|more than|trusted by|used by|loved by|join(?:ed by)?)\s+)?\b\d[\d,.]*\s?(?:[kKmMbB]\b|million|billion|thousand)?\+?\s+(?:[\p{L}-]+\s+){0,2}?(?:teams|companies|customers|users|developers|businesses|organi[sz]ations|people|downloads|installs|stars|members|countries|reviews|websites|sites|brands|engineers|creators|startups|enterprises|clients|subscribers|apps|projects)\b/giu;

const MAX_CTAS = 6;
const MAX_LOGOS = 60;
const MAX_TESTIMONIALS = 20;

function mainHeadline(ctx: PageContext): Element | null {
  // A hero often stands above <main> (a full-width banner); the page's h1 is found there too.
  let doc: Element = ctx.root;
  while (isElement(doc.parent)) doc = doc.parent;
  const h1s = (scope: Element) => findAll(scope, 'h1').filter((h) => ctx.dom.text(h));
  const found = h1s(ctx.root).length ? h1s(ctx.root) : h1s(doc);
  // A logo with its tagline right under it ("Homebrew" over "The missing package manager") is the
  // hero itself; a logo alone leaves the headline to the first h2.
  const headline = found.find((h) => !isLogoHeading(ctx, h) || hasTagline(h)) ?? findAll(ctx.root, ['h2']).find((h) => ctx.dom.text(h));
  return headline ?? found[0] ?? null;
}

const LOGO_CLASS_RE = /(?:^|[\s_-])(?:logo|brand|site-?(?:title|name))(?:$|[\s_-])/i;
const LOGO_WORDS = 3;

/** An h1 that is the site's logo ("<h1 class="logo"><a href="/">Brackets</a></h1>"), not the hero's headline. */
function isLogoHeading(ctx: PageContext, h1: Element): boolean {
  if (LOGO_CLASS_RE.test(classAndId(h1))) return true;
  const links = findAll(h1, 'a');
  const text = ctx.dom.text(h1);
  if (links.length !== 1 || ctx.dom.text(links[0]) !== text || text.split(/\s+/).length > LOGO_WORDS) return false;
  const href = absoluteUrl(attr(links[0], 'href'), ctx.base);
  if (!href) return false;
  const target = new URL(href);
  return target.host === new URL(ctx.base).host && /^\/(?:index\.html?)?$/.test(target.pathname);
}

function hasTagline(h1: Element): boolean {
  const next = nextElement(h1);
  return !!next && SUBHEADLINE_CLASS_RE.test(classAndId(next));
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

/** A link drawn as a button by utility classes (Tailwind): rounded corners and horizontal padding. */
const UTILITY_BUTTON_RES = [/(?:^|\s)rounded(?:-[\w-]+)?(?:\s|$)/, /(?:^|\s)(?:[a-z]+:)?px-\d/];

function isButton(el: Element): boolean {
  const classes = el.attribs?.class ?? '';
  return tagName(el) === 'button' || attr(el, 'role') === 'button' || BUTTON_CLASS_RE.test(classes) || UTILITY_BUTTON_RES.every((re) => re.test(classes));
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

/** The hero's buttons (or links), then the button that closes the page ("Quick Start" under the quotes). */
function ctas(ctx: PageContext, hero: Element, headline: Element): string[] {
  const links = findAll(hero, ['a', 'button']).filter((el) => !closest(el, (p) => p === headline));
  const buttons = links.filter(isButton);
  const closing = findAll(ctx.root, ['a', 'button']).filter((el) => isButton(el) && !closest(el, (p) => p === hero)).pop();
  const chosen = [...(buttons.length ? buttons : links), ...(closing ? [closing] : [])];
  return uniqueStrings(chosen.map((el) => ctx.dom.text(el)).filter((t) => t && t.length <= 60), MAX_CTAS);
}

function logoName(img: Element): string {
  const label = hintText(attr(img, 'alt')) ?? hintText(attr(img, 'title')) ?? hintText(attr(img, 'aria-label')) ?? '';
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

const ATTRIBUTION_CLASS_RE = /author|attribution|cite|byline|name|person|customer|source/i;

function isAttribution(el: Element): boolean {
  return tagName(el) === 'footer' || tagName(el) === 'cite' || tagName(el) === 'figcaption';
}

/** Who said it: the quote's own <footer>/<cite>, its figure's caption, or a credited sibling. */
function attributionOf(ctx: PageContext, quote: Element): string | null {
  const inside = descendants(quote, isAttribution)[0];
  const figure = closest(quote, (a) => tagName(a) === 'figure', ctx.root);
  const caption = figure ? findAll(figure, 'figcaption')[0] : undefined;
  let sibling: Element | null = null;
  for (let next = quote.next; next; next = next.next) {
    if (!isElement(next)) continue;
    if (ATTRIBUTION_CLASS_RE.test(classAndId(next)) || isAttribution(next)) sibling = next;
    break;
  }
  const source = inside ?? caption ?? sibling;
  const text = source ? ctx.dom.text(source).replace(/^[\s—–-]+/, '') : '';
  return text && text.length <= 160 ? text : null;
}

function quoteText(ctx: PageContext, quote: Element): string {
  const paragraphs = findAll(quote, 'p').filter((p) => !closest(p, isAttribution, quote));
  if (paragraphs.length) return paragraphs.map((p) => ctx.dom.text(p)).join(' ');
  const credit = descendants(quote, isAttribution)[0];
  const text = ctx.dom.text(quote);
  return credit ? text.replace(ctx.dom.text(credit), '').trim() : text;
}

const unquote = (text: string): string => text.replace(/^["“„«]\s*|\s*["”“»]$/g, '');

/** Testimonials as "quote — attribution" (the attribution names the customer who might leave). */
function testimonials(ctx: PageContext): string[] {
  const quotes: string[] = [];
  const push = (text: string, attribution: string | null): void => {
    const quote = unquote(text);
    if (quote.length >= 20 && quote.length <= 1200) quotes.push(attribution ? `${quote} — ${attribution}` : quote);
  };
  for (const bq of findAll(ctx.root, ['blockquote', 'q'])) push(quoteText(ctx, bq), attributionOf(ctx, bq));
  for (const el of descendants(ctx.root, (d) => TESTIMONIAL_CLASS_RE.test(classAndId(d)))) {
    if (findAll(el, ['blockquote', 'q']).length) continue;
    const p = findAll(el, 'p').find((q) => !closest(q, isAttribution, el) && !ATTRIBUTION_CLASS_RE.test(classAndId(q)));
    const credit = descendants(el, (d) => isAttribution(d) || ATTRIBUTION_CLASS_RE.test(classAndId(d)))[0];
    if (p) push(ctx.dom.text(p), credit ? ctx.dom.text(credit) : null);
  }
  // Quoted paragraphs ("“It lets you …”") are press quotes and testimonials on many sites.
  for (const p of findAll(ctx.root, 'p')) {
    const text = ctx.dom.text(p);
    if (text.length >= 40 && /^["“„«]/.test(text) && /["”“»]$/.test(text)) push(text, null);
  }
  return uniqueStrings(quotes, MAX_TESTIMONIALS);
}

function socialProofCounts(ctx: PageContext): string[] {
  const text = ctx.dom.flat(ctx.root);
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
