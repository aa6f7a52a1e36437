import type { MonitorType } from '../capture/capture.types';

export type DiffOp = 'added' | 'removed' | 'updated' | 'modified';
export type DiffTier = 'alertable' | 'informational' | 'noise';

export type ChangeType =
  | 'price_increased'
  | 'price_decreased'
  | 'price_added'
  | 'price_removed'
  /** Added by diffing: a price whose amount cannot be ranked (currency, period or unit changed; contact sales ↔ amount). */
  | 'price_changed'
  | 'billing_period_added'
  | 'billing_period_removed'
  | 'plan_added'
  | 'plan_removed'
  | 'plan_renamed'
  | 'feature_added'
  | 'feature_removed'
  /** Added by diffing: a quantity inside a plan moved ("Up to 5 users" → "Up to 10 users"). */
  | 'limit_changed'
  | 'cta_changed'
  | 'free_trial_changed'
  | 'post_added'
  | 'post_removed'
  | 'post_updated'
  | 'entry_added'
  | 'entry_removed'
  | 'entry_updated'
  | 'section_added'
  | 'section_removed'
  | 'page_added'
  | 'page_removed'
  | 'headline_changed'
  | 'subheadline_changed'
  | 'cta_added'
  | 'cta_removed'
  | 'navigation_added'
  | 'navigation_removed'
  | 'announcement_changed'
  | 'logo_added'
  | 'logo_removed'
  | 'social_proof_changed'
  | 'testimonial_added'
  | 'testimonial_removed'
  | 'opening_added'
  | 'opening_removed'
  /** Added by diffing: an existing opening's title, location or team changed. */
  | 'opening_updated'
  | 'integration_added'
  | 'integration_removed'
  | 'title_changed'
  | 'heading_added'
  | 'heading_removed'
  | 'content_added'
  | 'content_removed'
  | 'content_changed';

export interface FieldDiff {
  op: DiffOp;
  change_type: ChangeType;
  /** JSON-path-like location, e.g. `plans[pro].prices[month].amount`. */
  path: string;
  tier: DiffTier;
  old: unknown;
  new: unknown;
}

export type ChangeCategory =
  | 'pricing'
  | 'feature'
  | 'content'
  | 'partnership'
  | 'social_proof'
  | 'positioning'
  | 'other';
export type ChangeDirection = 'advanced' | 'retreated' | 'neutral';

export interface ChangeDelta {
  added: number;
  removed: number;
  modified: number;
}

export interface DiffResult {
  monitor_type: MonitorType;
  field_diffs: FieldDiff[];
  /** Unified markdown diff (jsdiff) of before and after. */
  raw_diff: string;
  category: ChangeCategory;
  direction: ChangeDirection;
  delta: ChangeDelta;
  /** True when at least one field diff is alertable. */
  alertable: boolean;
  /** Set when substantial changed text of the main content is explained by no typed diff (reported as a content change). */
  extraction_gap: ExtractionGap | null;
}

/** Changed text of the main content that no typed diff explains: the extractor fell short. */
export interface ExtractionGap {
  /** The extractor that fell short: the monitor type. */
  extractor: MonitorType;
  before_items: number;
  after_items: number;
  /** Changed lines of the markdown diff. */
  changed_lines: number;
  /** Of those, the lines no typed diff explains (and that are not a date moving or re-spaced). */
  unexplained_lines: number;
}
