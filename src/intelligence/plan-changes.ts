import type { PricingPlan } from '../capture/capture.types';
import { keyedItems } from '../diffing/keyed-set';
import { planKeyOf } from '../diffing/pricing.differ';

/** When a plan last changed up to a time: anything about it, and its prices. */
export interface PlanChangeTimes {
  /** The last change touching the plan: its name, prices, features or call to action. */
  plan: Date | null;
  /** The last change that moved one of its prices. */
  prices: Date | null;
}

/**
 * The path under which the pricing differ reports each plan's diffs (`plans[<key>]`), lower-cased
 * as `plan_changes` stores it. The differ's own keys, so two plans sharing a name (`team`,
 * `team#2`) are told apart; a plan without a name or key has none.
 */
export function planPaths(plans: readonly PricingPlan[]): Map<PricingPlan, string> {
  return new Map(keyedItems(plans, planKeyOf).map(({ key, item }) => [item, `plans[${key.toLowerCase()}]`]));
}
