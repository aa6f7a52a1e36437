import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../common/trimmed';

export class CreateWorkspaceDto {
  @ApiProperty({ example: 'Project management market', maxLength: 120 })
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  name: string;
}

/** PATCH takes the same name rules as create. */
export class UpdateWorkspaceDto extends CreateWorkspaceDto {}
