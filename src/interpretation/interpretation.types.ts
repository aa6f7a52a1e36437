import type { CaptureFields, MonitorType } from '../capture/capture.types';
import type { Severity } from '../common/severity';
import type { ChangeCategory, ChangeDelta, ChangeDirection, FieldDiff } from '../diffing/diff.types';

export interface InterpretationInput {
  competitor: { name: string; domain: string };
  monitor: { type: MonitorType; url: string; name: string };
  field_diffs: FieldDiff[];
  category: ChangeCategory;
  direction: ChangeDirection;
  delta: ChangeDelta;
  /** Trimmed unified markdown diff; never a whole page. */
  raw_diff_excerpt: string;
  captured_at: string;
  previous_captured_at: string | null;
  /**
   * Typed fields of the two captures, when the caller has them. Optional: a diff path keys a plan
   * (`plans[pro].prices[month].amount`) but carries neither its display name nor its currency, so
   * with these the summary can say "$49 to $59" instead of "49 to 59". Never sent to a model whole.
   */
  before_fields?: CaptureFields | null;
  after_fields?: CaptureFields | null;
}

export interface ChangeCluster {
  headline: string;
  meaning: string;
  diff_indexes: number[];
}

export interface Interpretation {
  severity: Severity;
  severity_score: number;
  category: ChangeCategory;
  direction: ChangeDirection;
  summary: string;
  why_it_matters: string;
  recommended_action: string | null;
  opportunity_score: number;
  clusters: ChangeCluster[];
  enrichment: { seo_opportunity: { keywords: string[] } } & Record<string, unknown>;
  interpreted_by: string;
}

export interface Interpreter {
  readonly name: string;
  interpret(input: InterpretationInput): Promise<Interpretation>;
}
