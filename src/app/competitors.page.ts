import { Body, Controller, Get, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { CompetitorsService } from '../competitors/competitors.service';
import { LogosService } from '../competitors/logos.service';
import { AddCompetitorDto } from '../competitors/dto/competitor.dto';
import { ChecksService } from '../monitors/checks.service';
import { UpdateMonitorDto } from '../monitors/dto/monitor.dto';
import { MonitorsService } from '../monitors/monitors.service';
import type { AccountContext } from '../accounts/account-context';
import { AppExceptionFilter } from './app-exception.filter';
import { validForm } from './form';
import { withLogos } from './logos.page';
import { backTo, redirectWith, renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

const IN_PROGRESS = ['pending', 'running'];

/** Competitors: add one by its homepage, watch discovery finish, check or pause its monitors. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app')
export class CompetitorsPage {
  constructor(
    private readonly competitors: CompetitorsService,
    private readonly monitors: MonitorsService,
    private readonly checks: ChecksService,
    private readonly logos: LogosService,
  ) {}

  @Get('workspaces/:id/competitors')
  async index(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Query('fragment') fragment?: string,
  ): Promise<void> {
    const list = await this.listing(viewer.context, workspaceId);
    if (fragment) {
      res.render('partials/competitor-list', { layout: false, ...list, workspaceId });
      return;
    }
    renderPage(req, res, viewer, 'competitors', { title: 'Competitors', nav: 'competitors', workspaceId, ...list });
  }

  @Post('workspaces/:id/competitors')
  async add(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const dto = await validForm(AddCompetitorDto, body, ['url']);
    const { created, body: result } = await this.competitors.add(viewer.context, workspaceId, dto);
    const text = created
      ? `Added ${result.competitor.name}: discovering its pages…`
      : `${result.competitor.name} is already in this workspace.`;
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

  /** Competitors with their monitors (full records: URL, last run, health) and discovery state. */
  private async listing(context: AccountContext, workspaceId: number) {
    const [competitors, monitors] = await Promise.all([
      this.competitors.list(context, workspaceId),
      this.monitors.list(context, workspaceId),
    ]);
    const withLogo = await withLogos(this.logos, competitors, (c) => c.id);
    const rows = await Promise.all(
      withLogo.map(async (c) => ({
        ...c,
        discovering: IN_PROGRESS.includes(c.discovery_status),
        failed: c.discovery_status === 'failed',
        error: c.discovery_status === 'failed' ? (await this.competitors.get(context, c.id)).discovery.error : null,
        monitors: monitors
          .filter((m) => m.competitor_id === c.id)
          .map((m) => ({ ...m, paused: m.status === 'paused', failing: m.last_run?.status === 'failed' })),
      })),
    );
    return { competitors: rows, discovering: rows.some((r) => r.discovering) };
  }
}
