import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { DeliveryListQuery, PutNotificationSettingsDto } from './dto/notification-settings.dto';
import {
  DeletedNotificationSettingsResponse,
  NotificationSettingsResponse,
  TestPingResponse,
} from './dto/notification-settings.response';
import { WebhookDeliveryListResponse } from './dto/webhook-delivery.response';
import { ChangeDetectedDataDto, DigestReadyDataDto, TestPingDataDto, WebhookEnvelopeDto } from './dto/webhook-events.dto';
import { NotificationSettingsService } from './notification-settings.service';

const EVENTS_NOTE =
  'Deliveries are JSON POSTs of a WebhookEnvelope (schemas: ' +
  ['WebhookEnvelopeDto', 'ChangeDetectedDataDto', 'DigestReadyDataDto', 'TestPingDataDto'].map((m) => `[${m}](${getSchemaPath(m)})`).join(', ') +
  '), signed with X-Service-Timestamp and X-Service-Signature (sha256=HMAC-SHA256(secret, "<timestamp>.<raw body>")) when a secret is set. ' +
  'Non-2xx answers are retried up to five times with exponential back-off; 410 Gone stops the retries.';

@ApiTags('notifications')
@ApiBearerAuth()
@ApiExtraModels(WebhookEnvelopeDto, ChangeDetectedDataDto, DigestReadyDataDto, TestPingDataDto)
@Controller('workspaces')
export class NotificationSettingsController {
  constructor(private readonly notifications: NotificationSettingsService) {}

  @Get(':id/notification_settings')
  @ApiOperation({
    summary: 'The workspace’s webhook settings (the signing secret is never shown)',
    description: '404 not_found when the workspace has no settings (webhooks are off).',
  })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiErrors(404)
  async get(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<NotificationSettingsResponse> {
    return { notification_settings: await this.notifications.get(account, id) };
  }

  @Put(':id/notification_settings')
  @ApiOperation({ summary: 'Create or replace the webhook settings', description: EVENTS_NOTE })
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
    summary: 'Switch webhooks off for the workspace',
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
    summary: 'Send a test.ping to the configured URL (one attempt, no retries)',
    description: 'The outcome appears in GET /workspaces/{id}/webhook_deliveries. 404 not_found when the workspace has no settings.',
  })
  @ApiAcceptedResponse({ type: TestPingResponse })
  @ApiErrors(404)
  test(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<TestPingResponse> {
    return this.notifications.sendTestPing(account, id);
  }

  @Get(':id/webhook_deliveries')
  @ApiOperation({
    summary: 'Recent webhook deliveries, newest first, with every attempt and its answer',
    description: 'Each delivery with its event, status and every attempt (status code or error, duration, time).',
  })
  @ApiOkResponse({ type: WebhookDeliveryListResponse })
  @ApiErrors(400, 404)
  async deliveries(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: DeliveryListQuery,
  ): Promise<WebhookDeliveryListResponse> {
    return { webhook_deliveries: await this.notifications.deliveryLog(account, id, query.limit) };
  }
}
