/** Where a change stands in review triage. */
export type ReviewStatus = 'unreviewed' | 'acknowledged' | 'dismissed';

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['unreviewed', 'acknowledged', 'dismissed'];
