import type { ChangeEntity } from '../changes/change.entity';
import type { Severity } from '../common/severity';

/** A change with what change.detected names beside it (workspace and competitor names). */
export type ChangeEventRow = Pick<
  ChangeEntity,
  | 'id' | 'workspace_id' | 'competitor_id' | 'monitor_id' | 'monitor_type' | 'severity' | 'summary' | 'why_it_matters'
  | 'review_status' | 'category' | 'direction' | 'delta' | 'source_url' | 'created_at'
> & {
  workspace_name: string;
  competitor: string;
  field_diffs: Record<string, unknown>[];
  evidence: { captured_at?: string | null; previous_captured_at?: string | null; diffs?: Record<string, unknown>[] };
  raw_diff_available: boolean;
};

/** change.detected `data`, with exactly the fields the spec lists and in its order. */
export interface ChangeDetectedData {
  id: number;
  workspace_id: number;
  workspace_name: string;
  competitor_id: number;
  competitor: string;
  monitor_id: number;
  monitor_type: string;
  severity: Severity;
  summary: string;
  why_it_matters: string;
  review_status: string;
  category: string;
  direction: string;
  delta: { added: number; removed: number; modified: number };
  field_diffs: { op: unknown; path: unknown; tier: unknown; change_type: unknown; old: unknown; new: unknown }[];
  evidence: {
    captured_at: string | null;
    previous_captured_at: string | null;
    diffs: { op: unknown; path: unknown; tier: unknown; change_type: unknown }[];
  };
  source_url: string;
  links: { self: string };
  raw_diff_available: boolean;
  created_at: string;
}

export function toChangeDetectedData(row: ChangeEventRow, publicBaseUrl: string): ChangeDetectedData {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    workspace_name: row.workspace_name,
    competitor_id: row.competitor_id,
    competitor: row.competitor,
    monitor_id: row.monitor_id,
    monitor_type: row.monitor_type,
    severity: row.severity,
    summary: row.summary,
    why_it_matters: row.why_it_matters,
    review_status: row.review_status,
    category: row.category,
    direction: row.direction,
    delta: { added: row.delta.added ?? 0, removed: row.delta.removed ?? 0, modified: row.delta.modified ?? 0 },
    field_diffs: (row.field_diffs ?? []).map((d) => ({
      op: d.op,
      path: d.path,
      tier: d.tier,
      change_type: d.change_type,
      old: d.old ?? null,
      new: d.new ?? null,
    })),
    // The evidence index carries no values: those are in field_diffs.
    evidence: {
      captured_at: row.evidence?.captured_at ?? null,
      previous_captured_at: row.evidence?.previous_captured_at ?? null,
      diffs: (row.evidence?.diffs ?? []).map((d) => ({ op: d.op, path: d.path, tier: d.tier, change_type: d.change_type })),
    },
    source_url: row.source_url,
    links: { self: `${publicBaseUrl}/changes/${row.id}` },
    raw_diff_available: row.raw_diff_available,
    created_at: new Date(row.created_at).toISOString(),
  };
}
