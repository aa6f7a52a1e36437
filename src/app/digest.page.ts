import { Controller, Get, Param, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { DigestService } from '../digest/digest.service';
import { DigestQuery } from '../digest/dto/digest-query.dto';
import { DIGEST_PERIODS } from '../digest/digest.types';
import { opportunitiesToShow } from '../digest/opportunities-to-show';
import { AppExceptionFilter } from './app-exception.filter';
import { validForm } from './form';
import { renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

const PERIOD_LABEL: Record<string, string> = { '1d': 'Last day', '7d': 'Last 7 days', '30d': 'Last 30 days' };

/** The digest of a workspace over 1, 7 or 30 days: needs review, who's moving, top opportunities, coverage. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app')
export class DigestPage {
  constructor(private readonly digests: DigestService) {}

  @Get('workspaces/:id/digest')
  async digest(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Query() raw: Record<string, string>,
  ): Promise<void> {
    const { period } = await validForm(DigestQuery, raw, ['period'], 'query');
    const digest = await this.digests.forWorkspace(viewer.context, workspaceId, period);
    renderPage(req, res, viewer, 'digest', {
      title: 'Digest',
      nav: 'digest',
      workspaceId,
      digest,
      opportunities: opportunitiesToShow(digest.top_opportunities, digest.needs_review.items),
      periods: DIGEST_PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p], current: p === digest.period })),
    });
  }
}
