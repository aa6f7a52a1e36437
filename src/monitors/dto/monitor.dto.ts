import { ApiProperty, ApiPropertyOptional, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsPositive, IsString, IsUrl, Max, MaxLength } from 'class-validator';
import { CADENCES, type Cadence } from '../../billing/plan';
import { MONITOR_TYPES, type MonitorType } from '../../capture/capture.types';
import { MAX_ID } from '../../common/parse-id.pipe';
import { Trimmed } from '../../common/trimmed';
import { SEVERITIES, type Severity } from '../../common/severity';

const URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'], require_tld: false };

export class CreateMonitorDto {
  @ApiProperty({ example: 3 })
  @IsInt()
  @IsPositive()
  @Max(MAX_ID)
  competitor_id: number;

  @ApiProperty({ example: 'https://acme.example/pricing' })
  @IsString()
  @IsUrl(URL_OPTIONS, { message: 'url must be an http or https URL' })
  @MaxLength(2048)
  url: string;

  @ApiProperty({ example: 'pricing', enum: MONITOR_TYPES })
  @IsIn(MONITOR_TYPES)
  monitor_type: MonitorType;

  @ApiPropertyOptional({ example: 'daily', enum: CADENCES, default: 'daily' })
  @IsOptional()
  @IsIn(CADENCES)
  cadence?: Cadence;

  @ApiPropertyOptional({ example: 'Acme pricing', description: 'defaults to "<competitor> <type>"' })
  @IsOptional()
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;
}

/** What only a PATCH sets: the create request leaves them at their defaults. */
class MonitorSettingsDto {
  @ApiPropertyOptional({ example: 'weekly', enum: CADENCES })
  @IsOptional()
  @IsIn(CADENCES)
  cadence?: Cadence;

  @ApiPropertyOptional({ example: 'paused', enum: ['active', 'paused'] })
  @IsOptional()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';

  @ApiPropertyOptional({ example: 'medium', enum: SEVERITIES })
  @IsOptional()
  @IsIn(SEVERITIES)
  min_severity?: Severity;
}

// The create request's cadence is not picked: its documented default does not apply to a PATCH.
export class UpdateMonitorDto extends IntersectionType(PartialType(PickType(CreateMonitorDto, ['url', 'monitor_type'] as const)), MonitorSettingsDto) {}

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

export class ListMonitorsQuery {
  @ApiProperty({ type: 'integer', required: true, example: 1, description: 'required; missing gives 422 workspace_required' })
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
}

export class MonitorIncludeQuery {
  @ApiPropertyOptional({ example: 'capture,capture_markdown', description: 'comma-separated: capture, capture_markdown' })
  @IsOptional()
  @IsString()
  include?: string;
}
