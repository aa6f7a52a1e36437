import { invalidParams } from './errors';

const RELATIVE_DAYS: Record<string, number> = { '1d': 1, '7d': 7, '30d': 30 };
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 timestamp (or date) that names a real calendar day, else null: `2026-02-30` is not March 2. */
export function parseTimestamp(raw: string): Date | null {
  const m = ISO_8601.exec(raw);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `since`: an ISO 8601 timestamp, or 1d/7d/30d before now (DESIGN §6.14). */
export function parseSince(raw: string | undefined, now = new Date()): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const days = RELATIVE_DAYS[raw];
  if (days) return new Date(now.getTime() - days * 86_400_000);
  const date = parseTimestamp(raw);
  if (!date) throw invalidParams('since must be an ISO 8601 timestamp or one of 1d, 7d, 30d');
  return date;
}
