import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsPositive, Max } from 'class-validator';
import { MAX_ID } from '../../common/parse-id.pipe';

export class RefreshWorkspaceDto {
  @ApiPropertyOptional({ example: 7, description: 'only the monitors of this competitor' })
  @IsOptional()
  @IsInt()
  @IsPositive()
  @Max(MAX_ID)
  competitor_id?: number;
}
