import { Body, Controller, Get, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MONITOR_TYPES, type PricingPlan } from '../capture/capture.types';
import { ChangesService } from '../changes/changes.service';
import { REVIEW_STATUSES, type ReviewStatus } from '../changes/change.types';
import { ListChangesQuery, UpdateChangeDto } from '../changes/dto/change-query.dto';
import { describeFieldDiffs } from '../changes/field-diff-text';
import { notFound } from '../common/errors';
import { ParseBigIdPipe, ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { SEVERITIES } from '../common/severity';
import { CompetitorsService } from '../competitors/competitors.service';
import type { FieldDiff } from '../diffing/diff.types';
import { LogosService } from '../competitors/logos.service';
import { EvidenceService } from '../evidence/evidence.service';
import type { ImageSide } from '../evidence/evidence.repository';
import { AppExceptionFilter } from './app-exception.filter';
import { validForm } from './form';
import { withLogos } from './logos.page';
import { backTo, redirectWith, renderPage } from './page';
import { REVIEW_LABEL } from './view-helpers';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

const PAGE_SIZE = 25;
const FILTERS = ['competitor_id', 'min_severity', 'review_status', 'monitor_type'] as const;
const REVIEW_WORDS: Record<ReviewStatus, string> = { acknowledged: 'marked reviewed', dismissed: 'dismissed', unreviewed: 'reopened' };
/** The triage buttons that apply to a change in each state: a reviewed or dismissed change can only be reopened. */
const REVIEW_ACTIONS: Record<ReviewStatus, { status: ReviewStatus; label: string; secondary: boolean }[]> = {
  unreviewed: [
    { status: 'acknowledged', label: 'Mark reviewed', secondary: false },
    { status: 'dismissed', label: 'Dismiss', secondary: true },
  ],
  acknowledged: [{ status: 'unreviewed', label: 'Reopen', secondary: true }],
  dismissed: [{ status: 'unreviewed', label: 'Reopen', secondary: true }],
};

/** The changes inbox (filters, cursor paging, keyboard triage) and a change's detail with its triage buttons. */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app')
export class ChangesPage {
  constructor(
    private readonly changes: ChangesService,
    private readonly competitors: CompetitorsService,
    private readonly logos: LogosService,
    private readonly evidence: EvidenceService,
  ) {}

  @Get('workspaces/:id/changes')
  async inbox(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIdPipe) workspaceId: number,
    @Query() raw: Record<string, string>,
  ): Promise<void> {
    const filters = await validForm(ListChangesQuery, raw, [...FILTERS, 'after'], 'query');
    const page = await this.changes.feed(viewer.context, { ...filters, workspace_id: workspaceId, limit: PAGE_SIZE });
    const active = Object.fromEntries(FILTERS.filter((f) => raw[f]).map((f) => [f, raw[f]]));
    const moreParams = page.next_cursor ? { ...active, after: String(page.next_cursor) } : null;
    const more = moreParams ? `?${new URLSearchParams(moreParams)}` : null;
    const changes = await withLogos(this.logos, page.changes, (c) => c.competitor_id);
    if (raw.fragment) {
      res.render('partials/change-items', { layout: false, changes, nextUrl: more ? `/app/workspaces/${workspaceId}/changes${more}` : null });
      return;
    }
    const competitors = await this.competitors.list(viewer.context, workspaceId);
    renderPage(req, res, viewer, 'inbox', {
      title: 'Changes',
      nav: 'changes',
      workspaceId,
      changes,
      counts: page.meta.counts,
      more,
      moreFields: moreParams ? Object.entries(moreParams).map(([name, value]) => ({ name, value })) : [],
      filtered: Object.keys(active).length > 0,
      hasCompetitors: competitors.length > 0,
      options: {
        competitors: competitors.map((c) => ({ value: c.id, label: c.name, selected: String(c.id) === raw.competitor_id })),
        severities: SEVERITIES.map((s) => ({ value: s, label: s, selected: s === raw.min_severity })),
        statuses: REVIEW_STATUSES.map((s) => ({ value: s, label: s, selected: s === raw.review_status })),
        surfaces: MONITOR_TYPES.map((t) => ({ value: t, label: t, selected: t === raw.monitor_type })),
      },
    });
  }

  @Get('changes/:id')
  async detail(@Req() req: Request, @Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseBigIdPipe) id: number): Promise<void> {
    // The capture's fields name plans and give prices their currency and unit.
    const { change, workspaceId } = await this.changes.getInWorkspace(viewer.context, id, 'capture');
    const plans = (change.capture?.fields as { plans?: PricingPlan[] } | undefined)?.plans;
    renderPage(req, res, viewer, 'change', {
      title: change.summary,
      nav: 'changes',
      workspaceId,
      change,
      diffs: describeFieldDiffs(change.field_diffs as FieldDiff[], { plans }),
      actions: REVIEW_ACTIONS[change.review_status as ReviewStatus],
    });
  }

  /** The change's before and after crops (DESIGN §5e), for the detail page's images. */
  @Get('changes/:id/evidence/:file')
  async evidenceImage(@Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseBigIdPipe) id: number, @Param('file') file: string): Promise<void> {
    const side = ({ 'before.png': 'before', 'after.png': 'after' } as Record<string, ImageSide>)[file];
    if (!side) throw notFound('page');
    const png = await this.evidence.image(viewer.context, id, side);
    res.set({ 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' });
    res.send(png);
  }

  /** Triage from the detail page (a form) or the inbox keyboard (fetch, answered in JSON). */
  @Post('changes/:id/review')
  async review(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseBigIdPipe) id: number,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const { review_status: status } = await validForm(UpdateChangeDto, body, ['review_status']);
    const change = await this.changes.review(viewer.context, id, status);
    if (req.accepts(['html', 'json']) === 'json') {
      res.json({ id: change.id, review_status: change.review_status, label: REVIEW_LABEL[change.review_status] });
      return;
    }
    redirectWith(req, res, backTo(req, `/app/changes/${id}`), 'notice', `Change ${REVIEW_WORDS[status]}.`);
  }
}
