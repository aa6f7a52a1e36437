export const CADENCES = ['hourly', 'six_hourly', 'daily', 'weekly'] as const;
export type Cadence = (typeof CADENCES)[number];

export const CADENCE_SECONDS: Record<Cadence, number> = {
  hourly: 3600,
  six_hourly: 6 * 3600,
  daily: 24 * 3600,
  weekly: 7 * 24 * 3600,
};

export const PLAN_IDS = ['trial', 'starter', 'growth', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Active API keys an account may hold (DESIGN §5g); the first key counts. */
export const MAX_ACTIVE_KEYS: Record<PlanId, number> = { trial: 2, starter: 5, growth: 10, pro: 25 };

/** A row of the `plans` table (DESIGN §6.7). */
export interface Plan {
  id: PlanId;
  name: string;
  requests_per_minute: number;
  checks_per_month: number;
  max_workspaces: number;
  max_monitors: number;
  min_cadence: Cadence;
}

/** True when `cadence` checks at least as often as the plan allows, i.e. is not faster than its minimum. */
export function cadenceAllowed(plan: Plan, cadence: Cadence): boolean {
  return CADENCE_SECONDS[cadence] >= CADENCE_SECONDS[plan.min_cadence];
}
