import { ApiProperty } from '@nestjs/swagger';
import { SEVERITIES } from '../../common/severity';
import type { NotificationChannel } from '../channels/notification-channel';
import { CHANNEL_TYPES } from '../channels/registered-channels';
import { NOTIFICATION_DIGEST_PERIODS } from '../digest-window';
import type { NotificationDestinationEntity } from '../notification-destination.entity';
import type { NotificationSettingsEntity } from '../notification-settings.entity';
import { NOTIFICATION_MODES } from '../notification-settings.types';

export class ChannelStateDto {
  /** a URL (or at least one email recipient) is set */
  @ApiProperty({ example: true }) configured: boolean;
  @ApiProperty({
    example: false,
    description:
      'the receiver answered 404 or 410 (410 for the webhook; email is never broken: a refused recipient shows in the delivery log): ' +
      'nothing is sent on this channel until a new URL is saved',
  })
  broken: boolean;
  @ApiProperty({ example: null }) broken_since: string | null;
  @ApiProperty({ example: null }) broken_reason: string | null;
}

/** One state per registered channel, under its name. */
export class ChannelStatesDto {
  [channel: string]: ChannelStateDto;
}
for (const type of CHANNEL_TYPES) ApiProperty({ type: ChannelStateDto })(ChannelStatesDto.prototype, type.info.name);

/** Each registered channel's destination, under its settings field (webhook_url, email_recipients, …). */
class ChannelDestinationValues {}
for (const type of CHANNEL_TYPES) type.info.response(ChannelDestinationValues.prototype, type.info.field);

export class NotificationSettingsDto extends ChannelDestinationValues {
  /** The channels' destinations, by settings field. */
  [field: string]: unknown;
  @ApiProperty({ example: 1 }) workspace_id: number;
  /** the secret itself is never shown */
  @ApiProperty({ example: true }) signing_secret_set: boolean;
  /** shared by every channel */
  @ApiProperty({ enum: NOTIFICATION_MODES, example: 'realtime' }) mode: string;
  @ApiProperty({ enum: SEVERITIES, example: 'medium' }) realtime_min_severity: string;
  @ApiProperty({ enum: NOTIFICATION_DIGEST_PERIODS, example: '1d' }) digest_period: string;
  @ApiProperty({ example: 9, minimum: 0, maximum: 23 }) digest_hour_utc: number;
  /** end of the last flushed digest window */
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' })
  last_flushed_at: string | null;
  /** per channel: configured, and broken (with since when and why) */
  // Explicit: the plugin reads ChannelStatesDto's index signature as a plain object.
  @ApiProperty({ type: ChannelStatesDto }) channels: ChannelStatesDto;
  @ApiProperty({ example: '2026-11-20T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z' }) updated_at: string;
}

export class NotificationSettingsResponse {
  notification_settings: NotificationSettingsDto;
}

export class DeletedNotificationSettingsResponse {
  @ApiProperty({ example: true }) deleted: boolean;
  @ApiProperty({ example: 1 }) workspace_id: number;
}

export class TestPingResponse {
  @ApiProperty({ example: 812, description: 'the delivery, as listed by GET /workspaces/{id}/webhook_deliveries' })
  delivery_id: number;
  /** the envelope id (and idempotency_key) of the ping */
  @ApiProperty({ example: 'wh_test_5f0c3a9e1b7d2c4e6a8f0b1d' })
  event_id: string;
}

function channelState(destination: NotificationDestinationEntity | undefined): ChannelStateDto {
  const broken = destination?.broken_since ?? null;
  return {
    configured: destination !== undefined,
    broken: broken !== null,
    broken_since: broken ? new Date(broken).toISOString() : null,
    broken_reason: destination?.broken_reason ?? null,
  };
}

/** The settings with every registered channel's destination (unset: null, or [] for a list) and state. */
export function toNotificationSettings(
  row: NotificationSettingsEntity,
  destinations: NotificationDestinationEntity[],
  channels: readonly NotificationChannel[],
): NotificationSettingsDto {
  const enabled = new Map(destinations.filter((d) => d.enabled).map((d) => [d.channel, d]));
  return {
    workspace_id: row.workspace_id,
    ...Object.fromEntries(channels.map((c) => [c.info.field, c.settingsValue(enabled.get(c.info.name)?.destination ?? null)])),
    signing_secret_set: row.signing_secret !== null,
    mode: row.mode,
    realtime_min_severity: row.realtime_min_severity,
    digest_period: row.digest_period,
    digest_hour_utc: row.digest_hour_utc,
    last_flushed_at: row.last_flushed_at ? new Date(row.last_flushed_at).toISOString() : null,
    channels: Object.fromEntries(channels.map((c) => [c.info.name, channelState(enabled.get(c.info.name))])),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
