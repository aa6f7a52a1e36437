import { Injectable } from '@nestjs/common';
import { WebhookSender } from '../../webhook-sender';
import type { NotificationContent } from '../../messages/notification-content';
import { ChatChannel } from '../chat/chat-channel';
import { urlChannelInfo, UrlDestinations } from '../url-destination';
import { TEAMS_LIMITS, teamsMessage } from './teams.formatter';

type TeamsMessage = ReturnType<typeof teamsMessage>;

/** Microsoft Teams through a Workflows webhook, as an Adaptive Card. */
@Injectable()
export class TeamsChannel extends ChatChannel<TeamsMessage> {
  static readonly info = urlChannelInfo({
    name: 'teams',
    label: 'Microsoft Teams',
    format: 'Microsoft Teams (Adaptive Card, Workflows webhook)',
    field: 'teams_webhook_url',
    description:
      'Microsoft Teams Workflows webhook (Adaptive Cards); https, on a public address (unless the server allows private targets); null or omitted: channel off',
    example: 'https://prod-00.westeurope.logic.azure.com/workflows/0000/triggers/manual/paths/invoke?sig=XXXX',
    fieldLabel: 'Teams webhook URL',
    placeholder: 'https://….logic.azure.com/workflows/…',
    secret: true,
  });
  readonly info = TeamsChannel.info;

  constructor(urls: UrlDestinations, sender: WebhookSender) {
    super(urls, sender);
  }

  protected message(content: NotificationContent): TeamsMessage {
    return teamsMessage(content);
  }

  limitsBrokenBy(message: TeamsMessage): string[] {
    const bytes = Buffer.byteLength(JSON.stringify(message));
    return bytes > TEAMS_LIMITS.bytes ? [`${bytes} bytes, over ${TEAMS_LIMITS.bytes}`] : [];
  }
}
