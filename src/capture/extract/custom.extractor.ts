import type { CustomFields } from '../capture.types';
import { findAll, ownListItemText, tagName, uniqueStrings } from './dom';
import type { PageContext } from './page-context';
import { stripSiteSuffix } from './page-meta';

const MAX_HEADINGS = 200;
const MAX_BLOCKS = 400;

export function extractCustom(ctx: PageContext): CustomFields {
  const h1 = findAll(ctx.root, 'h1')[0];
  const metaTitle = ctx.meta.title ? stripSiteSuffix(ctx.meta.title, ctx.meta.site_name, ctx.base) : null;
  const headings = findAll(ctx.root, ['h1', 'h2', 'h3']).map((h) => ctx.dom.text(h));
  const blocks = findAll(ctx.root, ['p', 'li', 'blockquote', 'dd', 'td', 'figcaption']).map((el) =>
    tagName(el) === 'li' ? ownListItemText(ctx.dom, el) : ctx.dom.text(el),
  );
  return {
    title: (h1 && ctx.dom.text(h1)) || metaTitle,
    headings: uniqueStrings(headings, MAX_HEADINGS),
    text_blocks: uniqueStrings(blocks, MAX_BLOCKS),
  };
}
