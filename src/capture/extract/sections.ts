import type { AnyNode, Element } from 'domhandler';
import { collapseWhitespace, DomText, findAll, isElement, isLeafBlock, tagName } from './dom';

/** The content that belongs to one heading: its card, or the run of blocks up to the next heading. */
export interface Section {
  heading: Element;
  /** The smallest ancestor that holds this heading and no other boundary heading, if any. */
  container: Element | null;
  paragraphs: Element[];
  listItems: Element[];
  times: Element[];
  /** Plain text of the section (capped), headings excluded. */
  text: string;
  /** Short text blocks (lines) in order, useful to find bylines and dates. */
  lines: string[];
}

const TEXT_CAP = 3000;
const LOOSE_LINE_MAX = 120;

function emptySection(heading: Element, container: Element | null): Section {
  return { heading, container, paragraphs: [], listItems: [], times: [], text: '', lines: [] };
}

function collect(section: Section, node: AnyNode, dom: DomText, skip: Set<Element>): void {
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if (current.type === 'text') {
      // Text standing loose among blocks ("<h3>…</h3> August 2, 2024 - Jane Doe <p>…") is a line too.
      const loose = collapseWhitespace(current.data);
      if (loose && loose.length <= LOOSE_LINE_MAX) section.lines.push(loose);
      continue;
    }
    if (!isElement(current) || skip.has(current)) continue;
    const name = tagName(current);
    if (name === 'p') section.paragraphs.push(current);
    else if (name === 'li') section.listItems.push(current);
    else if (name === 'time') section.times.push(current);
    if (section.text.length < TEXT_CAP && (name === 'p' || name === 'time' || name === 'li' || /^h[1-6]$/.test(name) || isLeafBlock(current))) {
      const text = dom.text(current);
      if (text && name !== 'li') section.lines.push(text);
      if (text && !/^h[1-6]$/.test(name)) section.text += `${text} `;
      if (name === 'p' || name === 'time' || isLeafBlock(current)) {
        // A line is read whole, but a <time> inside it ("<p>Posted <time …>") still dates the section.
        if (name !== 'time') section.times.push(...findAll(current, 'time'));
        continue;
      }
    }
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]);
  }
}

/**
 * Splits the root into sections at the given headings. A heading inside its own card (article,
 * list item, div holding only it) takes the card's content; otherwise it takes what follows it in
 * document order until the next boundary heading.
 */
/**
 * The card of each heading: its smallest ancestor (below the root) that holds no other of the
 * given headings and more text than the heading itself; null for a heading that stands in a run.
 */
export function headingCards(root: Element, headings: Element[], dom: DomText): Map<Element, Element | null> {
  const counts = headingCounts(root, headings);
  return new Map(headings.map((heading) => [heading, cardOf(root, heading, counts, dom)]));
}

function headingCounts(root: Element, headings: Element[]): Map<Element, number> {
  const counts = new Map<Element, number>();
  for (const heading of headings) {
    let current = heading.parent;
    while (current && current !== root.parent) {
      if (isElement(current)) counts.set(current, (counts.get(current) ?? 0) + 1);
      current = current.parent;
    }
  }
  return counts;
}

function cardOf(root: Element, heading: Element, counts: Map<Element, number>, dom: DomText): Element | null {
  let container: Element | null = null;
  let current = heading.parent;
  while (current && current !== root && isElement(current) && counts.get(current) === 1) {
    container = current;
    current = current.parent;
  }
  // A wrapper that holds only the heading is not a card.
  return container && dom.text(container).length > dom.text(heading).length + 10 ? container : null;
}

/**
 * Splits the root into sections at the given headings. A heading inside its own card (article,
 * list item, div holding only it) takes the card's content; otherwise it takes what follows it in
 * document order until the next boundary heading.
 */
export function splitSections(root: Element, headings: Element[], dom: DomText): Section[] {
  const boundary = new Set(headings);
  const counts = headingCounts(root, headings);
  const containerOf = (heading: Element): Element | null => cardOf(root, heading, counts, dom);

  const sections: Section[] = [];
  const byContainer = new Map<Element, Section>();
  for (const heading of headings) {
    const container = containerOf(heading);
    const section = emptySection(heading, container);
    sections.push(section);
    if (container) {
      byContainer.set(container, section);
      collect(section, container, dom, new Set([heading]));
    }
  }

  // Headings without a card collect what follows them in document order.
  const sectionOf = new Map(sections.map((s) => [s.heading, s]));
  let current: Section | null = null;
  const walk = (node: AnyNode): void => {
    if (!isElement(node)) return;
    if (byContainer.has(node)) {
      current = null;
      return;
    }
    const section = sectionOf.get(node);
    if (section) {
      current = section.container ? null : section;
      return;
    }
    if (!counts.get(node)) {
      if (current) collect(current, node, dom, boundary);
      return;
    }
    for (const child of node.children) walk(child);
  };
  for (const child of root.children) walk(child);
  return sections;
}
