import { Module } from '@nestjs/common';
import { EmailChannel } from './email-channel.service';
import { EmailOutboxRepository } from './email-outbox.repository';
import { EmailOutboxService } from './email-outbox.service';
import { EmailRecipientsRepository } from './email-recipients.repository';
import { Mailer } from './mailer.service';
import { UnsubscribePage } from './unsubscribe.page';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/**
 * Channels beside the signed webhook (DESIGN §5b): message formatters for Slack, Teams and
 * Discord, the email channel (nodemailer or the outbox), and the public unsubscribe page. The
 * webhooks module delivers every channel through its one delivery pipeline.
 */
@Module({
  controllers: [UnsubscribePage],
  exports: [EmailChannel, EmailOutboxService],
  providers: [EmailChannel, EmailOutboxRepository, EmailOutboxService, EmailRecipientsRepository, Mailer, UnsubscribeTokens],
})
export class NotificationChannelsModule {}
