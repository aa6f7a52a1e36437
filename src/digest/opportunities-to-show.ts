import { severityRank, type Severity } from '../common/severity';

/**
 * The opportunities a person is shown beside "Needs review" (the application's digest page, the
 * digest email and chat messages): medium or above, and not already listed under needs review.
 * The API's top_opportunities keeps every change with a score above 0, as the spec defines it.
 */
export function opportunitiesToShow<T extends { change_id: number; severity: string }>(opportunities: readonly T[], needsReview: readonly { change_id: number }[]): T[] {
  const listed = new Set(needsReview.map((item) => item.change_id));
  return opportunities.filter((item) => severityRank(item.severity as Severity) >= severityRank('medium') && !listed.has(item.change_id));
}
