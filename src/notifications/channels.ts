/** Where a workspace's notifications can go (DESIGN §5b). */
export const CHANNELS = ['webhook', 'email', 'slack', 'teams', 'discord'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Chat platforms reached through an incoming-webhook URL. */
export const CHAT_CHANNELS = ['slack', 'teams', 'discord'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export function isChatChannel(channel: Channel): channel is ChatChannel {
  return (CHAT_CHANNELS as readonly string[]).includes(channel);
}

/** The settings field holding each URL channel's address. */
export const URL_FIELD = {
  webhook: 'webhook_url',
  slack: 'slack_webhook_url',
  teams: 'teams_webhook_url',
  discord: 'discord_webhook_url',
} as const;

export const CHANNEL_LABEL: Record<Channel, string> = {
  webhook: 'Webhook',
  email: 'Email',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
};
