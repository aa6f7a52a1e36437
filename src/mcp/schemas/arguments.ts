import { MONITOR_TYPES } from '../../capture/capture.types';
import { REVIEW_STATUSES } from '../../changes/change.types';
import { MAX_BIG_ID, MAX_ID } from '../../common/parse-id.pipe';
import { SEVERITIES } from '../../common/severity';
import { DEFAULT_DIGEST_PERIOD } from '../../digest/digest.service';
import { DIGEST_PERIODS } from '../../digest/digest.types';
import type { JsonSchema } from '../tool';

const id = (maximum: number, description: string): JsonSchema => ({ type: 'integer', minimum: 1, maximum, description });

/** The tools' arguments, named and bounded as the REST parameters they stand for. */
export const ARGUMENTS = {
  workspace_id: id(MAX_ID, 'A workspace id (from list_workspaces).'),
  competitor_id: id(MAX_ID, 'A competitor id (from list_competitors, or competitor_id in changes).'),
  monitor_id: id(MAX_ID, "A monitor id (from a competitor's monitors in list_competitors)."),
  change_id: id(MAX_BIG_ID, 'A change id (from list_changes, or change_id in a digest).'),
  review_status: { type: 'string', enum: [...REVIEW_STATUSES], description: 'unreviewed (new), acknowledged (seen and handled) or dismissed (not relevant).' },
  min_severity: { type: 'string', enum: [...SEVERITIES], description: 'Only changes of this severity or higher (info < low < medium < high < critical).' },
  since: { type: 'string', description: 'Only changes recorded at or after this time: an ISO 8601 timestamp, or 1d, 7d or 30d before now.', examples: ['7d', '2026-11-01T00:00:00Z'] },
  monitor_type: { type: 'string', enum: [...MONITOR_TYPES], description: 'Only changes seen on this kind of page (pricing, blog, changelog, …).' },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 25, description: 'Page size, 1 to 100 (default 25).' },
  after: { type: 'integer', minimum: 1, description: 'The next_cursor of the previous page, to read the next one.' },
  period: { type: 'string', enum: [...DIGEST_PERIODS], default: DEFAULT_DIGEST_PERIOD, description: `The period ending now: 1d, 7d or 30d (default ${DEFAULT_DIGEST_PERIOD}).` },
} satisfies Record<string, JsonSchema>;
