import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { CADENCES, type Cadence } from '../../billing/plan';
import { DISCOVERY_TYPES, type DiscoveryType } from '../../capture/capture.types';

export class AddCompetitorDto {
  @ApiProperty({ example: 'https://acme.example' })
  @IsString()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }, { message: 'url must be an http or https URL' })
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({ example: ['pricing', 'blog'], enum: DISCOVERY_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(DISCOVERY_TYPES, { each: true })
  monitor_types?: DiscoveryType[];
}

export class UpdateCompetitorDto {
  /** applied to all the competitor’s monitors */
  @ApiPropertyOptional({ example: 'weekly', enum: CADENCES })
  @IsOptional()
  @IsIn(CADENCES)
  cadence?: Cadence;

  /** applied to all the competitor’s monitors */
  @ApiPropertyOptional({ example: 'paused', enum: ['active', 'paused'] })
  @IsOptional()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';
}

export class CreateNoteDto {
  @ApiProperty({ example: 'Their sales team offers 30% off to switchers.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10000)
  body: string;
}
