import { ApiProperty } from '@nestjs/swagger';
import { SEVERITIES } from '../../common/severity';
import { NOTIFICATION_DIGEST_PERIODS } from '../digest-window';
import { NOTIFICATION_MODES, type NotificationSettingsRow } from '../notification-settings.repository';

export class NotificationSettingsDto {
  @ApiProperty({ example: 1 }) workspace_id: number;
  @ApiProperty({ example: 'https://hooks.example.com/rivalwatch' }) webhook_url: string;
  @ApiProperty({ example: true, description: 'the secret itself is never shown' }) signing_secret_set: boolean;
  @ApiProperty({ enum: NOTIFICATION_MODES, example: 'realtime' }) mode: string;
  @ApiProperty({ enum: SEVERITIES, example: 'medium' }) realtime_min_severity: string;
  @ApiProperty({ enum: NOTIFICATION_DIGEST_PERIODS, example: '1d' }) digest_period: string;
  @ApiProperty({ example: 9, minimum: 0, maximum: 23 }) digest_hour_utc: number;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z', nullable: true, type: String, description: 'end of the last flushed digest window' })
  last_flushed_at: string | null;
  @ApiProperty({ example: '2026-11-20T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z' }) updated_at: string;
}

export class NotificationSettingsResponse {
  @ApiProperty({ type: NotificationSettingsDto }) notification_settings: NotificationSettingsDto;
}

export class DeletedNotificationSettingsResponse {
  @ApiProperty({ example: true }) deleted: boolean;
  @ApiProperty({ example: 1 }) workspace_id: number;
}

export class TestPingResponse {
  @ApiProperty({ example: 812, description: 'the delivery, as listed by GET /workspaces/{id}/webhook_deliveries' })
  delivery_id: number;
  @ApiProperty({ example: 'wh_test_5f0c3a9e1b7d2c4e6a8f0b1d', description: 'the envelope id (and idempotency_key) of the ping' })
  event_id: string;
}

export function toNotificationSettings(row: NotificationSettingsRow): NotificationSettingsDto {
  return {
    workspace_id: row.workspace_id,
    webhook_url: row.webhook_url,
    signing_secret_set: row.signing_secret !== null,
    mode: row.mode,
    realtime_min_severity: row.realtime_min_severity,
    digest_period: row.digest_period,
    digest_hour_utc: row.digest_hour_utc,
    last_flushed_at: row.last_flushed_at ? new Date(row.last_flushed_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
