import type { PlanPrice } from '../../../capture/capture.types';

/** "year" → "yearly": how a billing period reads before "billing" or "price". */
export function periodWord(period: PlanPrice['period'] | string | null | undefined): string {
  switch (period) {
    case 'year':
      return 'yearly';
    case 'month':
      return 'monthly';
    case 'week':
      return 'weekly';
    case 'day':
      return 'daily';
    case 'hour':
      return 'hourly';
    case 'one_time':
      return 'one-time';
    default:
      return 'new';
  }
}
