import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CADENCE_SECONDS } from '../billing/plan';
import type { CaptureFields } from '../capture/capture.types';
import type { RunRow } from './runs.repository';
import type { MonitorRow } from './monitors.repository';

/** Everything a check needs, read in one round trip. */
export interface CheckContext {
  run: RunRow;
  monitor: MonitorRow;
  competitor: { name: string; domain: string };
  previous: {
    id: number;
    content_hash: string;
    captured_at: Date;
    fields: CaptureFields;
    markdown: string;
  } | null;
}

export type RunOutcome = 'succeeded' | 'no_change' | 'changed' | 'failed';

/** Run state changes of the check pipeline (DESIGN §6.6). */
@Injectable()
export class CheckContextRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Moves the run to `running`. The queue hands a run's job to one worker at a time, so a run
   * still `running` belongs to this job's earlier attempt (failed, or its worker died) and is
   * taken over; a finished run is never run twice.
   */
  async claim(runId: number): Promise<CheckContext | null> {
    const [rows] = await this.db.query(
      `UPDATE runs SET status = 'running', started_at = now(), attempts = attempts + 1
        WHERE id = $1 AND status IN ('pending', 'running')
        RETURNING *`,
      [runId],
    );
    const run: RunRow | undefined = rows[0];
    if (!run) return null;
    const [row] = await this.db.query(
      `SELECT row_to_json(m) AS monitor, json_build_object('name', c.name, 'domain', c.domain) AS competitor,
              CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object(
                'id', s.id, 'content_hash', s.content_hash, 'captured_at', s.captured_at,
                'fields', s.fields, 'markdown', s.markdown) END AS previous
         FROM monitors m JOIN competitors c ON c.id = m.competitor_id
         LEFT JOIN snapshots s ON s.id = m.last_snapshot_id
        WHERE m.id = $1`,
      [run.monitor_id],
    );
    if (!row) return null;
    return { run, monitor: row.monitor, competitor: row.competitor, previous: row.previous };
  }

  /** Ends the run and updates the monitor's health and schedule in one statement. */
  async finish(
    ctx: CheckContext,
    outcome: {
      status: RunOutcome;
      errorCode?: string;
      errorMessage?: string;
      snapshotId?: number;
      etag?: string | null;
      lastModified?: string | null;
      rawHash?: string | null;
    },
    manager: EntityManager = this.db.manager,
  ): Promise<void> {
    const failed = outcome.status === 'failed';
    await manager.query(
      `WITH r AS (
         UPDATE runs SET status = $2, error_code = $3, error_message = $4, finished_at = now() WHERE id = $1 RETURNING monitor_id)
       UPDATE monitors m SET
         last_checked_at = now(),
         next_check_at = now() + make_interval(secs => $5),
         consecutive_failures = CASE WHEN $6 THEN m.consecutive_failures + 1 ELSE 0 END,
         last_snapshot_id = COALESCE($7, m.last_snapshot_id),
         http_etag = CASE WHEN $6 THEN m.http_etag ELSE COALESCE($8, m.http_etag) END,
         http_last_modified = CASE WHEN $6 THEN m.http_last_modified ELSE COALESCE($9, m.http_last_modified) END,
         last_raw_hash = CASE WHEN $6 THEN m.last_raw_hash ELSE COALESCE($10, m.last_raw_hash) END
        FROM r WHERE m.id = r.monitor_id`,
      [
        ctx.run.id,
        outcome.status,
        outcome.errorCode ?? null,
        outcome.errorMessage?.slice(0, 1000) ?? null,
        CADENCE_SECONDS[ctx.monitor.cadence],
        failed,
        outcome.snapshotId ?? null,
        outcome.etag ?? null,
        outcome.lastModified ?? null,
        outcome.rawHash ?? null,
      ],
    );
  }

  /** Fails runs that no worker will finish (lost jobs, crashed workers past their retries). */
  async failAbandoned(pendingMinutes: number, runningMinutes: number): Promise<number> {
    const [rows] = await this.db.query(
      `UPDATE runs SET status = 'failed', error_code = 'worker_lost',
              error_message = 'the check was not completed by any worker', finished_at = now()
        WHERE (status = 'pending' AND created_at < now() - make_interval(mins => $1))
           OR (status = 'running' AND started_at < now() - make_interval(mins => $2))
        RETURNING id`,
      [pendingMinutes, runningMinutes],
    );
    return rows.length;
  }
}
