import { MONITOR_TYPES } from '../../capture/capture.types';
import { REVIEW_STATUSES } from '../../changes/change.types';
import { SEVERITIES } from '../../common/severity';
import { DIGEST_PERIODS } from '../../digest/digest.types';
import { anyObject, arrayOf, bool, int, nullable, num, oneOf, shape, str } from './json-schema';

/**
 * The tools' output schemas: the REST resources' shapes (Swagger's response DTOs) with the fields
 * a caller reads; `structuredContent` is the REST body itself, which may carry more.
 */
const time = str('ISO 8601 time, UTC');
const severity = oneOf(SEVERITIES);
const monitorType = oneOf(MONITOR_TYPES);

const changeItem = shape({
  id: int(),
  competitor_id: int(),
  competitor: str('competitor name'),
  logo_url: nullable(str()),
  monitor_id: int(),
  monitor_type: monitorType,
  severity,
  severity_score: int(),
  summary: str(),
  recommended_action: nullable(str()),
  opportunity_score: int(),
  review_status: oneOf(REVIEW_STATUSES),
  category: str(),
  direction: oneOf(['advanced', 'retreated', 'neutral']),
  delta: shape({ added: int(), removed: int() }),
  created_at: time,
});

const changeDetail = shape({
  ...changeItem.properties,
  why_it_matters: str(),
  field_diffs: arrayOf(shape({ op: str(), change_type: str(), path: str(), tier: str() })),
  clusters: arrayOf(shape({ headline: str(), meaning: str(), diff_indexes: arrayOf(int()) })),
  evidence: anyObject,
  enrichment: anyObject,
  interpreted_by: str(),
  interpreted_at: time,
  source_url: str(),
  raw_diff_available: bool,
});

const lastRun = nullable(shape({ id: int(), status: str(), error_code: nullable(str()), error_message: nullable(str()), finished_at: nullable(time) }));

const plan = shape({
  name: str(),
  prices: arrayOf(shape({ amount: nullable(num), currency: nullable(str()), period: str(), unit: nullable(str()) })),
  features: arrayOf(str()),
  free: bool,
  contact_sales: bool,
  changed_at: nullable(time),
});

const digestItem = shape({
  change_id: int(),
  competitor_id: int(),
  competitor: str(),
  monitor_type: monitorType,
  source_url: str(),
  summary: str(),
  severity,
  why_it_matters: str(),
  review_status: oneOf(REVIEW_STATUSES),
  created_at: time,
});

export const OUTPUT_SCHEMAS = {
  workspaces: shape({
    workspaces: arrayOf(
      shape({
        id: int(),
        name: str(),
        slug: str(),
        created_at: time,
        needs_review_count: int('unreviewed changes'),
        max_unreviewed_severity: nullable(severity),
        competitors_count: int(),
        monitors_total: int(),
        monitors_paused: int(),
      }),
    ),
  }),
  competitors: shape({
    competitors: arrayOf(
      shape({
        id: int(),
        name: str(),
        homepage_url: str(),
        domain: str(),
        logo_url: nullable(str()),
        discovery_status: oneOf(['pending', 'running', 'completed', 'failed']),
        created_at: time,
        monitors: arrayOf(shape({ id: int(), name: str(), monitor_type: monitorType, status: oneOf(['active', 'paused']), cadence: str(), last_run: lastRun })),
      }),
    ),
  }),
  changes: shape({
    changes: arrayOf(changeItem, 'newest first'),
    has_more: bool,
    next_cursor: nullable(int('pass as `after` for the next page')),
    meta: shape({
      counts: shape({ unreviewed: int(), acknowledged: int(), dismissed: int() }),
      max_unreviewed_severity: nullable(severity),
    }),
  }),
  change: shape({ change: changeDetail }),
  digest: shape({
    digest: shape({
      workspace_id: int(),
      workspace_name: str(),
      period: oneOf(DIGEST_PERIODS),
      window_start: time,
      window_end: time,
      generated_at: time,
      needs_review: shape({ count: int(), max_severity: nullable(severity), items: arrayOf(digestItem) }),
      whos_moving: arrayOf(shape({ competitor_id: int(), competitor: str(), count: int(), max_severity: severity, sparkline: arrayOf(int()) })),
      top_opportunities: arrayOf(shape({ ...digestItem.properties, opportunity_score: int() })),
      themes: arrayOf(shape({ competitor_id: int(), competitor: str(), summary: str(), change_ids: arrayOf(int()), severity })),
      coverage: shape({ monitors_total: int(), monitors_healthy: int(), monitors_failing: int(), failing_monitor_ids: arrayOf(int()) }),
      consumption: shape({ pending: int(), reviewed_in_period: int() }),
    }),
  }),
  pricingMatrix: shape({
    pricing_matrix: shape({
      workspace_id: int(),
      as_of: time,
      competitors: arrayOf(
        shape({ competitor_id: int(), name: str(), monitor_id: int(), source_url: str(), captured_at: time, plans: arrayOf(plan) }),
      ),
    }),
  }),
  profile: shape({
    profile: shape({
      competitor_id: int(),
      name: str(),
      homepage_url: str(),
      logo_url: nullable(str()),
      headline: nullable(str()),
      plans: arrayOf(plan),
      price_range: nullable(shape({ min: num, max: num, currency: str(), period: str() })),
      recent_changes: arrayOf(shape({ id: int(), severity, summary: str(), monitor_type: monitorType, created_at: time })),
      releases_last_90_days: int(),
      posts_last_90_days: int(),
      last_release_at: nullable(time),
      last_post_at: nullable(time),
      surfaces: arrayOf(shape({ monitor_id: int(), monitor_type: monitorType, url: str(), status: str(), last_checked_at: nullable(time) })),
    }),
  }),
  checkQueued: shape({ status: oneOf(['queued']), monitor_id: int(), run_id: int() }),
};
