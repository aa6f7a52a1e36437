import type { ChatChannel } from './channels';
import { discordMessage } from './formatters/discord.formatter';
import { slackMessage } from './formatters/slack.formatter';
import { teamsMessage } from './formatters/teams.formatter';
import type { NotificationContent } from './notification-content';

const FORMATTERS: Record<ChatChannel, (c: NotificationContent) => object> = {
  discord: discordMessage,
  slack: slackMessage,
  teams: teamsMessage,
};

/** The JSON body a chat platform's incoming webhook takes for this content. */
export function chatMessageBody(channel: ChatChannel, content: NotificationContent): string {
  return JSON.stringify(FORMATTERS[channel](content));
}
