import { Body, Controller, Get, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { CreateWorkspaceDto } from '../workspaces/dto/create-workspace.dto';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { validForm } from './form';
import { AppExceptionFilter } from './app-exception.filter';
import { redirectWith, renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** Workspaces: the first one is created here; the switcher in the nav lands here too. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app/workspaces')
export class WorkspacesPage {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  index(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Query('workspace_id') switchTo?: string): void {
    const chosen = viewer.workspaces.find((w) => String(w.id) === switchTo) ?? viewer.workspaces.find((w) => w.id === req.session.workspaceId);
    const target = chosen ?? viewer.workspaces[0];
    if (!target) return renderPage(req, res, viewer, 'no-workspace', { title: 'Create a workspace' });
    res.redirect(303, `/app/workspaces/${target.id}/changes`);
  }

  @Post()
  async create(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Body() body: Record<string, unknown>): Promise<void> {
    const { name } = await validForm(CreateWorkspaceDto, body, ['name']);
    const workspace = await this.workspaces.create(viewer.context, name);
    req.session.workspaceId = workspace.id;
    redirectWith(req, res, `/app/workspaces/${workspace.id}/competitors`, 'notice', `Workspace “${workspace.name}” created. Add a competitor to start watching.`);
  }
}
