import { applyDecorators, Inject, Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsEmail, isEmail, IsOptional, MaxLength } from 'class-validator';
import { validationFailed } from '../../../common/errors';
import { APP_CONFIG, AppConfig } from '../../../config/config';
import { AppLinks } from '../../messages/app-links';
import type { AlertContent, DigestContent, TestContent } from '../../messages/notification-content';
import {
  formatMessage,
  type ChannelAnswer,
  type ChannelAttempt,
  type ChannelInfo,
  type ChannelVerdict,
  type MessageInput,
  type NotificationChannel,
} from '../notification-channel';
import { emailMessage, SUBJECT_MAX, type EmailMessage } from './email.formatter';
import { Mailer } from './mailer.service';
import { classifySmtpError, FAILURE_LABEL, type SmtpFailure } from './smtp-failure';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

export const MAX_EMAIL_RECIPIENTS = 20;
/** Gmail clips a message whose HTML is larger than this; the rest hides behind "View entire message". */
const MAX_HTML_BYTES = 102_000;

const ADDRESS_MESSAGE = 'each email_recipients entry must be an email address';

const EMAIL_INFO: ChannelInfo = {
  name: 'email',
  label: 'Email',
  format: 'email recipients (HTML and plain text, with an unsubscribe link)',
  field: 'email_recipients',
  kind: 'addresses',
  fieldLabel: 'Email recipients',
  placeholder: 'pm@yourcompany.example, founder@yourcompany.example',
  secret: false,
  request: applyDecorators(
    ApiPropertyOptional({
      example: ['pm@example.com', 'founders@example.com'],
      description: `email alerts and digests, at most ${MAX_EMAIL_RECIPIENTS} addresses; [] or null: off`,
      type: [String],
      nullable: true,
      maxItems: MAX_EMAIL_RECIPIENTS,
    }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_EMAIL_RECIPIENTS),
    IsEmail({}, { each: true, message: ADDRESS_MESSAGE }),
    MaxLength(254, { each: true }),
  ),
  response: ApiProperty({ example: ['pm@example.com'], type: [String] }),
};

/** The addresses in their first spelling, without repeats (compared without case). */
function uniqueAddresses(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.map((a) => a.trim()).filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}

/**
 * Email over SMTP (nodemailer, or the outbox without SMTP_URL): one message per recipient, each
 * with its own unsubscribe link and List-Unsubscribe header. The destination is the recipient list.
 */
@Injectable()
export class EmailChannel implements NotificationChannel<string[], EmailMessage> {
  static readonly info = EMAIL_INFO;
  readonly info = EMAIL_INFO;
  private readonly links: AppLinks;

  constructor(
    private readonly mailer: Mailer,
    private readonly tokens: UnsubscribeTokens,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.links = AppLinks.from(config);
  }

  /** Repeats are dropped and [] means off (the REST body's DTO has refused a bad address already). */
  async parseDestination(value: unknown): Promise<string[] | null> {
    const addresses = uniqueAddresses(Array.isArray(value) ? value.map(String) : []);
    if (addresses.some((a) => !isEmail(a))) throw validationFailed([{ field: this.info.field, message: ADDRESS_MESSAGE }]);
    return addresses.length ? addresses : null;
  }

  settingsValue(destination: string[] | null): string[] {
    return destination ?? [];
  }

  address(destination: string[]): string {
    return `mailto:${destination.join(',')}`;
  }

  formatRealtime(input: MessageInput<AlertContent>): EmailMessage {
    return emailMessage(input.content, this.unsubscribeOf(input));
  }

  formatDigest(input: MessageInput<DigestContent>): EmailMessage {
    return emailMessage(input.content, this.unsubscribeOf(input));
  }

  formatTest(input: MessageInput<TestContent>): EmailMessage {
    return emailMessage(input.content, this.unsubscribeOf(input));
  }

  limitsBrokenBy(message: EmailMessage): string[] {
    const broken: string[] = [];
    if (Array.from(message.subject).length > SUBJECT_MAX) broken.push(`a subject over ${SUBJECT_MAX}`);
    if (Buffer.byteLength(message.html) > MAX_HTML_BYTES) broken.push(`HTML over ${MAX_HTML_BYTES} bytes`);
    return broken;
  }

  markup(message: EmailMessage): string {
    return message.html;
  }

  async send(a: ChannelAttempt<string[]>): Promise<ChannelAnswer> {
    const started = performance.now();
    const settled = new Set([...a.earlier.deliveredTo, ...a.earlier.rejected].map((r) => r.toLowerCase()));
    const targets = a.destination.filter((r) => !settled.has(r.toLowerCase()));
    const delivered: string[] = [];
    const rejected: string[] = [];
    const failures: { to: string; failure: SmtpFailure }[] = [];
    let okCode: number | null = null;
    let keptInOutbox = false;
    for (const to of targets) {
      const unsubscribeUrl = this.links.unsubscribe(await this.tokens.sign({ workspaceId: a.workspaceId, email: to }));
      const message = formatMessage(this, { ...a, unsubscribeUrl });
      try {
        const sent = await this.mailer.send({
          workspaceId: a.workspaceId,
          deliveryId: a.deliveryId,
          to,
          ...message,
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'X-Rivalwatch-Delivery': String(a.deliveryId),
          },
        });
        okCode = sent.responseCode;
        keptInOutbox = sent.via === 'outbox';
        delivered.push(to);
      } catch (err) {
        const failure = classifySmtpError(err);
        failures.push({ to, failure });
        if (failure.permanent) rejected.push(to);
        // The server is unreachable or refuses our login: the other recipients would wait for the
        // same time-out and fail alike (and could outlast the attempt's lease). They go next attempt.
        if (failure.kind === 'connection' || failure.kind === 'auth') break;
      }
    }
    const durationMs = Math.round(performance.now() - started);
    const nobodyReached = delivered.length === 0 && a.earlier.deliveredTo.length === 0;
    if (!targets.length) {
      return { statusCode: null, error: 'no email recipients left to send to', durationMs, deliveredTo: delivered, rejected, retryable: false, nobodyReached };
    }
    return {
      statusCode: failures[0]?.failure.responseCode ?? okCode,
      error: failures.length
        ? failures.map((f) => `${FAILURE_LABEL[f.failure.kind]}: ${f.to}: ${f.failure.message}`).join('; ').slice(0, 600)
        : null,
      durationMs,
      deliveredTo: delivered,
      rejected,
      retryable: failures.some((f) => !f.failure.permanent),
      nobodyReached,
      ...(keptInOutbox ? { keptInOutbox } : {}),
    };
  }

  /** A retryable failure (connection, authentication, 4xx) retries; a message nobody got fails; else delivered. */
  classify(answer: ChannelAnswer): ChannelVerdict {
    if (answer.retryable) return 'retry';
    return answer.nobodyReached ? 'failed' : 'delivered';
  }

  /** Formatting outside a send (no recipient yet): the unsubscribe link leads to the settings. */
  private unsubscribeOf(input: MessageInput): string {
    return input.unsubscribeUrl ?? this.links.notificationSettings(input.workspaceId);
  }
}
