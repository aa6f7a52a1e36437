import { Injectable } from '@nestjs/common';
import { envelopeFor } from '../../envelope';
import type { AlertContent, DigestContent, TestContent } from '../../messages/notification-content';
import { WebhookSender } from '../../webhook-sender';
import { formatMessage, type ChannelAnswer, type ChannelAttempt, type ChannelVerdict, type MessageInput, type NotificationChannel } from '../notification-channel';
import { urlChannelInfo, UrlDestinations } from '../url-destination';
import { signingHeaders } from './signing';

/** One POST: the envelope's id and its raw JSON body (signed when sent). */
export interface SignedMessage {
  id: string;
  body: string;
}

/**
 * The signed JSON webhook (spec, Events): the event's data in an envelope with a new id per
 * attempt, signed with the workspace's secret. Receivers are programs: the data goes as it is.
 */
@Injectable()
export class WebhookChannel implements NotificationChannel<string, SignedMessage> {
  static readonly info = urlChannelInfo({
    name: 'webhook',
    label: 'Webhook',
    format: 'signed JSON webhook',
    field: 'webhook_url',
    description: 'signed JSON webhook; https, on a public address (unless the server allows private targets); null or omitted: off',
    example: 'https://hooks.example.com/rivalwatch',
    fieldLabel: 'Webhook URL',
    placeholder: 'https://hooks.example.com/rivalwatch',
    secret: false,
  });
  readonly info = WebhookChannel.info;

  constructor(
    private readonly urls: UrlDestinations,
    private readonly sender: WebhookSender,
  ) {}

  parseDestination(value: unknown): Promise<string | null> {
    return this.urls.parse(value, this.info.field);
  }

  settingsValue(destination: string | null): string | null {
    return destination;
  }

  address(destination: string): string {
    return destination;
  }

  formatRealtime(input: MessageInput<AlertContent>): SignedMessage {
    return this.signed(input);
  }

  formatDigest(input: MessageInput<DigestContent>): SignedMessage {
    return this.signed(input);
  }

  formatTest(input: MessageInput<TestContent>): SignedMessage {
    return this.signed(input);
  }

  /** The receiver sets its own limits; the envelope is sent whole. */
  limitsBrokenBy(): string[] {
    return [];
  }

  markup(): null {
    return null;
  }

  async send(attempt: ChannelAttempt<string>): Promise<ChannelAnswer> {
    const message = formatMessage(this, attempt);
    const headers = signingHeaders(attempt.signingSecret, message.body, attempt.now.getTime());
    const result = await this.sender.post(attempt.destination, message.body, headers);
    return { statusCode: result.statusCode, error: result.error, durationMs: result.durationMs, envelopeId: message.id };
  }

  /** 2xx delivered; 410 Gone: the receiver wants no more; anything else retries (DESIGN §6.19). */
  classify(answer: ChannelAnswer): ChannelVerdict {
    const code = answer.statusCode;
    if (code !== null && code >= 200 && code < 300) return 'delivered';
    if (code === 410) return 'broken';
    return 'retry';
  }

  private signed(input: MessageInput): SignedMessage {
    const envelope = envelopeFor({ event: input.event, idempotency_key: input.idempotencyKey, payload: input.data }, input.now);
    return { id: envelope.id, body: JSON.stringify(envelope) };
  }
}
