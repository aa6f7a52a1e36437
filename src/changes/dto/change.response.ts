import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MONITOR_TYPES } from '../../capture/capture.types';
import { CaptureDto } from '../../monitors/dto/monitor.response';
import { SEVERITIES } from '../../common/severity';
import { VisualDto } from '../../evidence/dto/visual.response';
import { REVIEW_STATUSES } from '../change.types';
import type { ChangeListRow, ChangeRow } from '../changes.repository';

const CATEGORIES = ['pricing', 'feature', 'content', 'partnership', 'social_proof', 'positioning', 'other'];
const DIRECTIONS = ['advanced', 'retreated', 'neutral'];

export class DeltaDto {
  @ApiProperty({ example: 0 }) added: number;
  @ApiProperty({ example: 0 }) removed: number;
  /** alertable fields changed in place (a price moved), as in webhooks and the digest */
  @ApiProperty({ example: 1 }) modified: number;
}

export class ChangeListItemDto {
  @ApiProperty({ example: 501 }) id: number;
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) competitor: string;
  @ApiProperty({ example: 'https://acme.example/logo.png' }) logo_url: string | null;
  @ApiProperty({ example: 12 }) monitor_id: number;
  @ApiProperty({ example: 'pricing', enum: MONITOR_TYPES }) monitor_type: string;
  @ApiProperty({ example: 'high', enum: SEVERITIES }) severity: string;
  @ApiProperty({ example: 72 }) severity_score: number;
  @ApiProperty({ example: 'Acme raised Pro from $49 to $59 a month (+20%).' }) summary: string;
  @ApiProperty({ example: 'Contact Acme’s Pro customers with a switching offer.' })
  recommended_action: string | null;
  @ApiProperty({ example: 64 }) opportunity_score: number;
  @ApiProperty({ example: 'unreviewed', enum: REVIEW_STATUSES }) review_status: string;
  @ApiProperty({ example: 'pricing', enum: CATEGORIES }) category: string;
  @ApiProperty({ example: 'advanced', enum: DIRECTIONS }) direction: string;
  delta: DeltaDto;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) created_at: string;
}

export class FieldDiffDto {
  @ApiProperty({ example: 'updated' }) op: string;
  @ApiProperty({ example: 'price_increased' }) change_type: string;
  @ApiProperty({ example: 'plans[pro].prices[month].amount' }) path: string;
  @ApiProperty({ example: 'alertable', enum: ['alertable', 'informational', 'noise'] }) tier: string;
  @ApiProperty({ example: 49, nullable: true }) old: unknown;
  @ApiProperty({ example: 59, nullable: true }) new: unknown;
}

class ClusterThemeDto {
  @ApiProperty({ example: 'Joplin is moving upmarket: SSO on its changelog, blog and docs' }) summary: string;
  @ApiProperty({ example: ['SSO'] }) topics: string[];
  @ApiProperty({ example: ['changelog', 'blog', 'docs'] }) surfaces: string[];
  @ApiProperty({ example: [501, 502, 504] }) change_ids: number[];
  @ApiProperty({ example: 'medium', enum: SEVERITIES }) severity: string;
  @ApiProperty({ example: '2026-11-20T09:00:00.000Z' }) first_seen: string;
  @ApiProperty({ example: '2026-11-21T09:00:00.000Z' }) last_seen: string;
}

class ClusterDto {
  @ApiProperty({ example: 'Pro plan repriced' }) headline: string;
  @ApiProperty({ example: 'Acme is moving up-market.' }) meaning: string;
  @ApiProperty({ example: [0, 1] }) diff_indexes: number[];
  /** present on the last entry when the change belongs to a cross-surface theme: related changes of the competitor on other surfaces */
  theme?: ClusterThemeDto;
}

export class EvidenceDiffDto {
  @ApiProperty({ example: 'updated' }) op: string;
  @ApiProperty({ example: 'plans[pro].prices[month].amount' }) path: string;
  @ApiProperty({ example: 'alertable' }) tier: string;
  @ApiProperty({ example: 'price_increased' }) change_type: string;
}

class EvidenceDto {
  @ApiProperty({ example: '2026-11-22T09:00:03.000Z' }) captured_at: string;
  @ApiProperty({ example: '2026-11-21T09:00:03.000Z' }) previous_captured_at: string | null;
  diffs: EvidenceDiffDto[];
  /** before and after crops of the region that changed (not in webhook payloads) */
  visual: VisualDto;
}

class RawDiffSideDto {
  @ApiProperty({ example: '2026-11-21T09:00:03.000Z' }) captured_at: string;
  @ApiProperty({ example: '# Pricing\n…' }) markdown: string;
}

class RawDiffDto {
  before: RawDiffSideDto | null;
  after: RawDiffSideDto | null;
  @ApiProperty({ example: '--- before\n+++ after\n@@ …' }) unified: string;
}

export class ChangeDetailDto extends ChangeListItemDto {
  @ApiProperty({ example: 'A 20% rise on the main plan opens room for a price-led pitch.' }) why_it_matters: string;
  @ApiProperty({ type: [FieldDiffDto] }) field_diffs: unknown[];
  @ApiProperty({ type: [ClusterDto] }) clusters: unknown[];
  @ApiProperty({ type: EvidenceDto }) evidence: Record<string, unknown>;
  @ApiProperty({ example: { seo_opportunity: { keywords: ['usage based pricing'] } } }) enrichment: Record<string, unknown>;
  @ApiProperty({ example: 'rules-v1' }) interpreted_by: string;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) interpreted_at: string;
  @ApiProperty({ example: 'https://acme.example/pricing' }) source_url: string;
  @ApiProperty({ example: true }) raw_diff_available: boolean;
  capture?: CaptureDto | null;
  raw_diff?: RawDiffDto;
}

class MetaCountsDto {
  @ApiProperty({ example: 4 }) unreviewed: number;
  @ApiProperty({ example: 10 }) acknowledged: number;
  @ApiProperty({ example: 2 }) dismissed: number;
}
class FeedMetaDto {
  counts: MetaCountsDto;
  @ApiProperty({ example: 'high', enum: SEVERITIES }) max_unreviewed_severity: string | null;
}

export class ChangeListResponse {
  changes: ChangeListItemDto[];
  @ApiProperty({ example: true }) has_more: boolean;
  @ApiProperty({ example: 4211017 }) next_cursor: number | null;
  meta: FeedMetaDto;
}
export class ChangeResponse {
  change: ChangeDetailDto;
}

export function toChangeListItem(row: ChangeListRow): ChangeListItemDto {
  return {
    id: row.id,
    competitor_id: row.competitor_id,
    competitor: row.competitor,
    logo_url: row.logo_url,
    monitor_id: row.monitor_id,
    monitor_type: row.monitor_type,
    severity: row.severity,
    severity_score: row.severity_score,
    summary: row.summary,
    recommended_action: row.recommended_action,
    opportunity_score: row.opportunity_score,
    review_status: row.review_status,
    category: row.category,
    direction: row.direction,
    delta: { added: row.delta.added ?? 0, removed: row.delta.removed ?? 0, modified: row.delta.modified ?? 0 },
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toChangeDetail(row: ChangeRow): ChangeDetailDto {
  return {
    ...toChangeListItem(row),
    why_it_matters: row.why_it_matters,
    field_diffs: row.field_diffs,
    clusters: row.clusters,
    evidence: row.evidence,
    enrichment: row.enrichment,
    interpreted_by: row.interpreted_by,
    interpreted_at: new Date(row.interpreted_at).toISOString(),
    source_url: row.source_url,
    raw_diff_available: row.raw_diff !== null && row.previous_snapshot_id !== null,
  };
}
