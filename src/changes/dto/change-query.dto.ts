import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsPositive, IsString, Max, Min } from 'class-validator';
import { MONITOR_TYPES } from '../../capture/capture.types';
import { MAX_ID } from '../../common/parse-id.pipe';
import { SEVERITIES, type Severity } from '../../common/severity';
import { REVIEW_STATUSES, type ReviewStatus } from '../change.types';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export class ListChangesQuery {
  /** required; missing gives 422 workspace_required */
  @ApiProperty({ type: 'integer', required: true, example: 1 })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  @Max(MAX_ID)
  workspace_id?: number;

  @ApiPropertyOptional({ example: 3 })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  @Max(MAX_ID)
  competitor_id?: number;

  @ApiPropertyOptional({ enum: REVIEW_STATUSES, example: 'unreviewed' })
  @IsOptional()
  @IsIn(REVIEW_STATUSES)
  review_status?: ReviewStatus;

  /** severity floor */
  @ApiPropertyOptional({ enum: SEVERITIES, example: 'medium' })
  @IsOptional()
  @IsIn(SEVERITIES)
  min_severity?: Severity;

  /** ISO 8601 timestamp, or 1d, 7d, 30d before now */
  @ApiPropertyOptional({ example: '7d' })
  @IsOptional()
  @IsString()
  since?: string;

  @ApiPropertyOptional({ example: 'pricing', enum: MONITOR_TYPES })
  @IsOptional()
  @IsIn(MONITOR_TYPES)
  monitor_type?: string;

  @ApiPropertyOptional({ example: 25, minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  /** the next_cursor of the previous page */
  @ApiPropertyOptional({ example: 4211017 })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  after?: number;
}

export class ChangeIncludeQuery {
  /** comma-separated: capture, capture_markdown, raw_diff */
  @ApiPropertyOptional({ example: 'capture,raw_diff' })
  @IsOptional()
  @IsString()
  include?: string;
}

export class UpdateChangeDto {
  @ApiProperty({ enum: REVIEW_STATUSES, example: 'acknowledged' })
  @IsIn(REVIEW_STATUSES)
  review_status: ReviewStatus;
}

