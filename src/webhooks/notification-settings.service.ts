import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountContext } from '../accounts/account-context';
import { notFound, validationFailed } from '../common/errors';
import { ScopedLookup } from '../scoping/scoped-lookup';
import { ChannelRegistry } from './channels/channel-registry';
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
import { listed } from './messages/listed';
import { NotificationDestinationsRepository, type DestinationInput } from './notification-destinations.repository';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { TEST_PING_MAX_ATTEMPTS } from './retry-policy';
import { transaction } from '../database/transaction-context';

const DEFAULTS = { mode: 'realtime', realtime_min_severity: 'medium', digest_period: '1d', digest_hour_utc: 9 } as const;
const DEFAULT_DELIVERY_LIST_LIMIT = 25;

/** The notification settings of a workspace (DESIGN §6.18, §5b), their test ping per channel and delivery log. */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: NotificationSettingsRepository,
    private readonly destinations: NotificationDestinationsRepository,
    private readonly channels: ChannelRegistry,
    private readonly buffer: DigestBufferRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly scope: ScopedLookup,
  ) {}

  async get(account: AccountContext, workspaceId: number): Promise<NotificationSettingsDto> {
    await this.scope.workspace(account.accountId, workspaceId);
    const row = await this.settings.find(workspaceId);
    if (!row) throw notFound('notification settings');
    return toNotificationSettings(row, await this.destinations.forWorkspace(workspaceId), this.channels.all());
  }

  async put(account: AccountContext, workspaceId: number, body: PutNotificationSettingsDto): Promise<NotificationSettingsDto> {
    await this.scope.workspace(account.accountId, workspaceId);
    const destinations: DestinationInput[] = [];
    for (const channel of this.channels.all()) {
      const destination = await channel.parseDestination(body[channel.info.field]);
      if (destination !== null) destinations.push({ channel: channel.info.name, destination, address: channel.address(destination) });
    }
    if (!destinations.length) {
      const fields = this.channels.all().map((c) => c.info.field);
      throw validationFailed([{ field: fields[0], message: `at least one destination is required: ${listed(fields, 'or')}` }]);
    }
    const routing = {
      mode: body.mode ?? DEFAULTS.mode,
      realtime_min_severity: body.realtime_min_severity ?? DEFAULTS.realtime_min_severity,
      digest_period: body.digest_period ?? DEFAULTS.digest_period,
      digest_hour_utc: body.digest_hour_utc ?? DEFAULTS.digest_hour_utc,
    };
    const [row, saved] = await transaction(this.db, async () => {
      const settings = await this.settings.upsert(workspaceId, routing, body.signing_secret);
      return [settings, await this.destinations.replace(workspaceId, destinations)] as const;
    });
    return toNotificationSettings(row, saved, this.channels.all());
  }

  /** Switches notifications off; buffered changes are dropped and pending retries fail at their next attempt. */
  async delete(account: AccountContext, workspaceId: number): Promise<DeletedNotificationSettingsResponse> {
    await this.scope.workspace(account.accountId, workspaceId);
    const deleted = await transaction(this.db, async () => {
      const existed = await this.settings.delete(workspaceId);
      if (existed) await this.buffer.clear(workspaceId);
      return existed;
    });
    if (!deleted) throw notFound('notification settings');
    return { deleted: true, workspace_id: workspaceId };
  }

  /** Sends a test.ping on one channel (the webhook unless named): one attempt, no retries. */
  async sendTestPing(account: AccountContext, workspaceId: number, channel = 'webhook'): Promise<TestPingResponse> {
    const workspace = await this.scope.workspace(account.accountId, workspaceId);
    const settings = await this.settings.find(workspaceId);
    if (!settings) throw notFound('notification settings');
    const destination = (await this.destinations.forWorkspace(workspaceId)).find((d) => d.channel === channel && d.enabled);
    if (!destination) throw validationFailed([{ field: 'channel', message: `the ${channel} channel is not configured` }]);
    const id = newTestPingId();
    const { deliveryId } = await this.dispatcher.dispatch({
      workspaceId,
      channel,
      destinationId: destination.id,
      event: 'test.ping',
      idempotencyKey: id,
      url: destination.address,
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
    channel?: string,
  ): Promise<WebhookDeliveryDto[]> {
    await this.scope.workspace(account.accountId, workspaceId);
    return (await this.deliveries.listForWorkspace(workspaceId, limit, channel)).map(toWebhookDelivery);
  }
}
