import { ApiProperty } from '@nestjs/swagger';
import { SEVERITIES } from '../../common/severity';
import type { Channel } from '../../notifications/channels';
import { NOTIFICATION_DIGEST_PERIODS } from '../digest-window';
import { NOTIFICATION_MODES, type NotificationSettingsRow } from '../notification-settings.repository';

export class ChannelStateDto {
  @ApiProperty({ example: true, description: 'a URL (or at least one email recipient) is set' }) configured: boolean;
  @ApiProperty({
    example: false,
    description: 'the receiver answered 404 or 410 (410 for the webhook): nothing is sent on this channel until a new URL is saved',
  })
  broken: boolean;
  @ApiProperty({ example: null, nullable: true, type: String }) broken_since: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) broken_reason: string | null;
}

export class ChannelStatesDto {
  @ApiProperty({ type: ChannelStateDto }) webhook: ChannelStateDto;
  @ApiProperty({ type: ChannelStateDto, description: 'email is never broken: a refused recipient shows in the delivery log' }) email: ChannelStateDto;
  @ApiProperty({ type: ChannelStateDto }) slack: ChannelStateDto;
  @ApiProperty({ type: ChannelStateDto }) teams: ChannelStateDto;
  @ApiProperty({ type: ChannelStateDto }) discord: ChannelStateDto;
}

export class NotificationSettingsDto {
  @ApiProperty({ example: 1 }) workspace_id: number;
  @ApiProperty({ example: 'https://hooks.example.com/rivalwatch', nullable: true, type: String }) webhook_url: string | null;
  @ApiProperty({ example: true, description: 'the secret itself is never shown' }) signing_secret_set: boolean;
  @ApiProperty({ example: ['pm@example.com'], type: [String] }) email_recipients: string[];
  @ApiProperty({ example: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX', nullable: true, type: String }) slack_webhook_url: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) teams_webhook_url: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) discord_webhook_url: string | null;
  @ApiProperty({ enum: NOTIFICATION_MODES, example: 'realtime', description: 'shared by every channel' }) mode: string;
  @ApiProperty({ enum: SEVERITIES, example: 'medium' }) realtime_min_severity: string;
  @ApiProperty({ enum: NOTIFICATION_DIGEST_PERIODS, example: '1d' }) digest_period: string;
  @ApiProperty({ example: 9, minimum: 0, maximum: 23 }) digest_hour_utc: number;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z', nullable: true, type: String, description: 'end of the last flushed digest window' })
  last_flushed_at: string | null;
  @ApiProperty({ type: ChannelStatesDto, description: 'per channel: configured, and broken (with since when and why)' })
  channels: ChannelStatesDto;
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

function channelState(row: NotificationSettingsRow, channel: Channel, configured: boolean): ChannelStateDto {
  const broken = row.broken_channels?.[channel] ?? null;
  return {
    configured,
    broken: broken !== null,
    broken_since: broken ? new Date(broken.since).toISOString() : null,
    broken_reason: broken?.reason ?? null,
  };
}

export function toNotificationSettings(row: NotificationSettingsRow): NotificationSettingsDto {
  return {
    workspace_id: row.workspace_id,
    webhook_url: row.webhook_url,
    signing_secret_set: row.signing_secret !== null,
    email_recipients: row.email_recipients,
    slack_webhook_url: row.slack_webhook_url,
    teams_webhook_url: row.teams_webhook_url,
    discord_webhook_url: row.discord_webhook_url,
    mode: row.mode,
    realtime_min_severity: row.realtime_min_severity,
    digest_period: row.digest_period,
    digest_hour_utc: row.digest_hour_utc,
    last_flushed_at: row.last_flushed_at ? new Date(row.last_flushed_at).toISOString() : null,
    channels: {
      webhook: channelState(row, 'webhook', row.webhook_url !== null),
      email: channelState(row, 'email', row.email_recipients.length > 0),
      slack: channelState(row, 'slack', row.slack_webhook_url !== null),
      teams: channelState(row, 'teams', row.teams_webhook_url !== null),
      discord: channelState(row, 'discord', row.discord_webhook_url !== null),
    },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
