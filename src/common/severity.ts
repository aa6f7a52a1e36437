export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

export function isSeverity(value: unknown): value is Severity {
  return typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
}

export function maxSeverity(values: Iterable<Severity>): Severity | null {
  let best: Severity | null = null;
  for (const value of values) {
    if (best === null || severityRank(value) > severityRank(best)) best = value;
  }
  return best;
}

/** Severities at or above the floor, for SQL `IN` filters. */
export function severitiesAtLeast(floor: Severity): Severity[] {
  return SEVERITIES.slice(severityRank(floor));
}
