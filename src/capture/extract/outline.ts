import type { DocsPage } from '../capture.types';
import { absoluteUrl, attr, findAll, headingLevel } from './dom';
import { keyOf, KeyAllocator } from './keys';
import type { PageContext } from './page-context';

const MAX_SECTIONS = 500;

/**
 * The page's outline: its headings in the main content down to `deepest` (h3 for docs), in order.
 * A sub-section is keyed under the h1 above it, and links to its anchor when the heading has an id.
 * With `topLevelH3`, an h3 that no h2 stands above (under the h1) counts too ("### Starter Credits"
 * before the page's first "## Enterprise").
 */
export function readOutline(ctx: PageContext, deepest: 2 | 3 = 3, topLevelH3 = false): DocsPage[] {
  const keys = new KeyAllocator();
  const out: DocsPage[] = [];
  let parent = '';
  let underH2 = false;
  for (const heading of findAll(ctx.root, deepest === 3 || topLevelH3 ? ['h1', 'h2', 'h3'] : ['h1', 'h2'])) {
    const level = headingLevel(heading);
    if (level < 3) underH2 = level === 2;
    else if (deepest === 2 && underH2) continue;
    const title = ctx.dom.text(heading);
    if (!title) continue;
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
