import type { Element } from 'domhandler';
import type { DocumentIndex } from './document-index';
import { ancestors, attr, childElements, collapseWhitespace, DomText, textContent } from './dom';
import { hintText, isRealHref } from './hint-values';

export type JsonLdNode = Record<string, unknown>;

/** A schema.org item read from microdata (itemscope/itemprop). */
export interface MicrodataItem {
  types: string[];
  props: Record<string, (string | MicrodataItem)[]>;
}

export interface StructuredData {
  jsonLd: JsonLdNode[];
  microdata: MicrodataItem[];
}

function parseJsonLoosely(raw: string): unknown {
  const cleaned = raw
    .replace(/^\s*<!\[CDATA\[/, '')
    .replace(/\]\]>\s*$/, '')
    .replace(/^\s*<!--/, '')
    .replace(/-->\s*$/, '')
    .trim()
    .replace(/;\s*$/, '');
  if (!cleaned) return null;
  try {
    return JSON.parse(cleaned);
  } catch {
    // Raw newlines inside strings are a common hand-written JSON-LD mistake.
    try {
      return JSON.parse(cleaned.replace(/[\r\n\t]+/g, ' '));
    } catch {
      return null;
    }
  }
}

function flatten(value: unknown, out: JsonLdNode[], depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) flatten(item, out, depth + 1);
    return;
  }
  const node = value as JsonLdNode;
  if (node['@type'] || node['@id']) out.push(node);
  if (Array.isArray(node['@graph'])) flatten(node['@graph'], out, depth + 1);
}

function readJsonLd(index: DocumentIndex): JsonLdNode[] {
  const out: JsonLdNode[] = [];
  for (const el of index.scripts) {
    const type = (attr(el, 'type') ?? '').toLowerCase();
    if (type.includes('ld+json')) flatten(parseJsonLoosely(textContent(el)), out);
  }
  return out;
}

function microdataValue(el: Element, dom: DomText): string {
  const name = el.name;
  const fromAttr =
    attr(el, 'content') ??
    (name === 'time' ? attr(el, 'datetime') : null) ??
    (name === 'a' || name === 'link' ? attr(el, 'href') : null) ??
    (name === 'img' || name === 'source' ? attr(el, 'src') : null) ??
    (name === 'meta' ? attr(el, 'content') : null);
  return collapseWhitespace(fromAttr ?? dom.text(el));
}

function readItem(scope: Element, dom: DomText): MicrodataItem {
  const item: MicrodataItem = {
    types: (attr(scope, 'itemtype') ?? '').split(/\s+/).filter(Boolean).map((t) => t.replace(/^https?:\/\/schema\.org\//, '')),
    props: {},
  };
  const visit = (el: Element): void => {
    for (const child of childElements(el)) {
      const prop = attr(child, 'itemprop');
      const isScope = attr(child, 'itemscope') !== null;
      if (prop) {
        const value = isScope ? readItem(child, dom) : microdataValue(child, dom);
        for (const key of prop.split(/\s+/).filter(Boolean)) (item.props[key] ??= []).push(value);
      }
      if (!isScope) visit(child);
    }
  };
  visit(scope);
  return item;
}

function readMicrodata(index: DocumentIndex, dom: DomText): MicrodataItem[] {
  const out: MicrodataItem[] = [];
  for (const el of index.itemScopes) {
    // Nested scopes are reached through their parent's properties.
    const nested = ancestors(el).some((a) => attr(a, 'itemscope') !== null);
    if (!nested || attr(el, 'itemprop') === null) out.push(readItem(el, dom));
  }
  return out;
}

export function readStructuredData(index: DocumentIndex, dom: DomText): StructuredData {
  return { jsonLd: readJsonLd(index), microdata: readMicrodata(index, dom) };
}

export function jsonLdTypes(node: JsonLdNode): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
}

export function jsonLdOfType(data: StructuredData, types: string[]): JsonLdNode[] {
  const wanted = new Set(types);
  return data.jsonLd.filter((node) => jsonLdTypes(node).some((t) => wanted.has(t)));
}

export function microdataOfType(data: StructuredData, types: string[]): MicrodataItem[] {
  const wanted = new Set(types);
  const out: MicrodataItem[] = [];
  const visit = (item: MicrodataItem): void => {
    if (item.types.some((t) => wanted.has(t))) out.push(item);
    for (const values of Object.values(item.props)) for (const v of values) if (typeof v !== 'string') visit(v);
  };
  data.microdata.forEach(visit);
  return out;
}

/** A readable string from a JSON-LD value: a string, a {name} object, or a list of them. */
export function ldText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return hintText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (Array.isArray(value)) {
    const parts = value.map(ldText).filter((v): v is string => !!v);
    return parts.length ? parts.join(', ') : null;
  }
  if (typeof value === 'object') {
    const node = value as JsonLdNode;
    // A Person may spell its name in parts.
    const parts = [node.givenName, node.familyName].map(ldText).filter(Boolean).join(' ');
    return ldText(node.name ?? node['@value'] ?? node.text ?? null) ?? (parts || null);
  }
  return null;
}

export function ldUrl(value: unknown): string | null {
  if (typeof value === 'string') return isRealHref(value) ? value.trim() : null;
  if (Array.isArray(value)) return ldUrl(value[0]);
  if (value && typeof value === 'object') {
    const node = value as JsonLdNode;
    return ldUrl(node.url ?? node['@id'] ?? node.contentUrl ?? null);
  }
  return null;
}

export function microText(item: MicrodataItem, prop: string): string | null {
  const value = item.props[prop]?.[0];
  if (value === undefined) return null;
  if (typeof value === 'string') return hintText(value);
  const name = value.props.name?.[0];
  return typeof name === 'string' ? hintText(name) : null;
}
