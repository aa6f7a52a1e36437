import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChangeEntity } from '../changes/change.entity';
import { TargetUrlValidator } from '../common/target-url';
import { DigestModule } from '../digest/digest.module';
import { QueueModule } from '../queue/queue.module';
import { QUEUES } from '../queue/queue.constants';
import { ChannelRegistry } from './channels/channel-registry';
import { EmailOutboxEntity } from './channels/email/email-outbox.entity';
import { EmailOutboxRepository } from './channels/email/email-outbox.repository';
import { EmailOutboxService } from './channels/email/email-outbox.service';
import { EmailRecipientsRepository } from './channels/email/email-recipients.repository';
import { Mailer } from './channels/email/mailer.service';
import { UnsubscribeTokens } from './channels/email/unsubscribe-tokens.service';
import { Unsubscribes } from './channels/email/unsubscribes.service';
import { CHANNEL_PROVIDERS } from './channels/registered-channels';
import { UrlDestinations } from './channels/url-destination';
import { ChangeEventsRepository } from './change-events.repository';
import { DeliveriesRepository } from './deliveries.repository';
import { DeliveryAttempts } from './delivery-attempts.service';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { DigestBufferEntity } from './digest-buffer.entity';
import { DigestBufferRepository } from './digest-buffer.repository';
import { DigestFlushService } from './digest-flush.service';
import { NotificationDestinationEntity } from './notification-destination.entity';
import { NotificationDestinationsRepository } from './notification-destinations.repository';
import { NotificationSettingsController } from './notification-settings.controller';
import { NotificationSettingsEntity } from './notification-settings.entity';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationSettingsService } from './notification-settings.service';
import { NotificationsService } from './notifications.service';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookSender } from './webhook-sender';

/**
 * Notifications (DESIGN §3, §5b): settings and destinations, change routing, digest flushes, and
 * deliveries with their log and retries on every channel. The channels are plug-ins under
 * `channels/` (CHANNEL_PROVIDERS), reached by name through the ChannelRegistry.
 */
@Module({
  controllers: [NotificationSettingsController],
  exports: [ChannelRegistry, DeliveryAttempts, DigestFlushService, EmailOutboxService, Mailer, NotificationSettingsService, NotificationsService, Unsubscribes],
  imports: [
    DigestModule,
    QueueModule.forFeature(QUEUES.webhooks),
    TypeOrmModule.forFeature([ChangeEntity, DigestBufferEntity, EmailOutboxEntity, NotificationDestinationEntity, NotificationSettingsEntity, WebhookDeliveryEntity]),
  ],
  providers: [
    ...CHANNEL_PROVIDERS,
    ChangeEventsRepository,
    ChannelRegistry,
    DeliveriesRepository,
    DeliveryAttempts,
    DeliveryDispatcher,
    DigestBufferRepository,
    DigestFlushService,
    EmailOutboxRepository,
    EmailOutboxService,
    EmailRecipientsRepository,
    Mailer,
    NotificationDestinationsRepository,
    NotificationSettingsRepository,
    NotificationSettingsService,
    NotificationsService,
    TargetUrlValidator,
    UnsubscribeTokens,
    Unsubscribes,
    UrlDestinations,
    WebhookSender,
  ],
})
export class WebhooksModule {}
