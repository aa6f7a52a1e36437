import type { AlertContent, DigestContent, NotificationContent, NotificationEvent, TestContent } from '../messages/notification-content';

/** The injection token under which every registered channel is collected (see registered-channels.ts). */
export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');

/**
 * What a channel makes of one answer: delivered; retry (after the back-off); retry-after (after the
 * wait the answer asks for, else the back-off); broken (the destination is gone: marked broken, no
 * retry); failed (refused for good, no retry).
 */
export type ChannelVerdict = 'delivered' | 'retry' | 'retry-after' | 'broken' | 'failed';

/** The answer to one attempt, as the delivery log records it. */
export interface ChannelAnswer {
  /** HTTP status, or the SMTP reply code for email; null when no answer came. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The envelope id sent (the signed webhook only). */
  envelopeId?: string;
  /** The answer's Retry-After header, as sent. */
  retryAfter?: string | null;
  /** Email: recipients this attempt delivered to, and those refused for good. */
  deliveredTo?: string[];
  rejected?: string[];
  /** Email: a failure that a later attempt may not meet. */
  retryable?: boolean;
  /** Email: no recipient got the message, in this attempt or an earlier one. */
  nobodyReached?: boolean;
  /** Email: no SMTP server is configured, so the message was kept in the email outbox, not sent. */
  keptInOutbox?: boolean;
}

/** One message to format: the content every channel shows, and the event as the webhook sends it. */
export interface MessageInput<C extends NotificationContent = NotificationContent> {
  workspaceId: number;
  content: C;
  event: NotificationEvent;
  idempotencyKey: string;
  /** The event's stored payload (the webhook envelope's `data`). */
  data: unknown;
  now: Date;
  /** Email: the recipient's unsubscribe link. */
  unsubscribeUrl?: string;
}

/** One attempt to send, with the destination the settings hold now. */
export interface ChannelAttempt<D = unknown> extends MessageInput {
  deliveryId: number;
  attempt: number;
  destination: D;
  /** The workspace's signing secret (the signed webhook uses it). */
  signingSecret: string | null;
  /** Email: the addresses earlier attempts of this delivery delivered to, and those refused for good; not sent again. */
  earlier: { deliveredTo: string[]; rejected: string[] };
}

/** What a channel is called, and how its destination appears in the notification settings (REST body, answer, form). */
export interface ChannelInfo {
  /** Stored in `notification_destinations.channel` and `webhook_deliveries.channel`. */
  name: string;
  /** As people read it: `Microsoft Teams`. */
  label: string;
  /** What a message looks like on this channel, for the API documentation: `Slack (Block Kit)`. */
  format: string;
  /** The property of the PUT body and of the answer, e.g. `slack_webhook_url`. */
  field: string;
  /** `url`: one URL (null: off); `addresses`: a list of email addresses ([]: off). */
  kind: 'url' | 'addresses';
  /** The PUT body's validation and Swagger decorators. */
  request: PropertyDecorator;
  /** The answer's Swagger decorator. */
  response: PropertyDecorator;
  /** The form field's label in the application, and its placeholder. */
  fieldLabel: string;
  placeholder: string;
  /** The URL carries its own credentials: the application never shows it, like the signing secret. */
  secret: boolean;
}

/**
 * A notification channel (DESIGN §5b): one implementation per folder under `channels/`, registered
 * in `registered-channels.ts`. Routing, the delivery log, retries and the digest flush reach a
 * channel only through this interface, by the name stored with its destination and deliveries.
 */
export interface NotificationChannel<D = unknown, M = unknown> {
  readonly info: ChannelInfo;

  /** A destination from the settings body: null when unset; throws validation_failed when refused. */
  parseDestination(value: unknown): Promise<D | null>;
  /** The destination as the settings answer shows it (the channel off: null or []). */
  settingsValue(destination: D | null): unknown;
  /** Where a delivery goes, as the delivery log shows it (email: a mailto: of the recipients). */
  address(destination: D): string;

  formatRealtime(input: MessageInput<AlertContent>): M;
  formatDigest(input: MessageInput<DigestContent>): M;
  formatTest(input: MessageInput<TestContent>): M;
  /** Limits the platform sets that `message` breaks (empty: it fits). */
  limitsBrokenBy(message: M): string[];
  /** The part of the message a client renders as markup for people; null when programs read it (the signed webhook). */
  markup(message: M): string | null;

  send(attempt: ChannelAttempt<D>): Promise<ChannelAnswer>;
  classify(answer: ChannelAnswer): ChannelVerdict;
}

/** A channel class as registered: its info is known before anything is injected (the settings DTOs are built from it). */
export interface ChannelType {
  new (...deps: never[]): NotificationChannel;
  readonly info: ChannelInfo;
}

/** The channel's message for this content, by kind. */
export function formatMessage<M>(channel: NotificationChannel<unknown, M>, input: MessageInput): M {
  const { content } = input;
  if (content.kind === 'alert') return channel.formatRealtime({ ...input, content });
  if (content.kind === 'digest') return channel.formatDigest({ ...input, content });
  return channel.formatTest({ ...input, content });
}
