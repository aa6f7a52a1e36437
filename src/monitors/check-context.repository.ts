import { Injectable } from '@nestjs/common';
import { checksTotal } from '../health/metrics';
import { DataSource, EntityManager } from 'typeorm';
import { CADENCE_SECONDS } from '../billing/plan';
import { Batcher, distinctLayers } from '../common/batcher';
import type { CaptureFields } from '../capture/capture.types';
import type { RunRow } from './runs.repository';
import type { MonitorRow } from './monitors.repository';
import { currentManager, inTransaction } from '../database/transaction-context';

/**
 * Everything a check needs, read in the statement that claims the run. The previous snapshot comes
 * without its capture (fields, markdown): most checks find nothing new and never need it.
 */
export interface CheckContext {
  run: Pick<RunRow, 'id' | 'monitor_id'>;
  monitor: MonitorRow;
  competitor: { name: string; domain: string };
  previous: { id: number; content_hash: string; captured_at: string; fetched_via: 'http' | 'browser' } | null;
}

export type RunOutcome = 'succeeded' | 'no_change' | 'changed' | 'failed';

export interface RunOutcomeUpdate {
  status: RunOutcome;
  errorCode?: string;
  errorMessage?: string;
  snapshotId?: number;
  etag?: string | null;
  lastModified?: string | null;
  rawHash?: string | null;
}

/**
 * Ends runs and updates their monitors' health and schedule: one statement for any number. Rows
 * are locked first in id order (runs, then monitors), so two workers' batches never deadlock.
 */
/** Runs one claim or finish statement takes at most. */
const BATCH = 200;

const FINISH_SQL = `
  WITH o AS (
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bool[], $7::bigint[], $8::text[], $9::text[], $10::text[])
      AS o(run_id, status, error_code, error_message, secs, failed, snapshot_id, etag, last_modified, raw_hash)),
  locked_runs AS (SELECT id FROM runs WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE),
  locked_monitors AS (SELECT id FROM monitors WHERE id = ANY($11::int[]) ORDER BY id FOR NO KEY UPDATE),
  r AS (
    UPDATE runs SET status = o.status, error_code = o.error_code, error_message = o.error_message, finished_at = now()
      FROM o, locked_runs l WHERE runs.id = o.run_id AND l.id = o.run_id
    RETURNING runs.monitor_id, o.*)
  UPDATE monitors m SET
    last_checked_at = now(),
    next_check_at = now() + make_interval(secs => r.secs),
    consecutive_failures = CASE WHEN r.failed THEN m.consecutive_failures + 1 ELSE 0 END,
    last_snapshot_id = COALESCE(r.snapshot_id, m.last_snapshot_id),
    http_etag = CASE WHEN r.failed THEN m.http_etag ELSE COALESCE(r.etag, m.http_etag) END,
    http_last_modified = CASE WHEN r.failed THEN m.http_last_modified ELSE COALESCE(r.last_modified, m.http_last_modified) END,
    last_raw_hash = CASE WHEN r.failed THEN m.last_raw_hash ELSE COALESCE(r.raw_hash, m.last_raw_hash) END
   FROM r, locked_monitors l WHERE m.id = r.monitor_id AND l.id = m.id`;

/**
 * Run state changes of the check pipeline (DESIGN §6.6). Claims, and finishes outside a
 * transaction, are batched across the checks a worker runs at the same time.
 */
@Injectable()
export class CheckContextRepository {
  // One statement of each under way at a time: checks of slow pages end one by one, and each
  // statement then takes the claims or finishes that came during the previous one (bench:peer).
  private readonly claims = new Batcher<[runId: number, jobId: number], CheckContext | null>((asked) => this.claimMany(asked), BATCH, 1);
  private readonly finishes = new Batcher<[CheckContext, RunOutcomeUpdate], void>(
    async (items) => {
      // An UPDATE … FROM applies one source row per monitor: two runs of one monitor go in turn.
      for (const layer of distinctLayers(items, ([ctx]) => ctx.monitor.id)) await this.finishMany(layer, this.db.manager);
      return items.map(() => undefined);
    },
    BATCH,
    1,
  );

  constructor(private readonly db: DataSource) {}

  /**
   * Moves the run to `running` for the job named after run `jobId`. The queue hands a job to one
   * worker at a time, so a run still `running` for this job belongs to its earlier attempt (failed,
   * or its worker died) and is taken over; one running for another job is left to it (the sweep
   * may queue a run again while a job carrying it still waits), and a finished run is never run twice.
   */
  claim(runId: number, jobId: number): Promise<CheckContext | null> {
    return this.claims.call([runId, jobId]);
  }

  /** The typed fields and markdown of a snapshot: what a diff compares. */
  async capture(snapshotId: number): Promise<{ fields: CaptureFields; markdown: string }> {
    const [row] = await this.db.query(`SELECT fields, markdown FROM snapshots WHERE id = $1`, [snapshotId]);
    return row;
  }

  /** Ends the run and updates the monitor's health and schedule; inside the current transaction when there is one. */
  async finish(ctx: CheckContext, outcome: RunOutcomeUpdate): Promise<void> {
    await (inTransaction() ? this.finishMany([[ctx, outcome]], currentManager(this.db.manager)) : this.finishes.call([ctx, outcome]));
    checksTotal.inc({ outcome: outcome.status });
  }

  private async claimMany(asked: [runId: number, jobId: number][]): Promise<(CheckContext | null)[]> {
    // A run asked for by two jobs at once is claimed once: the update takes one of its rows, and
    // the job it names is the one answered.
    const rows: (CheckContext & { run_id: number; job_id: number })[] = await this.db.query(
      `WITH asked AS (SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS a(run_id, job_id)),
       claimable AS (
         SELECT runs.id, asked.job_id FROM runs JOIN asked ON asked.run_id = runs.id
          WHERE runs.status = 'pending' OR (runs.status = 'running' AND (runs.job_id IS NULL OR runs.job_id = asked.job_id))
          ORDER BY runs.id FOR NO KEY UPDATE OF runs),
       r AS (
         UPDATE runs SET status = 'running', started_at = now(), attempts = attempts + 1, job_id = claimable.job_id
          FROM claimable WHERE runs.id = claimable.id
          RETURNING runs.id, runs.monitor_id, runs.job_id)
       SELECT r.id AS run_id, r.job_id, json_build_object('id', r.id, 'monitor_id', r.monitor_id) AS run, row_to_json(m) AS monitor,
              json_build_object('name', c.name, 'domain', c.domain) AS competitor,
              CASE WHEN s.id IS NULL THEN NULL
                   ELSE json_build_object('id', s.id, 'content_hash', s.content_hash, 'captured_at', s.captured_at,
                                          'fetched_via', s.fetched_via) END AS previous
         FROM r JOIN monitors m ON m.id = r.monitor_id JOIN competitors c ON c.id = m.competitor_id
         LEFT JOIN snapshots s ON s.id = m.last_snapshot_id`,
      [asked.map(([runId]) => runId), asked.map(([, jobId]) => jobId)],
    );
    const byClaim = new Map(rows.map(({ run_id, job_id, ...ctx }) => [`${run_id}:${job_id}`, ctx]));
    return asked.map(([runId, jobId]) => {
      const ctx = byClaim.get(`${runId}:${jobId}`) ?? null;
      byClaim.delete(`${runId}:${jobId}`);
      return ctx;
    });
  }

  private async finishMany(items: [CheckContext, RunOutcomeUpdate][], manager: EntityManager): Promise<void> {
    const column = <T>(pick: (ctx: CheckContext, o: RunOutcomeUpdate) => T) => items.map(([ctx, o]) => pick(ctx, o));
    await manager.query(FINISH_SQL, [
      column((ctx) => ctx.run.id),
      column((_, o) => o.status),
      column((_, o) => o.errorCode ?? null),
      column((_, o) => o.errorMessage?.slice(0, 1000) ?? null),
      column((ctx) => CADENCE_SECONDS[ctx.monitor.cadence]),
      column((_, o) => o.status === 'failed'),
      column((_, o) => o.snapshotId ?? null),
      column((_, o) => o.etag ?? null),
      column((_, o) => o.lastModified ?? null),
      column((_, o) => o.rawHash ?? null),
      items.map(([ctx]) => ctx.monitor.id),
    ]);
  }

  /**
   * Unfinished runs that have waited longer than `ageSeconds` (pending since created, running
   * since started), oldest first: the sweep looks for a live job behind each.
   */
  async stranded(ageSeconds: number, limit: number): Promise<StrandedRun[]> {
    return this.db.query(
      `SELECT id, status, attempts, job_id FROM runs
        WHERE status IN ('pending', 'running')
          AND COALESCE(started_at, created_at) < now() - make_interval(secs => $1)
        ORDER BY id LIMIT $2`,
      [ageSeconds, limit],
    );
  }

  /** Lets any job take over these runs still `running`: the jobs that claimed them are gone. */
  async disown(runIds: number[]): Promise<void> {
    if (runIds.length) await this.db.query(`UPDATE runs SET job_id = NULL WHERE id = ANY($1::bigint[]) AND status = 'running'`, [runIds]);
  }

  /** Fails runs that were tried too often without finishing; returns how many it closed. */
  async failLost(runIds: number[]): Promise<number> {
    if (!runIds.length) return 0;
    // An UPDATE answers [rows, count] through TypeORM.
    const [rows]: [unknown[], number] = await this.db.query(
      `WITH lost AS (SELECT id FROM runs WHERE id = ANY($1::bigint[]) AND status IN ('pending', 'running') ORDER BY id FOR NO KEY UPDATE)
       UPDATE runs SET status = 'failed', error_code = 'worker_lost',
              error_message = 'the check was started repeatedly and never completed', finished_at = now()
         FROM lost WHERE runs.id = lost.id
       RETURNING runs.id`,
      [runIds],
    );
    return rows.length;
  }
}

export interface StrandedRun {
  id: number;
  status: 'pending' | 'running';
  attempts: number;
  /** The job that claimed it (`jobIds.check`), if one did. */
  job_id: number | null;
}
