import { DAY_MS } from '../digest/digest.types';

export const NOTIFICATION_DIGEST_PERIODS = ['1d', '7d'] as const;
export type NotificationDigestPeriod = (typeof NOTIFICATION_DIGEST_PERIODS)[number];

const HOUR_MS = 3_600_000;
/** 1970-01-05 was a Monday: weekly windows close on Mondays at the digest hour. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/** The latest window boundary at or before `at`: daily at hourUtc, or Mondays at hourUtc for 7d. */
export function boundaryAtOrBefore(at: Date, period: NotificationDigestPeriod, hourUtc: number): Date {
  const step = period === '7d' ? 7 * DAY_MS : DAY_MS;
  const anchor = FIRST_MONDAY_MS + hourUtc * HOUR_MS;
  return new Date(anchor + Math.floor((at.getTime() - anchor) / step) * step);
}

export interface FlushWindow {
  start: Date;
  end: Date;
}

/**
 * The window a flush covers, or null when a scheduled flush is not due yet. A window starts
 * where the last flush ended, or at the boundary before the oldest buffered change (whichever is
 * later: a quiet spell must not make a new change look overdue); a scheduled flush ends it at
 * the latest boundary, a manual one now.
 */
export function windowToFlush(o: {
  now: Date;
  period: NotificationDigestPeriod;
  hourUtc: number;
  lastFlushedAt: Date | null;
  oldestBufferedAt: Date;
  manual: boolean;
}): FlushWindow | null {
  const firstBoundary = boundaryAtOrBefore(o.oldestBufferedAt, o.period, o.hourUtc);
  const start = o.lastFlushedAt && o.lastFlushedAt > firstBoundary ? o.lastFlushedAt : firstBoundary;
  const end = o.manual ? o.now : boundaryAtOrBefore(o.now, o.period, o.hourUtc);
  if (end <= start) return o.manual ? { start: end, end } : null;
  return { start, end };
}
