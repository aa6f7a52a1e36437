import type { ChangelogEntry } from '../capture.types';
import type { VersionMatch } from './changelog-signals';
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
    const base = draft.version?.key ?? draft.anchor ?? (draft.date ? `${draft.date}-${keyOf(draft.title)}` : keyOf(draft.title));
    return {
      key: keys.take(base),
      title: draft.title,
      version: draft.version?.version ?? null,
      date: draft.date,
      items: draft.items.slice(0, MAX_ITEMS),
    };
  });
}
