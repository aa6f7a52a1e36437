import { severityRank } from '../common/severity';
import { DAY_MS, PERIOD_DAYS, type DigestPeriod } from './digest.types';

/** Which changes a digest's sections read. */
export type ChangeScope =
  | { kind: 'period'; from: Date; to: Date }
  | { kind: 'changes'; ids: number[] };

/** Everything that differs between two digests; the builder takes nothing else. */
export interface DigestPlan {
  workspaceId: number;
  period: DigestPeriod;
  generatedAt: Date;
  /** The window the digest reports on; the sparkline and `reviewed_in_period` cover the period ending at its end. */
  windowStart: Date;
  windowEnd: Date;
  changes: ChangeScope;
  /** Lowest severity rank `needs_review` keeps among the unreviewed changes of the scope. */
  needsReviewMinRank: number;
}

/**
 * The API digest (spec "Notification digest versus API digest", right column): the whole
 * period up to now; needs_review keeps unreviewed changes of severity high or above.
 */
export function apiDigestPlan(workspaceId: number, period: DigestPeriod, now: Date): DigestPlan {
  const from = new Date(now.getTime() - PERIOD_DAYS[period] * DAY_MS);
  return {
    workspaceId,
    period,
    generatedAt: now,
    windowStart: from,
    windowEnd: now,
    changes: { kind: 'period', from, to: now },
    needsReviewMinRank: severityRank('high'),
  };
}

/**
 * The digest.ready digest (left column): only the changes buffered in the flushed window;
 * needs_review keeps every unreviewed one of them.
 */
export function notificationDigestPlan(o: {
  workspaceId: number;
  period: DigestPeriod;
  windowStart: Date;
  windowEnd: Date;
  changeIds: number[];
  now: Date;
}): DigestPlan {
  return {
    workspaceId: o.workspaceId,
    period: o.period,
    generatedAt: o.now,
    windowStart: o.windowStart,
    windowEnd: o.windowEnd,
    changes: { kind: 'changes', ids: o.changeIds },
    needsReviewMinRank: 0,
  };
}
