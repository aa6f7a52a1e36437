import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { SEVERITIES, type Severity } from '../../common/severity';
import { CHANNELS, type Channel } from '../../notifications/channels';
import { NOTIFICATION_DIGEST_PERIODS, type NotificationDigestPeriod } from '../digest-window';
import { NOTIFICATION_MODES, type NotificationMode } from '../notification-settings.repository';

/** Query strings carry numbers as text. */
const toIntIfNumeric = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

export const MAX_EMAIL_RECIPIENTS = 20;

const CHAT_URL_NOTE = 'https, on a public address (unless the server allows private targets); null or omitted: channel off';

/**
 * PUT replaces the settings; omitted fields take their defaults (a channel omitted is off),
 * except the write-only secret. At least one destination is required.
 */
export class PutNotificationSettingsDto {
  @ApiPropertyOptional({
    example: 'https://hooks.example.com/rivalwatch',
    description: 'signed JSON webhook; https, on a public address (unless the server allows private targets); null or omitted: off',
    maxLength: 2048,
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  webhook_url?: string | null;

  @ApiPropertyOptional({
    example: ['pm@example.com', 'founders@example.com'],
    description: `email alerts and digests, at most ${MAX_EMAIL_RECIPIENTS} addresses; [] or null: off`,
    type: [String],
    nullable: true,
    maxItems: MAX_EMAIL_RECIPIENTS,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EMAIL_RECIPIENTS)
  @IsEmail({}, { each: true, message: 'each email_recipients entry must be an email address' })
  @MaxLength(254, { each: true })
  email_recipients?: string[] | null;

  @ApiPropertyOptional({
    example: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX',
    description: `Slack incoming webhook (Block Kit messages); ${CHAT_URL_NOTE}`,
    maxLength: 2048,
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  slack_webhook_url?: string | null;

  @ApiPropertyOptional({
    example: 'https://prod-00.westeurope.logic.azure.com/workflows/0000/triggers/manual/paths/invoke?sig=XXXX',
    description: `Microsoft Teams Workflows webhook (Adaptive Cards); ${CHAT_URL_NOTE}`,
    maxLength: 2048,
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  teams_webhook_url?: string | null;

  @ApiPropertyOptional({
    example: 'https://discord.com/api/webhooks/000000000000000000/XXXXXXXX',
    description: `Discord webhook (embeds); ${CHAT_URL_NOTE}`,
    maxLength: 2048,
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  discord_webhook_url?: string | null;

  @ApiPropertyOptional({
    example: 'whsec_8d0f6f5e2a4b4c1f9e3a',
    nullable: true,
    type: String,
    writeOnly: true,
    minLength: 16,
    maxLength: 256,
    description: 'HMAC key for X-Service-Signature. Write-only: omit it to keep the current secret, null removes it.',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Length(16, 256)
  signing_secret?: string | null;

  @ApiPropertyOptional({
    enum: NOTIFICATION_MODES,
    default: 'realtime',
    description: 'realtime: one change.detected per change at or above realtime_min_severity; digest: one digest.ready per window',
  })
  @IsOptional()
  @IsIn(NOTIFICATION_MODES)
  mode?: NotificationMode;

  @ApiPropertyOptional({ enum: SEVERITIES, default: 'medium' })
  @IsOptional()
  @IsIn(SEVERITIES)
  realtime_min_severity?: Severity;

  @ApiPropertyOptional({
    enum: NOTIFICATION_DIGEST_PERIODS,
    default: '1d',
    description: '1d: a window closes every day at digest_hour_utc; 7d: every Monday at digest_hour_utc',
  })
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
  @ApiPropertyOptional({ enum: CHANNELS, default: 'webhook', example: 'slack', description: 'the channel to test; it must be configured' })
  @IsOptional()
  @IsIn(CHANNELS)
  channel?: Channel;
}

export class DeliveryListQuery {
  @ApiPropertyOptional({ enum: CHANNELS, example: 'email', description: 'only this channel’s deliveries' })
  @IsOptional()
  @IsIn(CHANNELS)
  channel?: Channel;

  @ApiPropertyOptional({ example: 25, minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Transform(toIntIfNumeric)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}
