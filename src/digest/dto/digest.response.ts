import { ApiProperty, PickType } from '@nestjs/swagger';
import { ChangeListItemDto } from '../../changes/dto/change.response';
import { THEME_WINDOW_DAYS } from '../themes';
import { SEVERITIES } from '../../common/severity';
import { NEEDS_REVIEW_ITEM_LIMIT, TOP_OPPORTUNITIES_LIMIT } from '../digest.builder';
import { DIGEST_PERIODS } from '../digest.types';

/** A change as the digest lists it: the feed item's fields, with where the change was seen. */
export class DigestItemDto extends PickType(ChangeListItemDto, [
  'competitor_id', 'competitor', 'logo_url', 'monitor_type', 'summary', 'severity', 'category', 'direction', 'delta', 'review_status', 'created_at',
] as const) {
  @ApiProperty({ example: 501 }) change_id: number;
  @ApiProperty({ example: 'https://acme.example/' }) homepage_url: string;
  @ApiProperty({ example: 'https://acme.example/pricing' }) source_url: string;
  @ApiProperty({ example: 'A 20% rise on the main plan opens room for a price-led pitch.' }) why_it_matters: string;
}

export class OpportunityItemDto extends DigestItemDto {
  /** always above 0 */
  @ApiProperty({ example: 64 }) opportunity_score: number;
}

export class NeedsReviewDto {
  /** every matching change, not only the items shown */
  @ApiProperty({ example: 4 }) count: number;
  @ApiProperty({ example: 'critical', enum: SEVERITIES }) max_severity: string | null;
  @ApiProperty({ description: `at most ${NEEDS_REVIEW_ITEM_LIMIT}, most severe first, then newest` })
  items: DigestItemDto[];
}

export class WhosMovingDto {
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) competitor: string;
  @ApiProperty({ example: 'https://acme.example/logo.png' }) logo_url: string | null;
  @ApiProperty({ example: 5 }) count: number;
  @ApiProperty({ example: 'high', enum: SEVERITIES }) max_severity: string;
  /** changes per 24-hour slice of the period, oldest first, one entry per day (1, 7 or 30); the last slice ends at window_end */
  @ApiProperty({ example: [0, 1, 0, 0, 3, 0, 1] })
  sparkline: number[];
}

export class ThemeDto {
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Joplin' }) competitor: string;
  @ApiProperty({ example: 'Joplin is moving upmarket: SSO on its changelog, blog and docs' }) summary: string;
  /** what the changes share: upmarket signals, then keyword phrases */
  @ApiProperty({ example: ['SSO'] })
  topics: string[];
  /** monitor types, in the order the theme reached them */
  @ApiProperty({ example: ['changelog', 'blog', 'docs'] })
  surfaces: string[];
  @ApiProperty({ example: [501, 502, 504] }) change_ids: number[];
  /** the highest severity among its changes */
  @ApiProperty({ example: 'medium', enum: SEVERITIES }) severity: string;
  @ApiProperty({ example: '2026-11-20T09:00:00.000Z' }) first_seen: string;
  @ApiProperty({ example: '2026-11-21T09:00:00.000Z' }) last_seen: string;
}

export class CoverageDto {
  @ApiProperty({ example: 14 }) monitors_total: number;
  /** monitors whose last run did not fail (or that have not run yet) */
  @ApiProperty({ example: 13 })
  monitors_healthy: number;
  @ApiProperty({ example: 1 }) monitors_failing: number;
  @ApiProperty({ example: [42] }) failing_monitor_ids: number[];
}

export class ConsumptionDto {
  /** unreviewed changes in the workspace now */
  @ApiProperty({ example: 9 }) pending: number;
  /** changes acknowledged or dismissed during the period */
  @ApiProperty({ example: 21 }) reviewed_in_period: number;
}

/** The sections both digests share (the digest.ready `digest` object). */
export class DigestBodyDto {
  @ApiProperty({ example: '7d', enum: DIGEST_PERIODS }) period: string;
  @ApiProperty({ example: '2026-11-15T09:00:00.000Z' }) window_start: string;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) window_end: string;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) generated_at: string;
  needs_review: NeedsReviewDto;
  /** competitors with changes in the period, busiest first */
  whos_moving: WhosMovingDto[];
  @ApiProperty({
    description: `at most ${TOP_OPPORTUNITIES_LIMIT} changes with opportunity_score above 0, best first`,
  })
  top_opportunities: OpportunityItemDto[];
  @ApiProperty({
    description: `related changes of one competitor within ${THEME_WINDOW_DAYS} days across at least two surfaces (the same launch on its changelog, blog and docs), most severe first`,
  })
  themes: ThemeDto[];
  coverage: CoverageDto;
  consumption: ConsumptionDto;
}

export class WorkspaceDigestDto extends DigestBodyDto {
  @ApiProperty({ example: 1 }) workspace_id: number;
  @ApiProperty({ example: 'Project management market' }) workspace_name: string;
}

export class DigestResponse {
  @ApiProperty({
    description:
      'The whole workspace over the period ending now: needs_review holds unreviewed changes of severity high or above; ' +
      'whos_moving and top_opportunities read every change of the period.',
  })
  digest: WorkspaceDigestDto;
}
