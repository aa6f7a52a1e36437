/**
 * Numbers inside short marketing texts ("Trusted by 25,000+ teams", "30-day free trial"), so a
 * changed claim can be ranked as raised or lowered instead of merely "modified".
 */

const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};
const COUNT = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|thousand|mm|m|million|bn|b|billion)?(?![a-z])\s*(\+|%)?/i;
const DURATION = /(\d+)\s*-?\s*(day|week|month|year)s?\b/i;
const DAYS_PER: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/** The first count in a text, with its scale applied: "1.5M users" → 1500000; none → null. */
export function countIn(text: string | null | undefined): number | null {
  const match = COUNT.exec(text ?? '');
  if (!match) return null;
  const value = Number(match[1].replace(/,/g, ''));
  const scale = match[2] ? SCALES[match[2].toLowerCase()] : 1;
  return Number.isFinite(value) ? value * scale : null;
}

/**
 * A rounded claim ("10,000+ teams", "2M users", "99.9% uptime") as opposed to a live counter
 * ("1,204,332 notes synced") that changes on every visit and means nothing when it does.
 */
export function isRoundedClaim(text: string | null | undefined): boolean {
  const match = COUNT.exec(text ?? '');
  if (!match) return false;
  if (match[2] || match[3]) return true;
  const value = Number(match[1].replace(/,/g, ''));
  return value >= 100 && value % 100 === 0;
}

/** A trial or period length in days: "14-day free trial" → 14, "1 month" → 30; none → null. */
export function durationDays(text: string | null | undefined): number | null {
  const match = DURATION.exec(text ?? '');
  return match ? Number(match[1]) * DAYS_PER[match[2].toLowerCase()] : null;
}
