import { Injectable } from '@nestjs/common';
import type { AccountContext } from '../accounts/account-context';
import { toCapture } from '../capture/capture.response';
import { SnapshotsRepository } from '../capture/snapshots.repository';
import { ThemesService } from '../digest/themes.service';
import { EvidenceService } from '../evidence/evidence.service';
import { decodeCursor, encodeCursor } from '../common/cursor';
import { DomainError, ErrorCode, invalidParams, notFound } from '../common/errors';
import { parseInclude } from '../common/include';
import { SEVERITIES, severityRank } from '../common/severity';
import { parseSince } from '../common/since';
import type { ReviewStatus } from './change.types';
import { ChangesRepository, type ChangeRow } from './changes.repository';
import { ListChangesQuery } from './dto/change-query.dto';
import { ChangeDetailDto, ChangeListResponse, toChangeDetail, toChangeListItem } from './dto/change.response';

const DEFAULT_LIMIT = 25;
const INCLUDES = ['capture', 'capture_markdown', 'raw_diff'] as const;

@Injectable()
export class ChangesService {
  constructor(
    private readonly changes: ChangesRepository,
    private readonly snapshots: SnapshotsRepository,
    private readonly themes: ThemesService,
    private readonly evidence: EvidenceService,
  ) {}

  async feed(account: AccountContext, query: ListChangesQuery): Promise<ChangeListResponse> {
    if (query.workspace_id === undefined) throw new DomainError(ErrorCode.WorkspaceRequired, 'workspace_id is required');
    const since = parseSince(query.since);
    const afterId = query.after === undefined ? undefined : decodeCursor(query.after);
    if (afterId === null) throw invalidParams('after is not a cursor this API issued');
    const limit = query.limit ?? DEFAULT_LIMIT;
    // Two statements in parallel: the page, and the counts that also check the workspace is the
    // account's. A page read for someone else's workspace is thrown away, never answered.
    const [rows, meta] = await Promise.all([
      this.changes.feed({
        workspaceId: query.workspace_id,
        competitorId: query.competitor_id,
        reviewStatus: query.review_status,
        minSeverityRank: query.min_severity ? severityRank(query.min_severity) : undefined,
        since,
        monitorType: query.monitor_type,
        afterId,
        limit: limit + 1,
      }),
      this.changes.counts({
        accountId: account.accountId,
        workspaceId: query.workspace_id,
        competitorId: query.competitor_id,
        monitorType: query.monitor_type,
      }),
    ]);
    if (meta === null) throw notFound('workspace');
    if (rows === null) throw invalidParams('after names a change that no longer exists in this workspace');
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return {
      changes: page.map(toChangeListItem),
      has_more: hasMore,
      next_cursor: hasMore ? encodeCursor(page[page.length - 1].id) : null,
      meta: {
        counts: meta.counts,
        max_unreviewed_severity: meta.max_unreviewed_rank === null ? null : SEVERITIES[meta.max_unreviewed_rank],
      },
    };
  }

  async get(account: AccountContext, id: number, includeRaw?: string): Promise<ChangeDetailDto> {
    return (await this.getInWorkspace(account, id, includeRaw)).change;
  }

  /** A change with the workspace it belongs to (the application's navigation needs it), from one read. */
  async getInWorkspace(account: AccountContext, id: number, includeRaw?: string): Promise<{ change: ChangeDetailDto; workspaceId: number }> {
    const include = parseInclude(includeRaw, INCLUDES);
    const row = await this.changes.detail(account.accountId, id);
    if (!row) throw notFound('change');
    const [dto, visual] = await Promise.all([this.withTheme(row, toChangeDetail(row)), this.evidence.visual(row.id)]);
    dto.evidence = { ...dto.evidence, visual };
    const wantsCapture = include.has('capture') || include.has('capture_markdown');
    // The snapshots are read only when an include asks for them.
    const after = (wantsCapture || include.has('raw_diff')) && row.snapshot_id ? await this.snapshots.byId(row.snapshot_id) : null;
    if (wantsCapture) {
      dto.capture = after
        ? toCapture(after, { fields: include.has('capture'), markdown: include.has('capture_markdown') })
        : null;
    }
    if (include.has('raw_diff')) {
      const before = row.previous_snapshot_id ? await this.snapshots.byId(row.previous_snapshot_id) : null;
      const side = (s: typeof after) => (s ? { captured_at: new Date(s.captured_at).toISOString(), markdown: s.markdown } : null);
      dto.raw_diff = { before: side(before), after: side(after), unified: row.raw_diff ?? '' };
    }
    return { change: dto, workspaceId: row.workspace_id };
  }

  async review(account: AccountContext, id: number, status: ReviewStatus): Promise<ChangeDetailDto> {
    const row = await this.changes.detail(account.accountId, id);
    if (!row) throw notFound('change');
    const [dto, visual] = await Promise.all([
      this.withTheme(row, toChangeDetail({ ...row, review_status: status })),
      this.evidence.visual(row.id),
      this.changes.setReviewStatus(id, status),
    ]);
    return { ...dto, evidence: { ...dto.evidence, visual } };
  }

  /** A theme is read when the change is: the related changes on other surfaces may come after it. */
  private async withTheme(row: ChangeRow, dto: ChangeDetailDto): Promise<ChangeDetailDto> {
    const theme = await this.themes.clusterOf(row);
    return theme ? { ...dto, clusters: [...dto.clusters, theme] } : dto;
  }
}
