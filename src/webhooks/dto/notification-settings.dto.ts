import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';
import { SEVERITIES, type Severity } from '../../common/severity';
import { CHANNEL_NAMES, CHANNEL_TYPES } from '../channels/registered-channels';
import { NOTIFICATION_DIGEST_PERIODS, type NotificationDigestPeriod } from '../digest-window';
import { NOTIFICATION_MODES, type NotificationMode } from '../notification-settings.types';

/** Query strings carry numbers as text. */
const toIntIfNumeric = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** Each registered channel's destination field (webhook_url, email_recipients, …), validated as the channel declares. */
class ChannelDestinationFields {}
for (const type of CHANNEL_TYPES) type.info.request(ChannelDestinationFields.prototype, type.info.field);

/**
 * PUT replaces the settings; omitted fields take their defaults (a channel omitted is off),
 * except the write-only secret. At least one destination is required.
 */
export class PutNotificationSettingsDto extends ChannelDestinationFields {
  /** The channels' destination fields, by name. */
  [field: string]: unknown;

  /** HMAC key for X-Service-Signature. Write-only: omit it to keep the current secret, null removes it. */
  @ApiPropertyOptional({ example: 'whsec_8d0f6f5e2a4b4c1f9e3a', writeOnly: true, minLength: 16, maxLength: 256 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Length(16, 256)
  signing_secret?: string | null;

  /** realtime: one change.detected per change at or above realtime_min_severity; digest: one digest.ready per window */
  @ApiPropertyOptional({ enum: NOTIFICATION_MODES, default: 'realtime' })
  @IsOptional()
  @IsIn(NOTIFICATION_MODES)
  mode?: NotificationMode;

  @ApiPropertyOptional({ enum: SEVERITIES, default: 'medium' })
  @IsOptional()
  @IsIn(SEVERITIES)
  realtime_min_severity?: Severity;

  /** 1d: a window closes every day at digest_hour_utc; 7d: every Monday at digest_hour_utc */
  @ApiPropertyOptional({ enum: NOTIFICATION_DIGEST_PERIODS, default: '1d' })
  @IsOptional()
  @IsIn(NOTIFICATION_DIGEST_PERIODS)
  digest_period?: NotificationDigestPeriod;

  @ApiPropertyOptional({ minimum: 0, maximum: 23, default: 9, example: 9 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(23)
  digest_hour_utc?: number;
}

export class TestNotificationDto {
  /** the channel to test; it must be configured */
  @ApiPropertyOptional({ enum: CHANNEL_NAMES, default: 'webhook', example: 'slack' })
  @IsOptional()
  @IsIn(CHANNEL_NAMES)
  channel?: string;
}

export class DeliveryListQuery {
  /** only this channel’s deliveries */
  @ApiPropertyOptional({ enum: CHANNEL_NAMES, example: 'email' })
  @IsOptional()
  @IsIn(CHANNEL_NAMES)
  channel?: string;

  @ApiPropertyOptional({ example: 25, minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Transform(toIntIfNumeric)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}
