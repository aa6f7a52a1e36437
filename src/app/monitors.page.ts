import { Body, Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorCode } from '../common/errors';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { ChecksService } from '../monitors/checks.service';
import { CreateMonitorDto, UpdateMonitorDto } from '../monitors/dto/monitor.dto';
import { MonitorsService } from '../monitors/monitors.service';
import { AppExceptionFilter } from './app-exception.filter';
import { planLimitText } from './competitor-card';
import { CompetitorsView } from './competitors.view';
import { validForm } from './form';
import { ADD_PAGE_FORM, formFailure, formMessage } from './form-messages';
import { backTo, redirectWith, renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** Over the monitor cap: the plan's number, how many are in use, and the ways out. */
function planLimitMessage(viewer: Viewer): string {
  const inUse = viewer.workspaces.reduce((sum, w) => sum + w.monitors_total, 0);
  return (
    `This page is not monitored: ${planLimitText(viewer.context.plan)} and ${inUse} are monitored already. ` +
    'Delete a monitored page first, or ask your Rivalwatch operator to move the account to a larger plan (Settings → Plan and usage shows yours).'
  );
}

/** A competitor's monitored pages: add one (a discovered page or any URL), check now, pause or resume, delete. */
/** Two spellings of one address (a trailing slash, the host's case) name the same page. */
function sameUrl(a: string, b: string): boolean {
  const normal = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
    } catch {
      return u;
    }
  };
  return normal(a) === normal(b);
}

@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app')
export class MonitorsPage {
  constructor(
    private readonly monitors: MonitorsService,
    private readonly checks: ChecksService,
    private readonly view: CompetitorsView,
  ) {}

  /** `Monitor this page` (a discovered page left unmonitored) and `Add page` (any URL with its type). */
  @Post('workspaces/:workspaceId/competitors/:id/monitors')
  async add(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Param('id', ParseIdPipe) competitorId: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    let text: string;
    try {
      const dto = await validForm(CreateMonitorDto, { ...body, competitor_id: competitorId }, ['competitor_id', 'url', 'monitor_type']);
      // A second click or a reload of the form monitors nothing twice (the REST API creates what it is asked to).
      const existing = (await this.monitors.list(viewer.context, workspaceId, competitorId)).find(
        (m) => m.monitor_type === dto.monitor_type && sameUrl(m.url, dto.url),
      );
      if (existing) return redirectWith(req, res, `/app/workspaces/${workspaceId}/competitors`, 'notice', `${existing.url} is already monitored.`);
      const monitor = await this.monitors.create(viewer.context, dto);
      text = `Now monitoring ${monitor.url} (${monitor.monitor_type}): its first check is queued.`;
    } catch (err) {
      const failure = formFailure(err);
      const error = failure.code === ErrorCode.PlanLimitExceeded ? planLimitMessage(viewer) : formMessage(failure, ADD_PAGE_FORM, body);
      const typed = { competitorId, url: String(body.url ?? ''), monitor_type: String(body.monitor_type ?? ''), error };
      return this.view.render(req, res, viewer, workspaceId, { status: failure.status, addPage: typed });
    }
    redirectWith(req, res, `/app/workspaces/${workspaceId}/competitors`, 'notice', text);
  }

  @Post('monitors/:id/check')
  async checkNow(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.checks.checkNow(viewer.context, id);
    redirectWith(req, res, backTo(req), 'notice', 'Check queued: the result appears here in a moment.');
  }

  @Post('monitors/:id/status')
  async setStatus(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const dto = await validForm(UpdateMonitorDto, body, ['status']);
    const monitor = await this.monitors.update(viewer.context, id, dto);
    redirectWith(req, res, backTo(req), 'notice', `${monitor.name} ${monitor.status === 'paused' ? 'paused' : 'resumed'}.`);
  }

  @Get('workspaces/:workspaceId/monitors/:id/delete')
  async confirmDelete(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Param('id', ParseIdPipe) id: number,
  ): Promise<void> {
    const monitor = await this.monitors.get(viewer.context, id);
    renderPage(req, res, viewer, 'confirm-delete', {
      title: `Delete the page ${monitor.name}?`,
      nav: 'competitors',
      workspaceId,
      consequences: `Rivalwatch stops watching ${monitor.url} and removes its captures and the changes recorded for it. It cannot be undone.`,
      alternative: 'To stop checking it but keep its history, pause it instead.',
      action: `/app/workspaces/${workspaceId}/monitors/${id}/delete`,
      button: 'Delete page',
      cancel: `/app/workspaces/${workspaceId}/competitors`,
    });
  }

  @Post('workspaces/:workspaceId/monitors/:id/delete')
  async delete(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Param('id', ParseIdPipe) id: number,
  ): Promise<void> {
    const { name } = await this.monitors.get(viewer.context, id);
    await this.monitors.remove(viewer.context, id);
    redirectWith(req, res, `/app/workspaces/${workspaceId}/competitors`, 'notice', `Deleted the page ${name} with its changes.`);
  }
}
