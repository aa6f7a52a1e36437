import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../../../config/config';
import { EmailOutboxRepository } from './email-outbox.repository';

export interface OutgoingMail {
  workspaceId: number;
  deliveryId: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface MailSent {
  /** `smtp`: accepted by the SMTP server; `outbox`: kept in email_outbox (no SMTP_URL). */
  via: 'smtp' | 'outbox';
  /** The SMTP reply code of the accepted message, 250 normally; null for the outbox. */
  responseCode: number | null;
  messageId: string;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends mail through SMTP_URL with nodemailer, or keeps it in the outbox table when SMTP_URL is
 * unset. Throws the transport's error when a send fails (see classifySmtpError).
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: EmailOutboxRepository,
  ) {
    this.transport = config.smtpUrl
      ? createTransport({ url: config.smtpUrl, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: 2 * TIMEOUT_MS })
      : null;
  }

  get via(): MailSent['via'] {
    return this.transport ? 'smtp' : 'outbox';
  }

  /**
   * Mail to a person about their account (a password reset link): SMTP only, since the outbox
   * belongs to a workspace and the application shows it only to people who are signed in.
   */
  async sendToPerson(mail: Pick<OutgoingMail, 'to' | 'subject' | 'html' | 'text'>): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
  }

  async send(mail: OutgoingMail): Promise<MailSent> {
    if (!this.transport) {
      const id = await this.outbox.add({
        workspace_id: mail.workspaceId,
        delivery_id: mail.deliveryId,
        recipient: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
      });
      return { via: 'outbox', responseCode: null, messageId: `outbox-${id}` };
    }
    const info = await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
    const code = Number(/^\d{3}/.exec(String(info.response ?? ''))?.[0] ?? 250);
    return { via: 'smtp', responseCode: code, messageId: String(info.messageId ?? '') };
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
