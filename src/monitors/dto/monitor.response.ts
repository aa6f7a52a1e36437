import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CADENCES } from '../../billing/plan';
import { MONITOR_TYPES } from '../../capture/capture.types';
import { SEVERITIES } from '../../common/severity';
import type { MonitorWithRun } from '../monitors.repository';
import { RUN_ERROR_CODES } from '../runs.repository';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export class LastRunDto {
  @ApiProperty({ example: 81 }) id: number;
  @ApiProperty({ example: 'changed', enum: ['pending', 'running', 'succeeded', 'failed', 'no_change', 'changed'] })
  status: string;
  @ApiProperty({ example: null, enum: RUN_ERROR_CODES }) error_code: string | null;
  @ApiProperty({ example: null }) error_message: string | null;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) finished_at: string | null;
}

export class CaptureDto {
  @ApiProperty({ example: '2026-11-22T09:00:03.000Z' }) captured_at: string;
  @ApiProperty({ example: '9f2c…' }) content_hash: string;
  /** typed fields of the monitor type (include=capture) */
  @ApiPropertyOptional({ type: Object })
  fields?: unknown;
  /** page markdown (include=capture_markdown) */
  @ApiPropertyOptional({ example: '# Pricing\n\n…' })
  markdown?: string;
}

export class MonitorDto {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme pricing' }) name: string;
  @ApiProperty({ example: 'https://acme.example/pricing' }) url: string;
  @ApiProperty({ example: 'pricing', enum: MONITOR_TYPES }) monitor_type: string;
  @ApiProperty({ example: 'daily', enum: CADENCES }) cadence: string;
  @ApiProperty({ example: 'active', enum: ['active', 'paused'] }) status: string;
  @ApiProperty({ example: 'info', enum: SEVERITIES }) min_severity: string;
  @ApiProperty({ example: 'datacenter', enum: ['datacenter', 'residential'] }) proxy_kind: string;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) last_checked_at: string | null;
  @ApiProperty({ example: '2026-11-23T09:00:04.000Z' }) next_check_at: string | null;
  @ApiProperty({ example: 0 }) consecutive_failures: number;
  last_run: LastRunDto | null;
  capture?: CaptureDto | null;
}

export class MonitorResponse {
  monitor: MonitorDto;
}
export class MonitorListResponse {
  monitors: MonitorDto[];
}
export class CheckQueuedResponse {
  @ApiProperty({ example: 'queued', enum: ['queued'] }) status: 'queued';
  @ApiProperty({ example: 12 }) monitor_id: number;
  @ApiProperty({ example: 81 }) run_id: number;
}
export class DeletedResponse {
  @ApiProperty({ example: true }) deleted: true;
  @ApiProperty({ example: 12 }) id: number;
}

export function toLastRun(run: MonitorWithRun['last_run']): LastRunDto | null {
  if (!run) return null;
  return {
    id: run.id,
    status: run.status,
    error_code: run.error_code,
    error_message: run.error_message,
    finished_at: iso(run.finished_at),
  };
}

export function toMonitor(row: MonitorWithRun): MonitorDto {
  return {
    id: row.id,
    competitor_id: row.competitor_id,
    name: row.name,
    url: row.url,
    monitor_type: row.monitor_type,
    cadence: row.cadence,
    status: row.status,
    min_severity: row.min_severity,
    proxy_kind: row.proxy_kind,
    last_checked_at: iso(row.last_checked_at),
    next_check_at: iso(row.next_check_at),
    consecutive_failures: row.consecutive_failures,
    last_run: toLastRun(row.last_run),
  };
}
