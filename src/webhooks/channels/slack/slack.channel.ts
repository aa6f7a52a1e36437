import { Injectable } from '@nestjs/common';
import { WebhookSender } from '../../webhook-sender';
import type { NotificationContent } from '../../messages/notification-content';
import { ChatChannel } from '../chat/chat-channel';
import { urlChannelInfo, UrlDestinations } from '../url-destination';
import { SLACK_LIMITS, slackMessage } from './slack.formatter';

type SlackMessage = ReturnType<typeof slackMessage>;
interface TextBlock {
  type: string;
  text?: { text: string };
  elements?: { text?: string }[];
}

const length = (text: string | undefined) => Array.from(text ?? '').length;

/** Slack through an incoming webhook, as a Block Kit message. */
@Injectable()
export class SlackChannel extends ChatChannel<SlackMessage> {
  static readonly info = urlChannelInfo({
    name: 'slack',
    label: 'Slack',
    format: 'Slack (Block Kit)',
    field: 'slack_webhook_url',
    description:
      'Slack incoming webhook (Block Kit messages); https, on a public address (unless the server allows private targets); null or omitted: channel off',
    example: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX',
    fieldLabel: 'Slack webhook URL',
    placeholder: 'https://hooks.slack.com/services/…',
    secret: true,
  });
  readonly info = SlackChannel.info;

  constructor(urls: UrlDestinations, sender: WebhookSender) {
    super(urls, sender);
  }

  protected message(content: NotificationContent): SlackMessage {
    return slackMessage(content);
  }

  limitsBrokenBy(message: SlackMessage): string[] {
    const broken: string[] = [];
    if (length(message.text) > SLACK_LIMITS.text) broken.push(`text over ${SLACK_LIMITS.text}`);
    if (message.blocks.length > SLACK_LIMITS.blocks) broken.push(`more than ${SLACK_LIMITS.blocks} blocks`);
    for (const block of message.blocks as TextBlock[]) {
      const max = block.type === 'header' ? SLACK_LIMITS.header : SLACK_LIMITS.section;
      const texts = [block.text?.text, ...(block.elements ?? []).map((e) => e.text)];
      if (texts.some((t) => length(t) > max)) broken.push(`a ${block.type} block over ${max}`);
    }
    return broken;
  }
}
