import type { DiscoveryType } from '../capture/capture.types';

/** Where a competitor's discovery stands (`competitors.discovery_status`). */
export type DiscoveryStatus = 'pending' | 'running' | 'completed' | 'failed';

/** What discovery did with a surface it found. */
export type SurfaceOutcome = 'monitored' | 'skipped_plan_limit' | 'skipped_by_request';

/** A surface discovery found, as `competitors.discovery_surfaces` keeps it. */
export interface DiscoveredSurface {
  monitor_type: DiscoveryType;
  url: string;
  outcome: SurfaceOutcome;
}
