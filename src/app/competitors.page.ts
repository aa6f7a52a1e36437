import { Body, Controller, Get, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { CompetitorsService } from '../competitors/competitors.service';
import { AddCompetitorDto } from '../competitors/dto/competitor.dto';
import { AppExceptionFilter } from './app-exception.filter';
import { CompetitorsView } from './competitors.view';
import { validForm } from './form';
import { COMPETITOR_FORM, formFailure, formMessage } from './form-messages';
import { redirectWith, renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** Competitors: add one by its homepage, watch discovery finish, delete one (after a confirmation). */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app/workspaces/:workspaceId/competitors')
export class CompetitorsPage {
  constructor(
    private readonly competitors: CompetitorsService,
    private readonly view: CompetitorsView,
  ) {}

  @Get()
  async index(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Query('fragment') fragment?: string,
  ): Promise<void> {
    if (fragment) return this.view.fragment(res, viewer, workspaceId);
    await this.view.render(req, res, viewer, workspaceId);
  }

  @Post()
  async add(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    let text: string;
    try {
      const dto = await validForm(AddCompetitorDto, body, ['url']);
      const { created, body: result } = await this.competitors.add(viewer.context, workspaceId, dto);
      text = created ? `Added ${result.competitor.name}: discovering its pages…` : `${result.competitor.name} is already in this workspace.`;
    } catch (err) {
      const failure = formFailure(err);
      const error = formMessage(failure, COMPETITOR_FORM, body);
      return this.view.render(req, res, viewer, workspaceId, { status: failure.status, addCompetitor: { url: String(body.url ?? ''), error } });
    }
    redirectWith(req, res, `/app/workspaces/${workspaceId}/competitors`, 'notice', text);
  }

  @Get(':id/delete')
  async confirmDelete(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Param('id', ParseIdPipe) id: number,
  ): Promise<void> {
    const competitor = await this.competitors.get(viewer.context, id);
    const pages = competitor.monitors.length === 1 ? '1 monitored page' : `${competitor.monitors.length} monitored pages`;
    renderPage(req, res, viewer, 'confirm-delete', {
      title: `Delete ${competitor.name}?`,
      nav: 'competitors',
      workspaceId,
      consequences: `This removes ${competitor.name} from the workspace with its ${pages}, their captures and every change recorded for them. It cannot be undone.`,
      alternative: 'To stop checking it but keep its history, pause its pages instead.',
      action: `/app/workspaces/${workspaceId}/competitors/${id}/delete`,
      button: 'Delete competitor',
      cancel: `/app/workspaces/${workspaceId}/competitors`,
    });
  }

  @Post(':id/delete')
  async delete(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Param('id', ParseIdPipe) id: number,
  ): Promise<void> {
    const { name } = await this.competitors.get(viewer.context, id);
    await this.competitors.remove(viewer.context, id);
    redirectWith(req, res, `/app/workspaces/${workspaceId}/competitors`, 'notice', `Deleted ${name} with its pages and changes.`);
  }
}
