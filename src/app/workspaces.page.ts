import { Body, Controller, Get, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { CreateWorkspaceDto, UpdateWorkspaceDto } from '../workspaces/dto/create-workspace.dto';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { AppExceptionFilter } from './app-exception.filter';
import { validForm } from './form';
import { formFailure, formMessage, WORKSPACE_FORM } from './form-messages';
import { backTo, redirectWith, renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** Workspaces: the first one is created here, the switcher lands here; rename and delete one in its settings. */
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

  /** Created from the first-workspace page or Plan and usage; an error goes back there with the name as typed. */
  @Post()
  async create(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Body() body: Record<string, unknown>): Promise<void> {
    try {
      const { name } = await validForm(CreateWorkspaceDto, body, ['name']);
      const workspace = await this.workspaces.create(viewer.context, name);
      req.session.workspaceId = workspace.id;
      redirectWith(req, res, `/app/workspaces/${workspace.id}/competitors`, 'notice', `Workspace “${workspace.name}” created. Add a competitor to start watching.`);
    } catch (err) {
      const message = formMessage(formFailure(err), WORKSPACE_FORM, body);
      redirectWith(req, res, backTo(req), 'error', message, { name: String(body.name ?? '') });
    }
  }

  @Get(':id/settings/workspace')
  async settings(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    const workspace = await this.workspaces.get(viewer.context, id);
    renderPage(req, res, viewer, 'workspace-settings', { title: 'Workspace settings', nav: 'settings', workspaceId: id, workspace, name: workspace.name });
  }

  @Post(':id/rename')
  async rename(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    try {
      const { name } = await validForm(UpdateWorkspaceDto, body, ['name']);
      const workspace = await this.workspaces.rename(viewer.context, id, name);
      redirectWith(req, res, `/app/workspaces/${id}/settings/workspace`, 'notice', `Workspace renamed to “${workspace.name}”.`);
    } catch (err) {
      const failure = formFailure(err);
      const workspace = await this.workspaces.get(viewer.context, id);
      res.status(failure.status);
      renderPage(req, res, viewer, 'workspace-settings', {
        title: 'Workspace settings',
        nav: 'settings',
        workspaceId: id,
        workspace,
        name: String(body.name ?? ''),
        error: formMessage(failure, WORKSPACE_FORM, body),
      });
    }
  }

  @Get(':id/delete')
  async confirmDelete(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    const workspace = await this.workspaces.get(viewer.context, id);
    const last = viewer.workspaces.length === 1 ? ' It is your only workspace: you can create a new one afterwards.' : '';
    renderPage(req, res, viewer, 'confirm-delete', {
      title: `Delete the workspace “${workspace.name}”?`,
      nav: 'settings',
      workspaceId: id,
      consequences:
        `This removes “${workspace.name}” with its ${workspace.competitors_count} competitor(s), ${workspace.monitors_total} monitored page(s), ` +
        `every change recorded for them and its notification settings. It cannot be undone.${last}`,
      action: `/app/workspaces/${id}/delete`,
      button: 'Delete workspace',
      cancel: `/app/workspaces/${id}/settings/workspace`,
    });
  }

  @Post(':id/delete')
  async delete(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    const { name } = await this.workspaces.get(viewer.context, id);
    await this.workspaces.remove(viewer.context, id);
    if (req.session.workspaceId === id) delete req.session.workspaceId;
    redirectWith(req, res, '/app/workspaces', 'notice', `Deleted the workspace “${name}” with its competitors and changes.`);
  }
}
