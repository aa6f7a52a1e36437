import type { PricingPlan } from '../capture/capture.types';
import { planKeyOf } from '../diffing/pricing.differ';
import { keyedItems } from '../diffing/keyed-set';

/** The newest change recorded on one field diff path of a monitor (`plans[growth].prices[year].amount`). */
export interface PathChange {
  path: string;
  changed_at: Date;
}

/**
 * When each plan last changed: the newest change with a field diff under the path the pricing
 * differ gives that plan (`plans[<key>]`, its name, prices, features, CTA). Plans are matched by
 * the differ's own keys, so two plans sharing a name (`pro`, `pro#2`) are told apart. A plan no
 * change touched gets null. Keys compare without case, as the differ matches them.
 */
export function planChangeTimes(plans: readonly PricingPlan[], changes: readonly PathChange[]): Map<PricingPlan, Date | null> {
  const prefixes = new Map(keyedItems(plans, planKeyOf).map(({ key, item }) => [item, `plans[${key.toLowerCase()}]`]));
  const times = new Map<PricingPlan, Date | null>();
  for (const plan of plans) {
    const prefix = prefixes.get(plan);
    let latest: Date | null = null;
    for (const change of prefix ? changes : []) {
      if (!underPrefix(change.path.toLowerCase(), prefix!)) continue;
      if (!latest || change.changed_at > latest) latest = change.changed_at;
    }
    times.set(plan, latest);
  }
  return times;
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && (path[prefix.length] === '.' || path[prefix.length] === '['));
}
