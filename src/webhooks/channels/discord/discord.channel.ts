import { Injectable } from '@nestjs/common';
import { WebhookSender } from '../../webhook-sender';
import type { NotificationContent } from '../../messages/notification-content';
import { ChatChannel } from '../chat/chat-channel';
import { urlChannelInfo, UrlDestinations } from '../url-destination';
import { DISCORD_LIMITS, discordMessage, embedLength } from './discord.formatter';

type DiscordMessage = ReturnType<typeof discordMessage>;

const length = (text: string) => Array.from(text).length;

/** Discord through a channel webhook, as one embed that may mention no one. */
@Injectable()
export class DiscordChannel extends ChatChannel<DiscordMessage> {
  static readonly info = urlChannelInfo({
    name: 'discord',
    label: 'Discord',
    format: 'Discord (embed)',
    field: 'discord_webhook_url',
    description: 'Discord webhook (embeds); https, on a public address (unless the server allows private targets); null or omitted: channel off',
    example: 'https://discord.com/api/webhooks/000000000000000000/XXXXXXXX',
    fieldLabel: 'Discord webhook URL',
    placeholder: 'https://discord.com/api/webhooks/…',
    secret: true,
  });
  readonly info = DiscordChannel.info;

  constructor(urls: UrlDestinations, sender: WebhookSender) {
    super(urls, sender);
  }

  protected message(content: NotificationContent): DiscordMessage {
    return discordMessage(content);
  }

  limitsBrokenBy(message: DiscordMessage): string[] {
    const broken: string[] = [];
    for (const e of message.embeds) {
      if (embedLength(e) > DISCORD_LIMITS.total) broken.push(`an embed over ${DISCORD_LIMITS.total} characters`);
      if (length(e.title) > DISCORD_LIMITS.title) broken.push(`a title over ${DISCORD_LIMITS.title}`);
      if (length(e.description) > DISCORD_LIMITS.description) broken.push(`a description over ${DISCORD_LIMITS.description}`);
      if (length(e.footer.text) > DISCORD_LIMITS.footer) broken.push(`a footer over ${DISCORD_LIMITS.footer}`);
      if (e.fields.length > DISCORD_LIMITS.fields) broken.push(`more than ${DISCORD_LIMITS.fields} fields`);
      if (e.fields.some((f) => length(f.name) > DISCORD_LIMITS.fieldName || length(f.value) > DISCORD_LIMITS.fieldValue)) broken.push('a field over its limit');
    }
    return broken;
  }
}
