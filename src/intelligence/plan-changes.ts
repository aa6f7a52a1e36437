import type { PricingPlan } from '../capture/capture.types';
import type { ChangeType } from '../diffing/diff.types';
import { keyedItems } from '../diffing/keyed-set';
import { planKeyOf } from '../diffing/pricing.differ';

/** Field diff kinds that move a price: the ones a pricing page marks as "price changed". */
export const PRICE_CHANGE_TYPES: readonly ChangeType[] = [
  'billing_period_added',
  'billing_period_removed',
  'plan_added',
  'price_added',
  'price_changed',
  'price_decreased',
  'price_increased',
  'price_removed',
];

/** The newest change recorded on one field diff path of a monitor (`plans[growth].prices[year].amount`). */
export interface PathChange {
  path: string;
  /** The diff moved a price (one of PRICE_CHANGE_TYPES). */
  price: boolean;
  changed_at: Date;
}

export interface PlanChangeTimes {
  /** The last change touching the plan: its name, prices, features or call to action. */
  plan: Date | null;
  /** The last change to its prices. */
  prices: Date | null;
}

/**
 * When each plan last changed: the newest change with a field diff under the path the pricing
 * differ gives that plan (`plans[<key>]…`). Plans are matched by the differ's own keys, so two
 * plans sharing a name (`team`, `team#2`) are told apart; keys compare without case, as the
 * differ matches them. A plan no change touched gets nulls.
 */
export function planChangeTimes(plans: readonly PricingPlan[], changes: readonly PathChange[]): Map<PricingPlan, PlanChangeTimes> {
  const times = new Map<PricingPlan, PlanChangeTimes>(plans.map((plan) => [plan, { plan: null, prices: null }]));
  for (const { key, item } of keyedItems(plans, planKeyOf)) {
    const prefix = `plans[${key.toLowerCase()}]`;
    const entry = times.get(item)!;
    for (const change of changes) {
      if (!underPrefix(change.path.toLowerCase(), prefix)) continue;
      entry.plan = later(entry.plan, change.changed_at);
      if (change.price) entry.prices = later(entry.prices, change.changed_at);
    }
  }
  return times;
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && (path[prefix.length] === '.' || path[prefix.length] === '['));
}

const later = (a: Date | null, b: Date) => (a && a >= b ? a : b);
