/** A post as an index or a post page shows it, before keys are given. */
export interface PostDraft {
  title: string;
  url: string | null;
  date: string | null;
  author: string | null;
  excerpt: string | null;
}

/** Listing pages (categories, tags, authors, pagination) are linked from indexes but are not posts. */
const LISTING_PATH_RE = /\/(?:categories|category|tags?|topics?|authors?|page)\/[^/]*\/?(?:\d+\/?)?$/i;

export const isPostHref = (href: string | null): boolean => !!href && !href.startsWith('#') && !LISTING_PATH_RE.test(href.split(/[?#]/)[0]);
