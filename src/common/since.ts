import { invalidParams } from './errors';

const RELATIVE_DAYS: Record<string, number> = { '1d': 1, '7d': 7, '30d': 30 };
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** `since`: an ISO 8601 timestamp, or 1d/7d/30d before now (DESIGN §6.14). */
export function parseSince(raw: string | undefined, now = new Date()): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const days = RELATIVE_DAYS[raw];
  if (days) return new Date(now.getTime() - days * 86_400_000);
  const date = ISO_8601.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw invalidParams('since must be an ISO 8601 timestamp or one of 1d, 7d, 30d');
  return date;
}
