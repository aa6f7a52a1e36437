import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { DeliveryListQuery, PutNotificationSettingsDto, TestNotificationDto } from './dto/notification-settings.dto';
import {
  DeletedNotificationSettingsResponse,
  NotificationSettingsResponse,
  TestPingResponse,
} from './dto/notification-settings.response';
import { WebhookDeliveryListResponse } from './dto/webhook-delivery.response';
import { ChangeDetectedDataDto, DigestReadyDataDto, TestPingDataDto, WebhookEnvelopeDto } from './dto/webhook-events.dto';
import { CHANNEL_TYPES } from './channels/registered-channels';
import { listed } from './messages/listed';
import { NotificationSettingsService } from './notification-settings.service';

const EVENTS_NOTE =
  'Deliveries are JSON POSTs of a WebhookEnvelope (schemas: ' +
  ['WebhookEnvelopeDto', 'ChangeDetectedDataDto', 'DigestReadyDataDto', 'TestPingDataDto'].map((m) => `[${m}](${getSchemaPath(m)})`).join(', ') +
  '), signed with X-Service-Timestamp and X-Service-Signature (sha256=HMAC-SHA256(secret, "<timestamp>.<raw body>")) when a secret is set. ' +
  'Non-2xx answers are retried up to five times with exponential back-off; 410 Gone stops the retries. ' +
  `Beside the webhook, the same events go to ${listed(CHANNEL_TYPES.filter((t) => t.info.name !== 'webhook').map((t) => t.info.format))}, with the same retries; 429 waits for Retry-After, ` +
  'and a chat URL answering 404 or 410 is marked broken (see `channels`) until a new URL is saved. ' +
  'At least one destination is required. Chat URLs pass the same URL-safety checks as webhook URLs.';

@ApiTags('notifications')
@ApiBearerAuth()
@ApiExtraModels(WebhookEnvelopeDto, ChangeDetectedDataDto, DigestReadyDataDto, TestPingDataDto)
@Controller('workspaces')
export class NotificationSettingsController {
  constructor(private readonly notifications: NotificationSettingsService) {}

  @Get(':id/notification_settings')
  @ApiOperation({
    summary: 'The workspace’s notification settings: every channel and whether it is broken (the signing secret is never shown)',
    description: '404 not_found when the workspace has no settings (webhooks are off).',
  })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiErrors(404)
  async get(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<NotificationSettingsResponse> {
    return { notification_settings: await this.notifications.get(account, id) };
  }

  @Put(':id/notification_settings')
  @ApiOperation({ summary: `Create or replace the notification settings (${CHANNEL_TYPES.map((t) => t.info.label).join(', ')})`, description: EVENTS_NOTE })
  @ApiBody({
    type: PutNotificationSettingsDto,
    examples: {
      webhook: { summary: 'A signed webhook', value: { webhook_url: 'https://hooks.example.com/rivalwatch', signing_secret: 'whsec_8d0f6f5e2a4b4c1f9e3a' } },
      email_and_slack: {
        summary: 'Email and Slack, as a daily digest',
        value: {
          email_recipients: ['pm@example.com', 'founders@example.com'],
          slack_webhook_url: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX',
          mode: 'digest',
          digest_period: '1d',
          digest_hour_utc: 8,
        },
      },
      teams: {
        summary: 'Microsoft Teams, high and critical changes only',
        value: {
          teams_webhook_url: 'https://prod-00.westeurope.logic.azure.com/workflows/0000/triggers/manual/paths/invoke?sig=XXXX',
          realtime_min_severity: 'high',
        },
      },
    },
  })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiErrors(400, 404, 422)
  async put(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: PutNotificationSettingsDto,
  ): Promise<NotificationSettingsResponse> {
    return { notification_settings: await this.notifications.put(account, id, body) };
  }

  @Delete(':id/notification_settings')
  @ApiOperation({
    summary: 'Switch notifications off for the workspace (every channel)',
    description: 'Buffered digest changes are dropped; deliveries still waiting for a retry fail without being sent.',
  })
  @ApiOkResponse({ type: DeletedNotificationSettingsResponse })
  @ApiErrors(404)
  delete(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DeletedNotificationSettingsResponse> {
    return this.notifications.delete(account, id);
  }

  @Post(':id/notification_settings/test')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a test message on one channel (one attempt, no retries)',
    description:
      'The webhook gets a test.ping envelope; every other channel gets a test message. The outcome appears in ' +
      'GET /workspaces/{id}/webhook_deliveries. 404 not_found when the workspace has no settings; 422 validation_failed when the channel is not configured.',
  })
  @ApiBody({
    type: TestNotificationDto,
    required: false,
    examples: { webhook: { summary: 'The webhook (default)', value: {} }, slack: { summary: 'Slack', value: { channel: 'slack' } } },
  })
  @ApiAcceptedResponse({ type: TestPingResponse })
  @ApiErrors(404, 422)
  test(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: TestNotificationDto,
  ): Promise<TestPingResponse> {
    return this.notifications.sendTestPing(account, id, body.channel);
  }

  @Get(':id/webhook_deliveries')
  @ApiOperation({
    summary: 'Recent deliveries on every channel (or one), newest first, with every attempt and its answer',
    description: 'Each delivery with its channel, event, status and every attempt (status code or error, duration, time).',
  })
  @ApiOkResponse({ type: WebhookDeliveryListResponse })
  @ApiErrors(400, 404)
  async deliveries(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: DeliveryListQuery,
  ): Promise<WebhookDeliveryListResponse> {
    return { webhook_deliveries: await this.notifications.deliveryLog(account, id, query.limit, query.channel) };
  }
}
