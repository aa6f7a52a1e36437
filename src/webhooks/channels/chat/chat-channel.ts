import { WebhookSender } from '../../webhook-sender';
import type { AlertContent, DigestContent, NotificationContent, TestContent } from '../../messages/notification-content';
import {
  formatMessage,
  type ChannelAnswer,
  type ChannelAttempt,
  type ChannelInfo,
  type ChannelVerdict,
  type MessageInput,
  type NotificationChannel,
} from '../notification-channel';
import type { UrlDestinations } from '../url-destination';

/**
 * A chat platform reached through an incoming-webhook URL: the message is
 * a JSON POST built by the platform's formatter. Every piece of text the service did not write
 * itself goes through the platform's escaping (DESIGN §5g), so page text can neither mention
 * anyone nor carry a link: only the links the formatters build around it are links.
 */
export abstract class ChatChannel<M extends object> implements NotificationChannel<string, M> {
  abstract readonly info: ChannelInfo;

  constructor(
    private readonly urls: UrlDestinations,
    private readonly sender: WebhookSender,
  ) {}

  /** The platform's message for any content (the formatter). */
  protected abstract message(content: NotificationContent): M;
  abstract limitsBrokenBy(message: M): string[];

  parseDestination(value: unknown): Promise<string | null> {
    return this.urls.parse(value, this.info.field);
  }

  settingsValue(destination: string | null): string | null {
    return destination;
  }

  address(destination: string): string {
    return destination;
  }

  formatRealtime(input: MessageInput<AlertContent>): M {
    return this.message(input.content);
  }

  formatDigest(input: MessageInput<DigestContent>): M {
    return this.message(input.content);
  }

  formatTest(input: MessageInput<TestContent>): M {
    return this.message(input.content);
  }

  markup(message: M): string {
    return JSON.stringify(message);
  }

  async send(attempt: ChannelAttempt<string>): Promise<ChannelAnswer> {
    const result = await this.sender.post(attempt.destination, JSON.stringify(formatMessage(this, attempt)), {});
    return { statusCode: result.statusCode, error: result.error, durationMs: result.durationMs, retryAfter: result.retryAfter };
  }

  /** 2xx delivered; 404 or 410: the incoming webhook was deleted; 429: wait as asked; anything else retries. */
  classify(answer: ChannelAnswer): ChannelVerdict {
    const code = answer.statusCode;
    if (code !== null && code >= 200 && code < 300) return 'delivered';
    if (code === 404 || code === 410) return 'broken';
    if (code === 429) return 'retry-after';
    return 'retry';
  }
}
