import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CompetitorsService } from '../competitors/competitors.service';
import { LogosService } from '../competitors/logos.service';
import { type AddPageForm, competitorCard } from './competitor-card';
import { withLogos } from './logos.page';
import { renderPage } from './page';
import type { Viewer } from './viewer';

/** What a failed form on the Competitors page held, shown again with its error. */
export interface FailedForm {
  status: number;
  addCompetitor?: { url: string; error: string };
  addPage?: AddPageForm;
}

/** The Competitors page and its live fragment, shared by the page actions that show it again after an error. */
@Injectable()
export class CompetitorsView {
  constructor(
    private readonly competitors: CompetitorsService,
    private readonly logos: LogosService,
  ) {}

  async render(req: Request, res: Response, viewer: Viewer, workspaceId: number, failed: FailedForm | null = null): Promise<void> {
    const list = await this.listing(viewer, workspaceId, failed?.addPage ?? null);
    if (failed) res.status(failed.status);
    renderPage(req, res, viewer, 'competitors', {
      title: 'Competitors',
      nav: 'competitors',
      workspaceId,
      addCompetitor: failed?.addCompetitor ?? null,
      ...list,
    });
  }

  async fragment(res: Response, viewer: Viewer, workspaceId: number): Promise<void> {
    res.render('partials/competitor-list', { layout: false, ...(await this.listing(viewer, workspaceId, null)), workspaceId });
  }

  /** Competitors with their monitors (URL, last run, health), discovery summary and the discovered pages left unmonitored. */
  private async listing(viewer: Viewer, workspaceId: number, addPage: AddPageForm | null) {
    const list = await this.competitors.list(viewer.context, workspaceId);
    const details = await Promise.all(list.map((c) => this.competitors.get(viewer.context, c.id)));
    const withLogo = await withLogos(this.logos, details, (c) => c.id);
    const rows = withLogo.map((c) => competitorCard(c, viewer.context.plan, addPage));
    return { competitors: rows, discovering: rows.some((r) => r.discovering) };
  }
}
