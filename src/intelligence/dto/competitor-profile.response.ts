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
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z', nullable: true, type: String }) last_checked_at: string | null;
}

export class CompetitorProfileDto {
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ example: 'https://acme.example/' }) homepage_url: string;
  @ApiProperty({ example: 'https://acme.example/logo.png', nullable: true, type: String, description: 'as in the competitor resource' })
  logo_url: string | null;
  @ApiProperty({ example: 'Ship projects faster with Acme', nullable: true, type: String, description: "the main heading of the homepage's latest capture" })
  headline: string | null;
  @ApiProperty({ type: [PlanDto], description: 'as in the pricing matrix, from the latest pricing capture' }) plans: PlanDto[];
  @ApiProperty({
    type: PriceRangeDto,
    nullable: true,
    description: "monthly equivalents of the priced plans (not free, not contact sales) in their most common currency; null when none",
  })
  price_range: PriceRangeDto | null;
  @ApiProperty({ type: [ProfileChangeDto], description: 'the newest 10 changes, every review status' }) recent_changes: ProfileChangeDto[];
  @ApiProperty({ example: 4, description: 'entries of the latest changelog capture dated in the last 90 days' }) releases_last_90_days: number;
  @ApiProperty({ example: 3, description: 'posts of the latest blog capture dated in the last 90 days' }) posts_last_90_days: number;
  @ApiProperty({ example: '2026-11-18T00:00:00.000Z', nullable: true, type: String, description: 'the newest date written on a changelog entry' })
  last_release_at: string | null;
  @ApiProperty({ example: '2026-11-20T00:00:00.000Z', nullable: true, type: String, description: 'the newest date written on a blog post' })
  last_post_at: string | null;
  @ApiProperty({ type: [ProfileSurfaceDto] }) surfaces: ProfileSurfaceDto[];
}

export class CompetitorProfileResponse {
  @ApiProperty({ type: CompetitorProfileDto }) profile: CompetitorProfileDto;
}
