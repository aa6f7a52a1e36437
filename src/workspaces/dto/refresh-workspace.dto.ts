import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsPositive } from 'class-validator';

export class RefreshWorkspaceDto {
  @ApiPropertyOptional({ example: 7, description: 'only the monitors of this competitor' })
  @IsOptional()
  @IsInt()
  @IsPositive()
  competitor_id?: number;
}
