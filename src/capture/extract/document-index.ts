import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { isElement } from './dom';

/** Elements the extraction looks up by kind, gathered in one walk instead of one query each. */
export interface DocumentIndex {
  html: Element | null;
  body: Element | null;
  metas: Element[];
  links: Element[];
  bases: Element[];
  titles: Element[];
  scripts: Element[];
  itemScopes: Element[];
  times: Element[];
  byId: Map<string, Element>;
}

export function indexDocument($: CheerioAPI): DocumentIndex {
  const index: DocumentIndex = {
    html: null,
    body: null,
    metas: [],
    links: [],
    bases: [],
    titles: [],
    scripts: [],
    itemScopes: [],
    times: [],
    byId: new Map(),
  };
  const stack: AnyNode[] = [...$.root()[0].children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    switch (node.name) {
      case 'html':
        index.html ??= node;
        break;
      case 'body':
        index.body ??= node;
        break;
      case 'meta':
        index.metas.push(node);
        break;
      case 'link':
        index.links.push(node);
        break;
      case 'base':
        index.bases.push(node);
        break;
      case 'title':
        index.titles.push(node);
        break;
      case 'script':
        index.scripts.push(node);
        break;
      case 'time':
        index.times.push(node);
        break;
    }
    const attribs = node.attribs;
    if (attribs) {
      if (attribs.itemscope !== undefined) index.itemScopes.push(node);
      if (attribs.id && !index.byId.has(attribs.id)) index.byId.set(attribs.id, node);
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return index;
}
