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
import { URL_FIELD, type Channel } from '../notifications/channels';
import { destinationOf, NotificationSettingsRepository } from './notification-settings.repository';
import { TEST_PING_MAX_ATTEMPTS } from './retry-policy';

const DEFAULTS = { mode: 'realtime', realtime_min_severity: 'medium', digest_period: '1d', digest_hour_utc: 9 } as const;
const DEFAULT_DELIVERY_LIST_LIMIT = 25;

/** The addresses in their first spelling, without repeats (compared without case). */
function uniqueAddresses(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.map((a) => a.trim()).filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}

/** The notification settings of a workspace (DESIGN §6.18, §5b), their test ping per channel and delivery log. */
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
    const input = {
      webhook_url: await this.destinationUrl(body.webhook_url, 'webhook_url'),
      email_recipients: uniqueAddresses(body.email_recipients ?? []),
      slack_webhook_url: await this.destinationUrl(body.slack_webhook_url, 'slack_webhook_url'),
      teams_webhook_url: await this.destinationUrl(body.teams_webhook_url, 'teams_webhook_url'),
      discord_webhook_url: await this.destinationUrl(body.discord_webhook_url, 'discord_webhook_url'),
    };
    if (!input.webhook_url && !input.email_recipients.length && !input.slack_webhook_url && !input.teams_webhook_url && !input.discord_webhook_url) {
      throw validationFailed([
        {
          field: 'webhook_url',
          message: 'at least one destination is required: webhook_url, email_recipients, slack_webhook_url, teams_webhook_url or discord_webhook_url',
        },
      ]);
    }
    const row = await this.settings.upsert(
      workspaceId,
      {
        ...input,
        mode: body.mode ?? DEFAULTS.mode,
        realtime_min_severity: body.realtime_min_severity ?? DEFAULTS.realtime_min_severity,
        digest_period: body.digest_period ?? DEFAULTS.digest_period,
        digest_hour_utc: body.digest_hour_utc ?? DEFAULTS.digest_hour_utc,
      },
      body.signing_secret,
    );
    return toNotificationSettings(row);
  }

  /** A webhook or chat URL through the URL-safety checks of webhook URLs (DESIGN §6.17); null when unset. */
  private async destinationUrl(raw: string | null | undefined, field: string): Promise<string | null> {
    if (raw === undefined || raw === null) return null;
    const url = await this.urls.check(raw.trim(), field, { httpsOnly: true });
    // The validator skips the scheme rule when a name does not resolve yet; the rule holds regardless.
    if (url.protocol !== 'https:' && !this.config.allowPrivateNetworkTargets) {
      throw validationFailed([{ field, message: 'only https URLs are allowed' }]);
    }
    return url.href;
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

  /** Sends a test.ping on one channel (the webhook unless named): one attempt, no retries. */
  async sendTestPing(account: AccountContext, workspaceId: number, channel: Channel = 'webhook'): Promise<TestPingResponse> {
    const workspace = await this.scope.workspace(account.accountId, workspaceId);
    const settings = await this.settings.find(workspaceId);
    if (!settings) throw notFound('notification settings');
    const configured = channel === 'email' ? settings.email_recipients.length > 0 : settings[URL_FIELD[channel]] !== null;
    if (!configured) throw validationFailed([{ field: 'channel', message: `the ${channel} channel is not configured` }]);
    const id = newTestPingId();
    const { deliveryId } = await this.dispatcher.dispatch({
      workspaceId,
      channel,
      event: 'test.ping',
      idempotencyKey: id,
      url: destinationOf(settings, channel),
      payload: { message: `Test delivery from Rivalwatch for workspace "${workspace.name}".` },
      maxAttempts: TEST_PING_MAX_ATTEMPTS,
    });
    return { delivery_id: deliveryId, event_id: id };
  }

  /** Every channel's deliveries, newest first, or one channel's. */
  async deliveryLog(
    account: AccountContext,
    workspaceId: number,
    limit = DEFAULT_DELIVERY_LIST_LIMIT,
    channel?: Channel,
  ): Promise<WebhookDeliveryDto[]> {
    await this.scope.workspace(account.accountId, workspaceId);
    return (await this.deliveries.listForWorkspace(workspaceId, limit, channel)).map(toWebhookDelivery);
  }
}
