import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDate, IsIn, IsOptional } from 'class-validator';
import { parseTimestamp } from '../../common/since';

export const MATRIX_FORMATS = ['json', 'csv'] as const;
export const PROFILE_FORMATS = ['json', 'markdown'] as const;

const toTimestamp = ({ value }: { value: unknown }) => (typeof value === 'string' ? (parseTimestamp(value) ?? value) : value);

export class PricingMatrixQuery {
  /** the matrix from the captures current at this ISO 8601 time (default now); anything else gives 400 invalid_params */
  @ApiPropertyOptional({ type: String, format: 'date-time', example: '2026-10-01T00:00:00Z' })
  @IsOptional()
  @Transform(toTimestamp)
  @IsDate({ message: 'as_of must be an ISO 8601 timestamp' })
  as_of?: Date;

  /** csv answers text/csv, one row per price */
  @ApiPropertyOptional({ enum: MATRIX_FORMATS, default: 'json' })
  @IsOptional()
  @IsIn(MATRIX_FORMATS, { message: `format must be one of ${MATRIX_FORMATS.join(', ')}` })
  format?: (typeof MATRIX_FORMATS)[number];
}

export class CompetitorProfileQuery {
  /** markdown answers text/markdown, a one-page battlecard */
  @ApiPropertyOptional({ enum: PROFILE_FORMATS, default: 'json' })
  @IsOptional()
  @IsIn(PROFILE_FORMATS, { message: `format must be one of ${PROFILE_FORMATS.join(', ')}` })
  format?: (typeof PROFILE_FORMATS)[number];
}
