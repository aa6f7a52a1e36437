import type { AnyNode, Document, Element } from 'domhandler';
import type { DocumentIndex } from './document-index';
import { attr, classAndId, classTokens, descendants, DomText, HEADING_TAGS, isElement, isLeafBlock, tagName } from './dom';

const DROPPED_TAGS = new Set([
  'applet', 'audio', 'base', 'canvas', 'datalist', 'embed', 'frame', 'frameset', 'head', 'iframe', 'input',
  'link', 'map', 'meta', 'noembed', 'noframes', 'noscript', 'object', 'optgroup', 'option', 'param', 'script',
  'select', 'source', 'style', 'template', 'textarea', 'track', 'video',
]);

// Not "cmp": Adobe Experience Manager prefixes every content component with "cmp-".
const COOKIE_RE =
  /(?:^|[\s_-])(?:cookies?|consent|gdpr|ccpa|onetrust|didomi|usercentrics|cookiebot|cybotcookiebotdialog|truste|osano|iubenda|termly|klaro|cookie-?law|cc-window|cc-banner)(?:$|[\s_-])/i;
const DEBUG_CLASS_RE = /(?:^|[\s_-])(?:env-dev|dev-only|debug|debug-info|devtools|dev-banner|dev-toolbar)(?:$|[\s_-])/i;
const DEBUG_TEXT_RE =
  /^(?:running in (?:prod|production|dev|development|staging|debug|test) mode!?|debug(?:ging)? mode(?: is)? (?:on|enabled)|build(?: id)?:? [0-9a-f]{6,})$/i;
/** "Was this page helpful? Yes / No" widgets under docs and help articles: site chrome, not content. */
const FEEDBACK_CLASS_RE = /(?:^|[\s_-])(?:feedback|helpful|page-?rating|rate-?this(?:-page)?)(?:$|[\s_-])/i;
const FEEDBACK_TEXT_RE = /^(?:was this (?:page|article|doc|document|section|guide|information|content)? ?helpful|did this (?:page|article|doc|guide) (?:help|answer)|(?:rate|how would you rate) this (?:page|article|doc))\b/i;
const ANCHOR_CLASS_RE = /(?:heading|header|hash|title)[-_]?anchor|anchor[-_]?link|anchorjs|permalink|direct-link/i;
/**
 * Panels hidden until a user clicks — billing-period toggles, tabs, accordion answers — hold
 * content (prices, FAQ answers), unlike mobile copies, modals and templates.
 */
const DISCLOSURE_PANEL_RE = /month|year|annual|annum|accordion|faq|answer|collapse|tab-?pane|tab-?content|panel/i;

const DESKTOP_BREAKPOINTS = ['', 'sm', 'md', 'lg', 'xl'];
const DISPLAY_VALUES = new Set(['none', 'hidden', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid', 'inline-grid', 'table', 'table-cell', 'table-row', 'contents', 'list-item']);

/** Bootstrap (`d-md-none`) and Tailwind (`md:hidden`) display utilities read at a desktop width. */
function hiddenByDisplayUtilities(tokens: string[]): boolean {
  // Only a "none"/"hidden"/"hide" utility can hide; most class lists have none.
  if (!tokens.some((t) => /none|hid/.test(t))) return false;
  let decided: { rank: number; hidden: boolean } | null = null;
  for (const token of tokens) {
    let bp = '';
    let value = '';
    const bootstrap = /^d-(?:(sm|md|lg|xl|xxl)-)?([a-z-]+)$/.exec(token);
    const tailwind = /^(?:(sm|md|lg|xl|2xl):)?([a-z-]+)$/.exec(token);
    if (bootstrap && DISPLAY_VALUES.has(bootstrap[2])) {
      bp = bootstrap[1] ?? '';
      value = bootstrap[2];
    } else if (tailwind && DISPLAY_VALUES.has(tailwind[2]) && (tailwind[1] || tailwind[2] === 'hidden')) {
      bp = tailwind[1] ?? '';
      value = tailwind[2];
    } else {
      continue;
    }
    const rank = DESKTOP_BREAKPOINTS.indexOf(bp);
    if (rank < 0) continue;
    const hidden = value === 'none' || value === 'hidden';
    // Same breakpoint: `hidden` is declared after display values in Tailwind, so it wins.
    if (!decided || rank > decided.rank || (rank === decided.rank && hidden)) decided = { rank, hidden };
  }
  if (decided) return decided.hidden;
  return tokens.some((t) => /^(?:is-hidden|hide|hidden-lg|hidden-md)$/.test(t)) || (tokens.includes('hidden') && !tokens.some((t) => /^(?:sm|md|lg|xl):/.test(t)));
}

function hiddenByStyle(style: string | null): boolean {
  return !!style && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i.test(style);
}

function isDisclosurePanel(el: Element): boolean {
  const role = attr(el, 'role');
  if (role === 'tabpanel' || role === 'region' || attr(el, 'aria-labelledby') !== null) return true;
  const descriptors = [classAndId(el)];
  for (const [name, value] of Object.entries(el.attribs ?? {})) if (name.startsWith('data-')) descriptors.push(`${name}=${value}`);
  return DISCLOSURE_PANEL_RE.test(descriptors.join(' '));
}

function isHidden(el: Element, dom: DomText): boolean {
  if (attr(el, 'type') === 'hidden') return true;
  // A <dialog> is not rendered until opened (newsletter pop-ups, consent dialogs).
  if (el.name === 'dialog' && attr(el, 'open') === null) return true;
  const byAttribute =
    attr(el, 'hidden') !== null || hiddenByStyle(attr(el, 'style')) || (!!el.attribs?.class && hiddenByDisplayUtilities(classTokens(el)));
  // aria-hidden on an empty icon hides nothing; on text it marks decoration or duplicates.
  const byAria = attr(el, 'aria-hidden') === 'true' && dom.size(el) > 0;
  if (!byAttribute && !byAria) return false;
  return !isDisclosurePanel(el);
}

function isCookieBanner(el: Element, dom: DomText): boolean {
  const descriptor = `${classAndId(el)} ${attr(el, 'aria-label') ?? ''}`;
  if (!COOKIE_RE.test(descriptor)) return false;
  return dom.size(el) < 5000;
}

function isFeedbackWidget(el: Element, dom: DomText): boolean {
  const size = dom.size(el);
  if (size === 0 || size >= 400) return false;
  if (FEEDBACK_TEXT_RE.test(dom.text(el))) return true;
  if (!FEEDBACK_CLASS_RE.test(classAndId(el))) return false;
  return descendants(el, (d) => tagName(d) === 'button' || tagName(d) === 'form' || attr(d, 'role') === 'button').length > 0;
}

function isDebugNote(el: Element, dom: DomText): boolean {
  if (DEBUG_CLASS_RE.test(el.attribs?.class ?? '')) return true;
  if (dom.size(el) >= 80 || !isLeafBlock(el)) return false;
  const text = dom.text(el);
  return text.length < 80 && DEBUG_TEXT_RE.test(text);
}

function isHeadingAnchor(el: Element, dom: DomText): boolean {
  if (tagName(el) !== 'a') return false;
  if (ANCHOR_CLASS_RE.test(el.attribs?.class ?? '')) return true;
  const href = attr(el, 'href') ?? '';
  const text = dom.text(el);
  const inHeading = !!el.parent && HEADING_TAGS.has(tagName(el.parent));
  return inHeading && href.startsWith('#') && !/[\p{L}\p{N}]/u.test(text);
}

export function removeNode(node: AnyNode): void {
  const parent = node.parent;
  if (!parent) return;
  const index = parent.children.indexOf(node as never);
  if (index >= 0) parent.children.splice(index, 1);
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  node.parent = null;
  node.prev = null;
  node.next = null;
}

/**
 * Removes what a reader never sees or never reads as content: scripts and styles, form controls,
 * hidden elements, cookie banners, debug notes and heading permalinks. SVG icons are kept as empty
 * markers because a check-mark icon is how pricing tables say "included".
 */
export function removeNonContent(root: Document, index: DocumentIndex, dom: DomText): void {
  const protectedNodes = new Set<AnyNode>([index.html, index.body].filter((n): n is Element => !!n));
  const doomed: AnyNode[] = [];
  // A page hidden until its scripts run (anti-flicker) is still the page; such wrappers sit at the top.
  const topLevel = (el: Element): boolean => !el.parent || el.parent.type === 'root' || protectedNodes.has(el.parent);
  const hidesMostOfPage = (el: Element): boolean => topLevel(el) && dom.size(el) > dom.size(root) * 0.5;

  const visit = (node: AnyNode): void => {
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') {
      if (node.type !== 'directive') doomed.push(node);
      return;
    }
    if (!isElement(node)) return;
    const name = node.name;
    if (DROPPED_TAGS.has(name)) {
      doomed.push(node);
      return;
    }
    if (name === 'svg' || name === 'math') {
      node.children = [];
      return;
    }
    const unwanted =
      (isHidden(node, dom) && !hidesMostOfPage(node)) || isCookieBanner(node, dom) || isFeedbackWidget(node, dom) || isDebugNote(node, dom) || isHeadingAnchor(node, dom);
    if (!protectedNodes.has(node) && unwanted) {
      doomed.push(node);
      return;
    }
    for (const child of [...node.children]) visit(child);
  };
  for (const child of [...root.children]) visit(child);
  for (const node of doomed) {
    dom.invalidate(node);
    removeNode(node);
  }
}
