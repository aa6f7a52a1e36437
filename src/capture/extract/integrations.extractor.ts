import type { Element } from 'domhandler';
import type { IntegrationsFields } from '../capture.types';
import { attr, childElements, classAndId, collapseWhitespace, descendants, findAll, tagName, uniqueStrings } from './dom';
import type { PageContext } from './page-context';

const ITEM_CLASS_RE = /integration|connector|app-?card|plugin|extension|partner|marketplace|tile/i;
const GENERIC_NAME_RE = /^(?:learn more|read more|view|details|install|connect|get started|see all|more|new|beta|popular)$/i;
const MAX_NAME = 50;

/** The short name a card shows: its heading, strong text, image alt or link text. */
function cardName(ctx: PageContext, card: Element): string | null {
  const candidates = [
    ...findAll(card, ['h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b']).map((el) => ctx.dom.text(el)),
    ...findAll(card, 'img').map((img) => collapseWhitespace((attr(img, 'alt') ?? '').replace(/\s+(?:logo|icon)$/i, ''))),
    ...findAll(card, 'a').map((a) => ctx.dom.text(a)),
    ctx.dom.text(card),
  ];
  return candidates.find((t) => t && t.length <= MAX_NAME && !GENERIC_NAME_RE.test(t)) ?? null;
}

function signature(el: Element): string {
  return `${tagName(el)}.${(el.attribs?.class ?? '').split(/\s+/).filter((c) => !/active|selected|hidden|first|last/i.test(c)).sort().join('.')}`;
}

/** Groups of at least four siblings with the same shape, each naming one integration. */
function grids(ctx: PageContext): Element[][] {
  const groups: Element[][] = [];
  for (const parent of [ctx.root, ...descendants(ctx.root)]) {
    const children = childElements(parent);
    if (children.length < 4) continue;
    const bySignature = new Map<string, Element[]>();
    for (const child of children) bySignature.set(signature(child), [...(bySignature.get(signature(child)) ?? []), child]);
    for (const group of bySignature.values()) {
      if (group.length >= 4 && group.every((el) => ctx.dom.text(el).length <= 400 || findAll(el, 'img').length > 0)) groups.push(group);
    }
  }
  return groups;
}

export function extractIntegrations(ctx: PageContext): IntegrationsFields {
  const names: string[] = [];
  // Cards are repeated: an element named like an integration with look-alike siblings.
  const cards = descendants(ctx.root, (el) => {
    if (!ITEM_CLASS_RE.test(classAndId(el)) || !el.parent) return false;
    const shape = signature(el);
    return childElements(el.parent as Element).filter((s) => signature(s) === shape).length >= 3;
  });
  if (cards.length >= 3) names.push(...cards.map((card) => cardName(ctx, card)).filter((n): n is string => !!n));
  if (names.length < 3) {
    const best = grids(ctx)
      .filter((g) => !g.every((el) => tagName(el) === 'p'))
      .sort((a, b) => b.length - a.length)[0];
    if (best) names.push(...best.map((card) => cardName(ctx, card)).filter((n): n is string => !!n));
  }
  return { integrations: uniqueStrings(names, 500) };
}
