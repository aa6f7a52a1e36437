import type { Provider } from '@nestjs/common';
import { DiscordChannel } from './discord/discord.channel';
import { EmailChannel } from './email/email.channel';
import { NOTIFICATION_CHANNELS, type ChannelType } from './notification-channel';
import { SlackChannel } from './slack/slack.channel';
import { TeamsChannel } from './teams/teams.channel';
import { WebhookChannel } from './webhook/webhook.channel';

/**
 * Every notification channel, one line each, in the order the settings, the application and the
 * deliveries of one event list them. A new channel is a folder beside these and one line here.
 */
export const CHANNEL_TYPES: readonly ChannelType[] = [WebhookChannel, EmailChannel, SlackChannel, TeamsChannel, DiscordChannel];

export const CHANNEL_NAMES: readonly string[] = CHANNEL_TYPES.map((type) => type.info.name);

/** Each channel as a provider, and NOTIFICATION_CHANNELS collecting them all (a multi-provider). */
export const CHANNEL_PROVIDERS: Provider[] = [
  ...CHANNEL_TYPES,
  { provide: NOTIFICATION_CHANNELS, useFactory: (...channels: unknown[]) => channels, inject: [...CHANNEL_TYPES] },
];
