import type { Plan } from '../billing/plan';
import { MONITOR_TYPES } from '../capture/capture.types';
import type { SurfaceOutcome } from '../competitors/competitor.types';
import { type CompetitorDetailDto, sameUrl } from '../competitors/dto/competitor.response';

const IN_PROGRESS = ['pending', 'running'];

/** Why a discovered page has no monitor, as the page says it after "Not monitored: ". */
const NOT_MONITORED_REASON: Record<SurfaceOutcome, string> = {
  skipped_plan_limit: 'plan limit',
  skipped_by_request: 'not asked for',
  // Monitored at discovery, its monitor deleted since.
  monitored: 'deleted',
};

/** What a typed Add page form held when it failed, to show it again beside its error. */
export interface AddPageForm {
  competitorId: number;
  url: string;
  monitor_type: string;
  error: string;
}

export function planLimitText(plan: Plan): string {
  return `the ${plan.name} plan monitors at most ${plan.max_monitors} pages`;
}

/**
 * The discovery summary: how many pages were found, how many are monitored, and why the others
 * are not. Never "no pages are monitored" without the reason.
 */
function discoverySummary(found: number, notMonitored: { reason: string }[], plan: Plan): string {
  if (found === 0) return 'Discovery found no pages to watch. Add one with Add page.';
  const pages = found === 1 ? '1 page' : `${found} pages`;
  if (!notMonitored.length) return `Discovery found ${pages}: all monitored.`;
  const counts = new Map<string, number>();
  for (const { reason } of notMonitored) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const reasons = [...counts].map(([reason, n]) => (counts.size > 1 ? `${n} ${reason}` : reason)).join(', ');
  const limit = counts.has(NOT_MONITORED_REASON.skipped_plan_limit) ? `: ${planLimitText(plan)}` : '';
  return `Discovery found ${pages}: ${found - notMonitored.length} monitored, ${notMonitored.length} not monitored (${reasons}${limit}).`;
}

/** A competitor's card on the Competitors page: discovery state and summary, monitors, discovered pages without a monitor. */
export function competitorCard(c: CompetitorDetailDto & { logo: string | null }, plan: Plan, addPage: AddPageForm | null) {
  const discovering = IN_PROGRESS.includes(c.discovery_status);
  const completed = c.discovery_status === 'completed';
  const notMonitored = completed
    ? c.discovery.surfaces
        .filter((s) => !c.monitors.some((m) => sameUrl(m.url, s.url)))
        .map((s) => ({ ...s, reason: NOT_MONITORED_REASON[s.outcome as SurfaceOutcome] }))
    : [];
  const form = addPage?.competitorId === c.id ? addPage : null;
  return {
    ...c,
    discovering,
    failed: c.discovery_status === 'failed',
    error: c.discovery.error,
    summary: completed ? discoverySummary(c.discovery.surfaces.length, notMonitored, plan) : null,
    notMonitored,
    monitors: c.monitors.map((m) => ({ ...m, paused: m.status === 'paused', failing: m.last_run?.status === 'failed' })),
    addPage: {
      open: form !== null,
      url: form?.url ?? '',
      error: form?.error ?? null,
      types: MONITOR_TYPES.map((type) => ({ value: type, selected: type === (form?.monitor_type ?? 'pricing') })),
    },
  };
}
