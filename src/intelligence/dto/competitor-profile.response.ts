import { ApiProperty } from '@nestjs/swagger';
import { MONITOR_TYPES } from '../../capture/capture.types';
import { SEVERITIES } from '../../common/severity';
import { PlanDto } from './pricing-matrix.response';

export class PriceRangeDto {
  @ApiProperty({ example: 19 }) min: number;
  @ApiProperty({ example: 49 }) max: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 'month', enum: ['month'] }) period: string;
}

export class ProfileChangeDto {
  @ApiProperty({ example: 981 }) id: number;
  @ApiProperty({ example: 'high', enum: SEVERITIES }) severity: string;
  @ApiProperty({ example: 'Acme raised Pro from $49 to $59 per user per month' }) summary: string;
  @ApiProperty({ example: 'pricing', enum: MONITOR_TYPES }) monitor_type: string;
  @ApiProperty({ example: '2026-11-20T09:00:00.000Z' }) created_at: string;
}

export class ProfileSurfaceDto {
  @ApiProperty({ example: 12 }) monitor_id: number;
  @ApiProperty({ example: 'pricing', enum: MONITOR_TYPES }) monitor_type: string;
  @ApiProperty({ example: 'https://acme.example/pricing' }) url: string;
  @ApiProperty({ example: 'active', enum: ['active', 'paused'] }) status: string;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) last_checked_at: string | null;
}

export class CompetitorProfileDto {
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ example: 'https://acme.example/' }) homepage_url: string;
  /** as in the competitor resource */
  @ApiProperty({ example: 'https://acme.example/logo.png' })
  logo_url: string | null;
  @ApiProperty({ example: 'Ship projects faster with Acme', description: "the main heading of the homepage's latest capture" })
  headline: string | null;
  /** as in the pricing matrix, from the latest pricing capture */
  plans: PlanDto[];
  @ApiProperty({
    description: "monthly equivalents of the priced plans (not free, not contact sales) in their most common currency; null when none",
  })
  price_range: PriceRangeDto | null;
  /** the newest 10 changes, every review status */
  recent_changes: ProfileChangeDto[];
  /** entries of the latest changelog capture dated in the last 90 days */
  @ApiProperty({ example: 4 }) releases_last_90_days: number;
  /** posts of the latest blog capture dated in the last 90 days */
  @ApiProperty({ example: 3 }) posts_last_90_days: number;
  /** the newest date written on a changelog entry */
  @ApiProperty({ example: '2026-11-18T00:00:00.000Z' })
  last_release_at: string | null;
  /** the newest date written on a blog post */
  @ApiProperty({ example: '2026-11-20T00:00:00.000Z' })
  last_post_at: string | null;
  surfaces: ProfileSurfaceDto[];
}

export class CompetitorProfileResponse {
  profile: CompetitorProfileDto;
}
