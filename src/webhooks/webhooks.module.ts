import { ChangeEntity } from '../changes/change.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DigestBufferEntity } from './digest-buffer.entity';
import { NotificationSettingsEntity } from './notification-settings.entity';
import { Module } from '@nestjs/common';
import { TargetUrlValidator } from '../common/target-url';
import { DigestModule } from '../digest/digest.module';
import { NotificationChannelsModule } from '../notifications/notification-channels.module';
import { ChangeEventsRepository } from './change-events.repository';
import { DeliveriesRepository } from './deliveries.repository';
import { DeliveryAttempts } from './delivery-attempts.service';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { DigestBufferRepository } from './digest-buffer.repository';
import { DigestFlushService } from './digest-flush.service';
import { NotificationSettingsController } from './notification-settings.controller';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationSettingsService } from './notification-settings.service';
import { NotificationsService } from './notifications.service';
import { WebhookSender } from './webhook-sender';

/** Notification settings, change routing, digest flushes, and deliveries on every channel (signed webhooks and NotificationChannelsModule's channels). */
@Module({
  controllers: [NotificationSettingsController],
  exports: [DeliveryAttempts, DigestFlushService, NotificationChannelsModule, NotificationSettingsService, NotificationsService],
  imports: [DigestModule, NotificationChannelsModule, TypeOrmModule.forFeature([ChangeEntity, DigestBufferEntity, NotificationSettingsEntity, WebhookDeliveryEntity])],
  providers: [
    ChangeEventsRepository,
    DeliveriesRepository,
    DeliveryAttempts,
    DeliveryDispatcher,
    DigestBufferRepository,
    DigestFlushService,
    NotificationSettingsRepository,
    NotificationSettingsService,
    NotificationsService,
    TargetUrlValidator,
    WebhookSender,
  ],
})
export class WebhooksModule {}
