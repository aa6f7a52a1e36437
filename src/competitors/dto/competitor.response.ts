import { ApiProperty } from '@nestjs/swagger';
import { CADENCES } from '../../billing/plan';
import { DISCOVERY_TYPES, MONITOR_TYPES } from '../../capture/capture.types';
import { LastRunDto, MonitorDto, toLastRun } from '../../monitors/dto/monitor.response';
import type { MonitorWithRun } from '../../monitors/monitors.repository';
import type { DiscoveredSurface } from '../competitor.types';
import type { CompetitorRow, NoteRow } from '../competitors.repository';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const STATUSES = ['pending', 'running', 'completed', 'failed'];

export class CompetitorMonitorDto {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 'Acme pricing' }) name: string;
  @ApiProperty({ example: 'pricing', enum: MONITOR_TYPES }) monitor_type: string;
  @ApiProperty({ example: 'active', enum: ['active', 'paused'] }) status: string;
  @ApiProperty({ example: 'daily', enum: CADENCES }) cadence: string;
  last_run: LastRunDto | null;
}

export class CompetitorDto {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ example: 'https://acme.example/' }) homepage_url: string;
  @ApiProperty({ example: 'acme.example' }) domain: string;
  @ApiProperty({ example: 'acme' }) slug: string;
  @ApiProperty({ example: 'https://acme.example/logo.png' }) logo_url: string | null;
  @ApiProperty({ example: 'completed', enum: STATUSES }) discovery_status: string;
  @ApiProperty({ example: '2026-11-22T09:00:09.000Z' }) discovered_at: string | null;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) created_at: string;
}

export class CompetitorListItemDto extends CompetitorDto {
  monitors: CompetitorMonitorDto[];
}

export class NoteDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Their sales team offers 30% off to switchers.' }) body: string;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) created_at: string;
}

export class SurfaceDto {
  @ApiProperty({ example: 'pricing', enum: DISCOVERY_TYPES }) monitor_type: string;
  @ApiProperty({ example: 'https://acme.example/pricing' }) url: string;
  @ApiProperty({ example: 'monitored', enum: ['monitored', 'skipped_plan_limit', 'skipped_by_request'] }) outcome: string;
}

export class DiscoveryDto {
  @ApiProperty({ example: 'completed', enum: STATUSES }) status: string;
  @ApiProperty({ example: '2026-11-22T09:00:01.000Z' }) started_at: string | null;
  @ApiProperty({ example: '2026-11-22T09:00:09.000Z' }) finished_at: string | null;
  @ApiProperty({ example: null }) error: string | null;
  surfaces: SurfaceDto[];
}

export class CompetitorDetailDto extends CompetitorDto {
  monitors: MonitorDto[];
  notes: NoteDto[];
  discovery: DiscoveryDto;
}

export class CompetitorListResponse {
  competitors: CompetitorListItemDto[];
}
export class CompetitorResponse {
  competitor: CompetitorDetailDto;
}

class DiscoveringCompetitorDto {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 'acme.example' }) name: string;
  @ApiProperty({ example: 'pending', enum: STATUSES }) discovery_status: string;
  @ApiProperty({ example: 'https://acme.example/' }) homepage_url: string;
}
export class AddCompetitorResponse {
  @ApiProperty({ example: 'discovering', enum: ['discovering', 'exists'], description: '`exists` on the 200 for a duplicate URL' })
  status: 'discovering' | 'exists';
  @ApiProperty({ example: 'https://acme.example/' }) url: string;
  /** on 200 (duplicate) the full competitor with its monitors */
  @ApiProperty({ type: DiscoveringCompetitorDto })
  competitor: DiscoveringCompetitorDto | CompetitorListItemDto;
}
export class DiscoveryStatusResponse {
  @ApiProperty({ example: 'running', enum: STATUSES }) discovery_status: string;
  @ApiProperty({ type: DiscoveringCompetitorDto }) competitor: { id: number; name: string; discovery_status: string };
}
export class NoteResponse {
  note: NoteDto;
}

export function toCompetitor(row: CompetitorRow): CompetitorDto {
  return {
    id: row.id,
    name: row.name,
    homepage_url: row.homepage_url,
    domain: row.domain,
    slug: row.slug,
    logo_url: row.logo_url,
    discovery_status: row.discovery_status,
    discovered_at: iso(row.discovered_at),
    created_at: iso(row.created_at)!,
  };
}

export function toCompetitorListItem(row: CompetitorRow, monitors: MonitorWithRun[]): CompetitorListItemDto {
  return {
    ...toCompetitor(row),
    monitors: monitors.map((m) => ({
      id: m.id,
      name: m.name,
      monitor_type: m.monitor_type,
      status: m.status,
      cadence: m.cadence,
      last_run: toLastRun(m.last_run),
    })),
  };
}

export function toNote(row: NoteRow): NoteDto {
  return { id: row.id, body: row.body, created_at: iso(row.created_at)! };
}

export function toCompetitorDetail(row: CompetitorRow, monitors: MonitorDto[], notes: NoteRow[]): CompetitorDetailDto {
  return {
    ...toCompetitor(row),
    monitors,
    notes: notes.map(toNote),
    discovery: {
      status: row.discovery_status,
      started_at: iso(row.discovery_started_at),
      finished_at: iso(row.discovery_finished_at),
      error: row.discovery_error,
      surfaces: currentSurfaces(row.discovery_surfaces ?? [], monitors),
    },
  };
}

/** A URL compared the way URLs are stored (parsed and serialised), so `…/pricing` and its stored form match. */
export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * The discovered surfaces as they stand now: one skipped at discovery (over the plan's cap, or not
 * asked for) that has since been monitored by its URL reads `monitored`.
 */
function currentSurfaces(surfaces: DiscoveredSurface[], monitors: MonitorDto[]): DiscoveredSurface[] {
  return surfaces.map((s) =>
    s.outcome !== 'monitored' && monitors.some((m) => sameUrl(m.url, s.url)) ? { ...s, outcome: 'monitored' } : s,
  );
}
