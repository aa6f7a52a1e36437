import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountContext } from '../accounts/account-context';
import { APP_CONFIG, AppConfig } from '../config/config';
import { notFound, validationFailed } from '../common/errors';
import { TargetUrlValidator } from '../common/target-url';
import { ScopedLookup } from '../scoping/scoped-lookup';
import { DeliveriesRepository } from './deliveries.repository';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { DigestBufferRepository } from './digest-buffer.repository';
import type { PutNotificationSettingsDto } from './dto/notification-settings.dto';
import {
  DeletedNotificationSettingsResponse,
  NotificationSettingsDto,
  TestPingResponse,
  toNotificationSettings,
} from './dto/notification-settings.response';
import { toWebhookDelivery, WebhookDeliveryDto } from './dto/webhook-delivery.response';
import { newTestPingId } from './envelope';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { TEST_PING_MAX_ATTEMPTS } from './retry-policy';

const DEFAULTS = { mode: 'realtime', realtime_min_severity: 'medium', digest_period: '1d', digest_hour_utc: 9 } as const;
const DEFAULT_DELIVERY_LIST_LIMIT = 25;

/** The notification settings of a workspace (DESIGN §6.18), their test ping and delivery log. */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: NotificationSettingsRepository,
    private readonly buffer: DigestBufferRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly urls: TargetUrlValidator,
    private readonly scope: ScopedLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(account: AccountContext, workspaceId: number): Promise<NotificationSettingsDto> {
    await this.scope.workspace(account.accountId, workspaceId);
    const row = await this.settings.find(workspaceId);
    if (!row) throw notFound('notification settings');
    return toNotificationSettings(row);
  }

  async put(account: AccountContext, workspaceId: number, body: PutNotificationSettingsDto): Promise<NotificationSettingsDto> {
    await this.scope.workspace(account.accountId, workspaceId);
    const url = await this.urls.check(body.webhook_url.trim(), 'webhook_url', { httpsOnly: true });
    // The validator skips the scheme rule when a name does not resolve yet; the rule holds regardless.
    if (url.protocol !== 'https:' && !this.config.allowPrivateNetworkTargets) {
      throw validationFailed([{ field: 'webhook_url', message: 'only https URLs are allowed' }]);
    }
    const row = await this.settings.upsert(
      workspaceId,
      {
        webhook_url: url.href,
        mode: body.mode ?? DEFAULTS.mode,
        realtime_min_severity: body.realtime_min_severity ?? DEFAULTS.realtime_min_severity,
        digest_period: body.digest_period ?? DEFAULTS.digest_period,
        digest_hour_utc: body.digest_hour_utc ?? DEFAULTS.digest_hour_utc,
      },
      body.signing_secret,
    );
    return toNotificationSettings(row);
  }

  /** Switches notifications off; buffered changes are dropped and pending retries fail at their next attempt. */
  async delete(account: AccountContext, workspaceId: number): Promise<DeletedNotificationSettingsResponse> {
    await this.scope.workspace(account.accountId, workspaceId);
    const deleted = await this.db.transaction(async (manager) => {
      const existed = await this.settings.delete(workspaceId, manager);
      if (existed) await this.buffer.clear(workspaceId, manager);
      return existed;
    });
    if (!deleted) throw notFound('notification settings');
    return { deleted: true, workspace_id: workspaceId };
  }

  async sendTestPing(account: AccountContext, workspaceId: number): Promise<TestPingResponse> {
    const workspace = await this.scope.workspace(account.accountId, workspaceId);
    const settings = await this.settings.find(workspaceId);
    if (!settings) throw notFound('notification settings');
    const id = newTestPingId();
    const { deliveryId } = await this.dispatcher.dispatch({
      workspaceId,
      event: 'test.ping',
      idempotencyKey: id,
      url: settings.webhook_url,
      payload: { message: `Test delivery from Rivalwatch for workspace "${workspace.name}".` },
      maxAttempts: TEST_PING_MAX_ATTEMPTS,
    });
    return { delivery_id: deliveryId, event_id: id };
  }

  async deliveryLog(account: AccountContext, workspaceId: number, limit = DEFAULT_DELIVERY_LIST_LIMIT): Promise<WebhookDeliveryDto[]> {
    await this.scope.workspace(account.accountId, workspaceId);
    return (await this.deliveries.listForWorkspace(workspaceId, limit)).map(toWebhookDelivery);
  }
}
