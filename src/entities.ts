import { AccountEntity } from './accounts/account.entity';
import { ApiKeyEntity } from './accounts/api-key.entity';
import { CheckUsageEntity } from './billing/check-usage.entity';
import { PlanEntity } from './billing/plan.entity';
import { SnapshotEntity } from './capture/snapshot.entity';
import { ChangeCountEntity } from './changes/change-count.entity';
import { ChangeEntity } from './changes/change.entity';
import { CompetitorLogoEntity } from './competitors/competitor-logo.entity';
import { CompetitorNoteEntity } from './competitors/competitor-note.entity';
import { CompetitorEntity } from './competitors/competitor.entity';
import { PlanChangeEntity } from './intelligence/plan-change.entity';
import { ChangeVisualEntity } from './evidence/change-visual.entity';
import { PageScreenshotEntity } from './evidence/page-screenshot.entity';
import { MonitorEntity } from './monitors/monitor.entity';
import { RunEntity } from './monitors/run.entity';
import { AppSecretEntity } from './database/app-secret.entity';
import { AppSessionEntity } from './users/app-session.entity';
import { PasswordResetEntity } from './users/password-reset.entity';
import { UserEntity } from './users/user.entity';
import { EmailOutboxEntity } from './webhooks/channels/email/email-outbox.entity';
import { DigestBufferEntity } from './webhooks/digest-buffer.entity';
import { NotificationDestinationEntity } from './webhooks/notification-destination.entity';
import { NotificationSettingsEntity } from './webhooks/notification-settings.entity';
import { WebhookDeliveryEntity } from './webhooks/webhook-delivery.entity';
import { WorkspaceEntity } from './workspaces/workspace.entity';

/**
 * Every table's entity, listed by the composition root (the features own their entities; the
 * database layer takes the list): `DatabaseModule.forRoot(ENTITIES)` in the app and the CLI. The
 * schema drift check (`npm run db:drift`) holds them to the migrations.
 */
export const ENTITIES = [
  PlanEntity,
  AccountEntity,
  ApiKeyEntity,
  CheckUsageEntity,
  WorkspaceEntity,
  CompetitorEntity,
  CompetitorNoteEntity,
  CompetitorLogoEntity,
  MonitorEntity,
  RunEntity,
  SnapshotEntity,
  ChangeEntity,
  ChangeCountEntity,
  PlanChangeEntity,
  PageScreenshotEntity,
  ChangeVisualEntity,
  NotificationSettingsEntity,
  NotificationDestinationEntity,
  DigestBufferEntity,
  WebhookDeliveryEntity,
  EmailOutboxEntity,
  UserEntity,
  PasswordResetEntity,
  AppSessionEntity,
  AppSecretEntity,
];
