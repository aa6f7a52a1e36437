import type { DocsPage } from '../capture.types';
import { absoluteUrl, attr, findAll, headingLevel } from './dom';
import { keyOf, KeyAllocator } from './keys';
import type { PageContext } from './page-context';

const MAX_SECTIONS = 500;

/**
 * The page's outline: its headings in the main content down to `deepest` (h3 for docs), in order.
 * A sub-section is keyed under the h1 above it, and links to its anchor when the heading has an id.
 */
export function readOutline(ctx: PageContext, deepest: 2 | 3 = 3): DocsPage[] {
  const keys = new KeyAllocator();
  const out: DocsPage[] = [];
  let parent = '';
  for (const heading of findAll(ctx.root, deepest === 3 ? ['h1', 'h2', 'h3'] : ['h1', 'h2'])) {
    const title = ctx.dom.text(heading);
    if (!title) continue;
    const level = headingLevel(heading);
    if (level === 1) parent = title;
    const id = attr(heading, 'id');
    out.push({
      key: keys.take(keyOf(title), level > 1 ? parent : null),
      title,
      url: id ? absoluteUrl(`#${id}`, ctx.base) : null,
      level,
    });
    if (out.length >= MAX_SECTIONS) break;
  }
  return out;
}
