import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsPositive, Max } from 'class-validator';
import { MAX_ID } from '../../common/parse-id.pipe';

export class RefreshWorkspaceDto {
  /** only the monitors of this competitor */
  @ApiPropertyOptional({ example: 7 })
  @IsOptional()
  @IsInt()
  @IsPositive()
  @Max(MAX_ID)
  competitor_id?: number;
}
