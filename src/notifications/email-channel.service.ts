import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AppLinks } from './app-links';
import { emailMessage } from './formatters/email.formatter';
import { Mailer } from './mailer.service';
import { contentOf, type NotificationEvent } from './notification-content';
import { classifySmtpError, FAILURE_LABEL, type SmtpFailure } from './smtp-failure';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

export interface EmailAttempt {
  workspaceId: number;
  deliveryId: number;
  event: NotificationEvent;
  payload: unknown;
  /** The recipients the settings hold now (an unsubscribed address is gone from them). */
  recipients: string[];
  /** Addresses an earlier attempt delivered to or saw refused for good: not sent again. */
  settled: string[];
}

export interface EmailAttemptResult {
  /** SMTP reply code: 250 when every message went out, else the first failure's code (null without an answer or for the outbox). */
  responseCode: number | null;
  error: string | null;
  durationMs: number;
  delivered: string[];
  rejected: string[];
  /** A failure that a later attempt may not meet (connection, authentication, 4xx). */
  retryable: boolean;
}

/** The email channel: one message per recipient, each with its own unsubscribe link and List-Unsubscribe header. */
@Injectable()
export class EmailChannel {
  private readonly links: AppLinks;

  constructor(
    private readonly mailer: Mailer,
    private readonly tokens: UnsubscribeTokens,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.links = AppLinks.from(config);
  }

  async send(a: EmailAttempt): Promise<EmailAttemptResult> {
    const started = performance.now();
    const settled = new Set(a.settled.map((r) => r.toLowerCase()));
    const targets = a.recipients.filter((r) => !settled.has(r.toLowerCase()));
    const content = contentOf(a.event, a.payload, a.workspaceId, this.links);
    const delivered: string[] = [];
    const rejected: string[] = [];
    const failures: { to: string; failure: SmtpFailure }[] = [];
    let okCode: number | null = null;
    for (const to of targets) {
      const unsubscribe = this.links.unsubscribe(await this.tokens.sign({ workspaceId: a.workspaceId, email: to }));
      const message = emailMessage(content, unsubscribe);
      try {
        const sent = await this.mailer.send({
          workspaceId: a.workspaceId,
          deliveryId: a.deliveryId,
          to,
          ...message,
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'X-Rivalwatch-Delivery': String(a.deliveryId),
          },
        });
        okCode = sent.responseCode;
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
    if (!targets.length) {
      return { responseCode: null, error: 'no email recipients left to send to', durationMs, delivered, rejected, retryable: false };
    }
    return {
      responseCode: failures[0]?.failure.responseCode ?? okCode,
      error: failures.length
        ? failures.map((f) => `${FAILURE_LABEL[f.failure.kind]}: ${f.to}: ${f.failure.message}`).join('; ').slice(0, 600)
        : null,
      durationMs,
      delivered,
      rejected,
      retryable: failures.some((f) => !f.failure.permanent),
    };
  }
}
