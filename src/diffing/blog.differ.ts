import type { BlogFields, BlogPost } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { droppedOff } from './drop-off';
import { at, fieldDiff } from './field-diff';
import { diffKeyedSets, sameText, shownText } from './keyed-set';
import { normalizeUrl } from '../common/noise';

/** Fields of an existing post whose edits are worth recording; only a new title is alerted on. */
const EDITABLE: Array<keyof Pick<BlogPost, 'title' | 'excerpt' | 'date' | 'author'>> = [
  'title',
  'excerpt',
  'date',
  'author',
];

/**
 * Blog indexes: a new post is the news. A post that disappears from the end of the index has
 * dropped off because newer ones arrived, so that removal is informational, as are edits to an
 * existing post's excerpt, date or author; a post taken down from among posts that stayed alerts. A post retitled under the same URL is a (low) change:
 * a competitor reframing a published story is something a reader notices.
 */
export function diffBlog(before: BlogFields, after: BlogFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const posts = diffKeyedSets(before.posts, after.posts, (post) => post.key || postUrl(post), {
    // Keys built from a slug or a title can drift; the canonical URL, then the title, still identify the post.
    fallbacks: [postUrl, (post) => post.title],
  });
  for (const { key, item } of posts.added) {
    diffs.push(fieldDiff('added', 'post_added', at('posts', key), 'alertable', null, item));
  }
  const dropped = droppedOff(before.posts ?? [], new Set(posts.removed.map((entry) => entry.item)), (post) => post.date);
  for (const { key, item } of posts.removed) {
    diffs.push(fieldDiff('removed', 'post_removed', at('posts', key), dropped(item) ? 'informational' : 'alertable', item, null));
  }
  for (const { key, before: old, after: next } of posts.matched) {
    for (const field of EDITABLE) {
      if (sameText(old[field], next[field])) continue;
      const path = `${at('posts', key)}.${field}`;
      const retitled = field === 'title' && Boolean(shownText(old.title)) && Boolean(shownText(next.title));
      diffs.push(fieldDiff('modified', 'post_updated', path, retitled ? 'alertable' : 'informational', shownText(old[field]), shownText(next[field])));
    }
  }
  return diffs;
}

function postUrl(post: BlogPost): string | null {
  return post.url ? normalizeUrl(post.url) : null;
}
