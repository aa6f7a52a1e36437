import type { ChangelogEntry } from '../capture.types';
import { entryTitle, type VersionMatch } from './changelog-signals';
import { keyOf, KeyAllocator } from './keys';

const MAX_ITEMS = 200;

/** An entry as read from the page, before it is keyed. */
export interface EntryDraft {
  title: string;
  version: VersionMatch | null;
  date: string | null;
  anchor: string | null;
  items: string[];
}

/**
 * Keys that survive reordering and relabelling: the version, else the entry's anchor id, else its
 * normalised title with its date.
 */
export function toEntries(drafts: EntryDraft[]): ChangelogEntry[] {
  const keys = new KeyAllocator();
  return drafts.map((draft) => {
    // An entry titled only by its date ("Mar 29, 2023") is keyed by the date alone.
    const named = draft.date && entryTitle(draft.title) ? `${draft.date}-${keyOf(draft.title)}` : draft.date;
    const base = draft.version?.key ?? draft.anchor ?? named ?? keyOf(draft.title);
    return {
      key: keys.take(base),
      title: draft.title,
      version: draft.version?.version ?? null,
      date: draft.date,
      items: draft.items.slice(0, MAX_ITEMS),
    };
  });
}
