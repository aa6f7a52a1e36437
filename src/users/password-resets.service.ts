import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Mailer } from '../webhooks/channels/email/mailer.service';
import { AppSecretEntity } from '../database/app-secret.entity';
import { PasswordResetsRepository } from './password-resets.repository';
import { sessionSecret } from '../database/session-secret';
import { checkPassword, UsersError, UsersService } from './users.service';

export const RESET_LINK_MINUTES = 60;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Password reset by email (SMTP only). A link carries a random 256-bit token; the database keeps
 * only its HMAC under a key derived from the session secret, so neither a copy of the table nor
 * a guess yields a working link. A link works once, within RESET_LINK_MINUTES, and using it voids
 * the user's other links and ends their sessions.
 */
@Injectable()
export class PasswordResets {
  private readonly logger = new Logger('PasswordResets');
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly resets: PasswordResetsRepository,
    private readonly users: UsersService,
  ) {}

  /** False without SMTP_URL: then an operator sets passwords (`users:set-password`). */
  get available(): boolean {
    return this.mailer.via === 'smtp';
  }

  /**
   * Sends a reset link when the email has an account, in the background: the caller answers the
   * same words at the same speed whether or not it has one.
   */
  request(email: string): void {
    if (!this.available) return;
    this.sendLink(email).catch((err: unknown) => this.logger.warn(`password reset mail not sent: ${(err as Error).message}`));
  }

  /** True while the link can set a password (unknown, used and expired links cannot). */
  async usable(token: string): Promise<boolean> {
    return this.resets.usable(await this.hash(token));
  }

  /** Sets the new password through the link, once. */
  async reset(token: string, password: string): Promise<void> {
    checkPassword(password);
    const tokenHash = await this.hash(token);
    await this.db.transaction(async (manager) => {
      const userId = await this.resets.use(tokenHash, manager);
      if (userId === null) throw new UsersError('This link has expired or was used already. Ask for a new one.');
      await this.users.replacePassword(userId, password, manager);
    });
  }

  private async sendLink(email: string): Promise<void> {
    const user = await this.users.byEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.resets.add(user.id, await this.hash(token), RESET_LINK_MINUTES);
    const link = `${this.config.appBaseUrl}/app/reset-password?token=${token}`;
    const lines = [
      `Someone asked to reset the password you use to sign in to Rivalwatch as ${user.email}.`,
      `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes. It works once.`,
      'If it was not you, ignore this email: your password stays as it is.',
    ];
    await this.mailer.sendToPerson({
      to: user.email,
      subject: 'Reset your Rivalwatch password',
      text: `${lines[0]}\n\n${lines[1]}\n${link}\n\n${lines[2]}\n`,
      html: `<p>${escapeHtml(lines[0])}</p><p>${escapeHtml(lines[1])}</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>${escapeHtml(lines[2])}</p>`,
    });
  }

  private async hash(token: string): Promise<string> {
    this.key ??= sessionSecret(this.config, this.db.getRepository(AppSecretEntity)).then((secret) =>
      createHmac('sha256', secret).update('rivalwatch:password-reset').digest(),
    );
    return createHmac('sha256', await this.key).update(token).digest('hex');
  }
}
