import { Body, Controller, Get, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountsService } from '../accounts/accounts.service';
import { DomainError, ErrorCode } from '../common/errors';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { SEVERITIES } from '../common/severity';
import { ChannelRegistry } from '../webhooks/channels/channel-registry';
import { EmailOutboxService } from '../webhooks/channels/email/email-outbox.service';
import { PutNotificationSettingsDto } from '../webhooks/dto/notification-settings.dto';
import type { NotificationSettingsDto } from '../webhooks/dto/notification-settings.response';
import type { WebhookDeliveryDto } from '../webhooks/dto/webhook-delivery.response';
import { NotificationSettingsService } from '../webhooks/notification-settings.service';
import { LimitAction } from './action-limit';
import { deliveryOutcome } from './delivery-outcome';
import { AppExceptionFilter, messageOf } from './app-exception.filter';
import { validForm } from './form';
import { formMessage } from './form-messages';
import { SettingsForm } from './notification-settings-form';
import { redirectWith, renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

function pick(body: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => typeof body[f] === 'string').map((f) => [f, body[f]]));
}

function channelOf(delivery: WebhookDeliveryDto): string {
  return delivery.channel ?? 'webhook';
}

/** A form's recipients box: addresses separated by commas, semicolons or new lines. */
function recipientsOf(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const list = value.split(/[\s,;]+/).filter(Boolean);
  return list.length ? list : undefined;
}

/** A test's outcome in one line: "delivered (HTTP 200)", "in outbox (…)". */
function outcomeOf(delivery: WebhookDeliveryDto): string {
  const { state, detail } = deliveryOutcome(delivery);
  return detail === '—' ? `${state}…` : `${state} (${detail})`;
}

/** Workspace notification settings with Send test and the delivery log; API keys; plan and usage. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app')
export class SettingsPage {
  private readonly form: SettingsForm;

  constructor(
    private readonly settings: NotificationSettingsService,
    private readonly accounts: AccountsService,
    private readonly outbox: EmailOutboxService,
    private readonly channels: ChannelRegistry,
  ) {
    this.form = new SettingsForm(channels.all());
  }

  @Get('workspaces/:id/settings/notifications')
  async notifications(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Query('fragment') fragment?: string,
  ): Promise<void> {
    const current = await this.current(viewer, workspaceId);
    if (fragment) {
      res.render('partials/notification-status', { layout: false, workspaceId, ...(await this.status(viewer, workspaceId, current)) });
      return;
    }
    await this.renderNotifications(req, res, viewer, workspaceId, current, null);
  }

  @Post('workspaces/:id/settings/notifications')
  async saveNotifications(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const current = await this.current(viewer, workspaceId);
    const form: Record<string, unknown> = {
      ...body,
      ...Object.fromEntries(this.form.addressFields.map((f) => [f, recipientsOf(body[f])])),
      digest_hour_utc: body.digest_hour_utc === undefined || body.digest_hour_utc === '' ? undefined : Number(body.digest_hour_utc),
    };
    // Chat webhook URLs are secrets and never shown: an empty field keeps the saved one unless Remove is ticked.
    for (const { field } of this.form.secretUrls.map((c) => c.info)) {
      if (!form[field] && !body[`remove_${field}`] && current?.[field]) form[field] = current[field];
    }
    try {
      const dto = await validForm(PutNotificationSettingsDto, form, this.form.fields);
      await this.settings.put(viewer.context, workspaceId, dto);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== ErrorCode.ValidationFailed) throw err;
      // The form comes back with what was typed (never the secrets) and what to fix.
      res.status(422);
      const typed = {
        ...(current ?? this.form.defaults),
        ...pick(body, this.form.typed),
        ...Object.fromEntries(this.form.addressFields.map((f) => [f, recipientsOf(body[f]) ?? []])),
      };
      return this.renderNotifications(req, res, viewer, workspaceId, current, { values: typed, error: formMessage(err, this.form.copy, form) });
    }
    redirectWith(req, res, `/app/workspaces/${workspaceId}/settings/notifications`, 'notice', 'Notification settings saved.');
  }

  @Post('workspaces/:id/settings/notifications/test')
  @LimitAction('send_test')
  async sendTest(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const channel = this.channels.all().find((c) => c.info.name === body.channel)?.info.name ?? 'webhook';
    const { delivery_id } = await this.settings.sendTestPing(viewer.context, workspaceId, channel);
    redirectWith(
      req,
      res,
      `/app/workspaces/${workspaceId}/settings/notifications#delivery-${delivery_id}`,
      'notice',
      'Test sent; its outcome appears below in a moment.',
    );
  }

  private current(viewer: Viewer, workspaceId: number): Promise<NotificationSettingsDto | null> {
    return this.settings.get(viewer.context, workspaceId).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === ErrorCode.NotFound && viewer.workspaces.some((w) => w.id === workspaceId)) return null;
      throw err;
    });
  }

  private async renderNotifications(
    req: Request,
    res: Response,
    viewer: Viewer,
    workspaceId: number,
    current: NotificationSettingsDto | null,
    failed: { values: Record<string, unknown>; error: string } | null,
  ): Promise<void> {
    const values = (failed?.values ?? current ?? this.form.defaults) as Record<string, unknown>;
    const secretUrls = this.form.secretUrls.map(({ info }) => ({
      name: info.name,
      field: info.field,
      label: info.fieldLabel,
      placeholder: info.placeholder,
      hint: current?.[info.field] ? `…${String(current[info.field]).slice(-6)}` : null,
    }));
    renderPage(req, res, viewer, 'notifications', {
      title: 'Notifications',
      nav: 'settings',
      workspaceId,
      configured: current !== null,
      error: failed?.error,
      values: {
        ...values,
        ...Object.fromEntries(this.form.addressFields.map((f) => [`${f}_text`, (values[f] as string[]).join(', ')])),
        signing_secret_set: current?.signing_secret_set ?? false,
      },
      secretUrls,
      severities: SEVERITIES.map((s) => ({ value: s, selected: s === values.realtime_min_severity })),
      hours: Array.from({ length: 24 }, (_, h) => ({ value: h, selected: h === Number(values.digest_hour_utc) })),
      ...(await this.status(viewer, workspaceId, current)),
    });
  }

  /** The channels that can be tested, each with its last test's outcome, and the delivery log. */
  private async status(viewer: Viewer, workspaceId: number, current: NotificationSettingsDto | null) {
    const [deliveries, outbox] = await Promise.all([
      this.settings.deliveryLog(viewer.context, workspaceId, 25),
      this.outbox.active ? this.outbox.list(viewer.context, workspaceId, 10) : Promise.resolve([]),
    ]);
    const channels = this.channels.all().filter(({ info }) => current?.channels[info.name]?.configured).map(({ info }) => {
      const state = current!.channels[info.name];
      const test = deliveries.find((d) => d.event === 'test.ping' && channelOf(d) === info.name);
      return {
        name: info.name,
        label: info.label,
        broken: state.broken ? (state.broken_reason ?? 'the receiver is gone') : null,
        lastTest: test ? { outcome: outcomeOf(test), at: test.completed_at ?? test.created_at } : null,
      };
    });
    const log = deliveries.map((delivery) => ({ ...delivery, outcome: deliveryOutcome(delivery) }));
    return { channels, deliveries: log, outbox, outboxActive: this.outbox.active };
  }

  /** A key created just before is shown here once, taken out of the session, so a reload shows it no more. */
  @Get('settings/api-keys')
  async apiKeys(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer): Promise<void> {
    const newKey = req.session.newApiKey ?? null;
    delete req.session.newApiKey;
    if (newKey) res.setHeader('Cache-Control', 'no-store');
    await this.renderKeys(req, res, viewer, newKey);
  }

  /**
   * Post/redirect/get: the new key rides in the session to the next page only (it is stored
   * nowhere else but as a hash), so reloading that page never creates a second key.
   */
  @Post('settings/api-keys')
  @LimitAction('create_api_key')
  async createKey(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer): Promise<void> {
    let apiKey: string;
    try {
      ({ apiKey } = await this.accounts.createKey(viewer.context.accountId));
    } catch (err) {
      // Over the plan's key cap: the page says so, with the keys to revoke below.
      if (!(err instanceof DomainError) || err.code !== ErrorCode.ValidationFailed) throw err;
      res.status(422);
      return this.renderKeys(req, res, viewer, null, messageOf(err));
    }
    req.session.newApiKey = apiKey;
    redirectWith(req, res, '/app/settings/api-keys', 'notice', 'API key created.');
  }

  @Post('settings/api-keys/:id/revoke')
  async revokeKey(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) keyId: number): Promise<void> {
    await this.accounts.revokeAccountKey(viewer.context.accountId, keyId).catch(() => {
      throw new DomainError(ErrorCode.NotFound, 'key not found');
    });
    redirectWith(req, res, '/app/settings/api-keys', 'notice', 'Key revoked: it no longer works.');
  }

  @Get('settings/account')
  async account(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer): Promise<void> {
    const { account, plan, usage } = await this.accounts.describe(viewer.context);
    const percent = Math.min(100, Math.round((usage.checks_used / Math.max(plan.checks_per_month, 1)) * 100));
    renderPage(req, res, viewer, 'account', { title: 'Plan and usage', nav: 'settings', account, plan, usage, percent });
  }

  private async renderKeys(req: Request, res: Response, viewer: Viewer, newKey: string | null, error?: string): Promise<void> {
    const keys = await this.accounts.listKeys(viewer.context.accountId);
    renderPage(req, res, viewer, 'api-keys', { title: 'API keys', nav: 'settings', keys, newKey, error });
  }
}
