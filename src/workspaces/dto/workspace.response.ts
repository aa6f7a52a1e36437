import { ApiProperty } from '@nestjs/swagger';
import { SEVERITIES } from '../../common/severity';
import type { CompetitorLogo, WorkspaceRow, WorkspaceStats } from '../workspaces.repository';

export class CompactWorkspaceDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Project management market' }) name: string;
  @ApiProperty({ example: 'project-management-market' }) slug: string;
  @ApiProperty({ example: '2026-11-20T10:00:00.000Z' }) created_at: string;
}

export class WorkspaceDto extends CompactWorkspaceDto {
  @ApiProperty({ example: 4 }) needs_review_count: number;
  @ApiProperty({ example: 'high', enum: SEVERITIES }) max_unreviewed_severity: string | null;
  @ApiProperty({ example: 3 }) competitors_count: number;
  @ApiProperty({ example: 14 }) monitors_total: number;
  @ApiProperty({ example: 1 }) monitors_paused: number;
}

export class CompetitorLogoDto {
  @ApiProperty({ example: 7 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ example: 'https://acme.example/logo.png' }) logo_url: string;
}

export class WorkspaceDetailDto extends WorkspaceDto {
  /** at most 12, competitors with a logo only */
  competitor_logos: CompetitorLogoDto[];
}

export class WorkspaceListResponse {
  workspaces: WorkspaceDto[];
}
export class WorkspaceResponse {
  workspace: WorkspaceDetailDto;
}
export class CreatedWorkspaceResponse {
  workspace: CompactWorkspaceDto;
}
export class RefreshResponse {
  @ApiProperty({ example: 'queued', enum: ['queued'] }) status: 'queued';
  @ApiProperty({ example: 5 }) count: number;
  @ApiProperty({ example: 1 }) skipped: number;
  @ApiProperty({ example: [12] }) skipped_ids: number[];
}

export function toCompactWorkspace(row: WorkspaceRow): CompactWorkspaceDto {
  return { id: row.id, name: row.name, slug: row.slug, created_at: new Date(row.created_at).toISOString() };
}

export function toWorkspace(row: WorkspaceRow, stats: WorkspaceStats | undefined): WorkspaceDto {
  return {
    ...toCompactWorkspace(row),
    needs_review_count: stats?.needs_review_count ?? 0,
    max_unreviewed_severity: stats?.max_unreviewed_rank == null ? null : SEVERITIES[stats.max_unreviewed_rank],
    competitors_count: stats?.competitors_count ?? 0,
    monitors_total: stats?.monitors_total ?? 0,
    monitors_paused: stats?.monitors_paused ?? 0,
  };
}

export function toWorkspaceDetail(row: WorkspaceRow, stats: WorkspaceStats | undefined, logos: CompetitorLogo[]): WorkspaceDetailDto {
  return { ...toWorkspace(row, stats), competitor_logos: logos };
}
