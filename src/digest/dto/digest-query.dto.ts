import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DIGEST_PERIODS, type DigestPeriod } from '../digest.types';

export class DigestQuery {
  @ApiPropertyOptional({ enum: DIGEST_PERIODS, default: '7d', description: 'any other value gives 400 invalid_params' })
  @IsOptional()
  @IsIn(DIGEST_PERIODS, { message: `period must be one of ${DIGEST_PERIODS.join(', ')}` })
  period?: DigestPeriod;
}
