import { MAX_BIG_ID } from './parse-id.pipe';

/**
 * Feed cursors are opaque integers: a change id with a check digit, so a hand-made or
 * stale-format cursor is refused instead of silently paging from a wrong place.
 */
const SCALE = 1000;
const CHECK = 997;
/** Change ids are bigint: the largest whose cursor is still an exact JSON number. */
const MAX_CURSOR_ID = Math.floor(MAX_BIG_ID / SCALE) - 1;

export function encodeCursor(changeId: number): number {
  return changeId * SCALE + (changeId % CHECK);
}

export function decodeCursor(cursor: number): number | null {
  if (!Number.isSafeInteger(cursor) || cursor <= 0) return null;
  const id = Math.floor(cursor / SCALE);
  if (id <= 0 || id > MAX_CURSOR_ID || cursor % SCALE !== id % CHECK) return null;
  return id;
}
