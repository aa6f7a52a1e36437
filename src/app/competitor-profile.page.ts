import { Controller, Get, Param, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { LogosService } from '../competitors/logos.service';
import { battlecardMarkdown } from '../intelligence/battlecard';
import { IntelligenceService } from '../intelligence/intelligence.service';
import { planPriceLabel } from '../intelligence/price-label';
import { AppExceptionFilter } from './app-exception.filter';
import { withLogos } from './logos.page';
import { renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** A competitor's profile: headline, plans and price range, recent changes, cadence, watched pages; and its battlecard. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app/competitors')
export class CompetitorProfilePage {
  constructor(
    private readonly intelligence: IntelligenceService,
    private readonly logos: LogosService,
  ) {}

  @Get(':id')
  async profile(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    const profile = await this.intelligence.profile(viewer.context, id);
    const [{ logo }] = await withLogos(this.logos, [profile], (p) => p.competitor_id);
    const workspaceId = await this.intelligence.workspaceOf(viewer.context, id);
    renderPage(req, res, viewer, 'competitor', {
      title: profile.name,
      nav: 'competitors',
      workspaceId,
      profile,
      logo,
      plans: profile.plans.map((plan) => ({ ...plan, price: planPriceLabel(plan) })),
    });
  }

  @Get(':id/battlecard.md')
  async battlecard(@Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    const profile = await this.intelligence.profile(viewer.context, id);
    res.attachment(`${profile.name.replace(/[^\w.-]+/g, '-')}-battlecard.md`).type('text/markdown; charset=utf-8').send(battlecardMarkdown(profile));
  }
}
