import { Controller, Get, Param, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { PricingMatrixQuery } from '../intelligence/dto/intelligence-query.dto';
import { type MatrixPlan, toPricingMatrixDto } from '../intelligence/dto/pricing-matrix.response';
import { IntelligenceService } from '../intelligence/intelligence.service';
import { planPriceLabel } from '../intelligence/price-label';
import { pricingMatrixCsv } from '../intelligence/pricing-csv';
import { AppExceptionFilter } from './app-exception.filter';
import { validForm } from './form';
import { renderPage } from './page';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** Prices that moved this recently are marked on the page. */
const RECENT_DAYS = 30;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The workspace's pricing matrix: every competitor's plans side by side, now or as of a day, and as CSV. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app')
export class PricingPage {
  constructor(private readonly intelligence: IntelligenceService) {}

  @Get('workspaces/:id/pricing')
  async matrix(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Query() raw: Record<string, string>,
  ): Promise<void> {
    const asOf = await asOfParam(raw);
    const matrix = await this.intelligence.pricingMatrix(viewer.context, workspaceId, asOf);
    const recentSince = Date.now() - RECENT_DAYS * 86_400_000;
    renderPage(req, res, viewer, 'pricing', {
      title: 'Pricing',
      nav: 'pricing',
      workspaceId,
      asOf: raw.as_of && asOf ? raw.as_of : null,
      csvUrl: `/app/workspaces/${workspaceId}/pricing.csv${asOf ? `?as_of=${encodeURIComponent(asOf.toISOString())}` : ''}`,
      competitors: matrix.competitors.map((c) => ({ ...c, plans: c.plans.map((plan) => planRow(plan, recentSince)) })),
    });
  }

  @Get('workspaces/:id/pricing.csv')
  async csv(
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Query() raw: Record<string, string>,
  ): Promise<void> {
    const matrix = await this.intelligence.pricingMatrix(viewer.context, workspaceId, await asOfParam(raw));
    res.attachment(`pricing-matrix-${workspaceId}.csv`).type('text/csv').send(pricingMatrixCsv(toPricingMatrixDto(matrix)));
  }
}

/** `as_of` as the API reads it; a bare day (the page's date input) means the end of that day, UTC. */
async function asOfParam(raw: Record<string, string>): Promise<Date | undefined> {
  const value = typeof raw.as_of === 'string' && DATE_ONLY.test(raw.as_of) ? `${raw.as_of}T23:59:59.999Z` : raw.as_of;
  return (await validForm(PricingMatrixQuery, { as_of: value }, ['as_of'], 'query')).as_of;
}

function planRow(plan: MatrixPlan, recentSince: number) {
  return {
    ...plan,
    price: planPriceLabel(plan),
    pricesChangedRecently: plan.prices_changed_at !== null && Date.parse(plan.prices_changed_at) >= recentSince,
  };
}
