/** How often a competitor publishes, from the dates written on its entries (never from when changes were detected). */
export interface PublicationCadence {
  count: number;
  latest: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Entries dated within the last `days` days, and the newest date, from `yyyy-mm-dd` dates as the
 * extractors read them. Undated entries and dates after today (a scheduled post, a typo) count for
 * neither.
 */
export function publicationCadence(dates: readonly (string | null)[], now: Date, days: number): PublicationCadence {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const times = dates
    .map((date) => (date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN))
    .filter((time) => !Number.isNaN(time) && time <= today);
  const count = times.filter((time) => time > today - days * DAY_MS).length;
  return { count, latest: times.length ? new Date(Math.max(...times)).toISOString() : null };
}
