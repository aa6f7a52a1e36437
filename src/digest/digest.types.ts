import type { Severity } from '../common/severity';
import type { Theme } from './themes';

export const DIGEST_PERIODS = ['1d', '7d', '30d'] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];

export const PERIOD_DAYS: Record<DigestPeriod, number> = { '1d': 1, '7d': 7, '30d': 30 };
export const DAY_MS = 86_400_000;

/** The spec's Digest item: one change as the digest shows it. */
export interface DigestItem {
  change_id: number;
  competitor_id: number;
  competitor: string;
  homepage_url: string;
  logo_url: string | null;
  monitor_type: string;
  source_url: string;
  summary: string;
  severity: Severity;
  why_it_matters: string;
  category: string;
  direction: string;
  delta: { added: number; removed: number; modified: number };
  review_status: string;
  created_at: string;
}

export interface OpportunityItem extends DigestItem {
  opportunity_score: number;
}

export interface WhosMovingEntry {
  competitor_id: number;
  competitor: string;
  logo_url: string | null;
  count: number;
  max_severity: Severity;
  /** Changes per day of the period, oldest first; one entry per day. */
  sparkline: number[];
}

/** The digest shared by GET /workspaces/{id}/digest and the digest.ready event. */
export interface DigestBody {
  period: DigestPeriod;
  window_start: string;
  window_end: string;
  generated_at: string;
  needs_review: { count: number; max_severity: Severity | null; items: DigestItem[] };
  whos_moving: WhosMovingEntry[];
  top_opportunities: OpportunityItem[];
  /** Related changes of one competitor across surfaces, read as one move. */
  themes: Theme[];
  coverage: { monitors_total: number; monitors_healthy: number; monitors_failing: number; failing_monitor_ids: number[] };
  consumption: { pending: number; reviewed_in_period: number };
}
