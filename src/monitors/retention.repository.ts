import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { transaction } from '../database/transaction-context';

/** One advisory lock key for the retention batches, so two schedulers do not delete side by side. */
export const RETENTION_LOCK = 7_140_001;

/** Where a pass stands: the last id looked at, rows deleted; null when another process holds the batch lock. */
export interface RetentionBatch {
  lastId: number | null;
  deleted: number;
}

/**
 * Deletes check history past its retention. Hand-written SQL: each batch is one bounded
 * statement over the primary key (ids grow with time, so the old rows are the low ids) with
 * anti-joins on indexed references, which TypeORM's delete cannot express; see bench/growth.
 * Each batch is its own short transaction, and row locks are held only on the rows deleted.
 */
@Injectable()
export class RetentionRepository {
  constructor(private readonly db: DataSource) {}

  /** The first id created at or after the cutoff (older rows have smaller ids); past the last id when none is. */
  async runsBoundary(days: number): Promise<number> {
    return this.boundary(`SELECT id FROM runs WHERE created_at >= now() - make_interval(days => $1) ORDER BY id LIMIT 1`, 'runs', days);
  }

  async snapshotsBoundary(days: number): Promise<number> {
    return this.boundary(
      `SELECT id FROM snapshots WHERE captured_at >= now() - make_interval(days => $1) ORDER BY id LIMIT 1`,
      'snapshots',
      days,
    );
  }

  /**
   * Deletes, among the next `limit` runs after `afterId` (and below `beforeId`), those older than
   * `days` days that are finished, not their monitor's last run and not pointed at by a change.
   */
  deleteRuns(o: { afterId: number; beforeId: number; days: number; limit: number }): Promise<RetentionBatch | null> {
    return this.batch(
      `WITH batch AS (
         SELECT id, created_at, status FROM runs WHERE id > $1 AND id < $2 ORDER BY id LIMIT $3),
       doomed AS (
         SELECT b.id FROM batch b
          WHERE b.created_at < now() - make_interval(days => $4)
            AND b.status NOT IN ('pending', 'running')
            AND NOT EXISTS (SELECT 1 FROM monitors m WHERE m.last_run_id = b.id)
            AND NOT EXISTS (SELECT 1 FROM changes c WHERE c.run_id = b.id)),
       gone AS (DELETE FROM runs r USING doomed d WHERE r.id = d.id RETURNING r.id)
       SELECT (SELECT max(id) FROM batch) AS last_id, (SELECT count(*) FROM gone)::int AS deleted`,
      [o.afterId, o.beforeId, o.limit, o.days],
    );
  }

  /**
   * Deletes, among the next `limit` snapshots, those older than `days` days that no change
   * points at (as its snapshot or its previous one) and that are neither their monitor's latest
   * snapshot nor the one before it (a check in flight compares against those).
   */
  deleteSnapshots(o: { afterId: number; beforeId: number; days: number; limit: number }): Promise<RetentionBatch | null> {
    return this.batch(
      `WITH batch AS (
         SELECT id, monitor_id, captured_at FROM snapshots WHERE id > $1 AND id < $2 ORDER BY id LIMIT $3),
       doomed AS (
         SELECT b.id FROM batch b
          WHERE b.captured_at < now() - make_interval(days => $4)
            AND NOT EXISTS (SELECT 1 FROM monitors m WHERE m.last_snapshot_id = b.id)
            AND NOT EXISTS (SELECT 1 FROM changes c WHERE c.snapshot_id = b.id)
            AND NOT EXISTS (SELECT 1 FROM changes c WHERE c.previous_snapshot_id = b.id)
            AND b.id < (SELECT s.id FROM snapshots s WHERE s.monitor_id = b.monitor_id ORDER BY s.id DESC OFFSET 1 LIMIT 1)),
       gone AS (DELETE FROM snapshots s USING doomed d WHERE s.id = d.id RETURNING s.id)
       SELECT (SELECT max(id) FROM batch) AS last_id, (SELECT count(*) FROM gone)::int AS deleted`,
      [o.afterId, o.beforeId, o.limit, o.days],
    );
  }

  async screenshotsBoundary(days: number): Promise<number> {
    return this.boundary(
      `SELECT id FROM page_screenshots WHERE created_at >= now() - make_interval(days => $1) ORDER BY id LIMIT 1`,
      'page_screenshots',
      days,
    );
  }

  async visualsBoundary(days: number): Promise<number> {
    return this.boundary(
      `SELECT change_id AS id FROM change_visuals WHERE created_at >= now() - make_interval(days => $1) ORDER BY change_id LIMIT 1`,
      'change_visuals',
      days,
    );
  }

  /**
   * Deletes, among the next `limit` screenshots, those older than `days` days except each
   * monitor's newest taken one: the next change's `before` is cropped from it.
   */
  deleteScreenshots(o: { afterId: number; beforeId: number; days: number; limit: number }): Promise<RetentionBatch | null> {
    return this.batch(
      `WITH batch AS (
         SELECT id, monitor_id, created_at, status FROM page_screenshots WHERE id > $1 AND id < $2 ORDER BY id LIMIT $3),
       doomed AS (
         SELECT b.id FROM batch b
          WHERE b.created_at < now() - make_interval(days => $4)
            AND b.status <> 'pending'
            AND b.id IS DISTINCT FROM (SELECT s.id FROM page_screenshots s WHERE s.monitor_id = b.monitor_id AND s.status = 'ready'
                                        ORDER BY s.snapshot_id DESC LIMIT 1)),
       gone AS (DELETE FROM page_screenshots s USING doomed d WHERE s.id = d.id RETURNING s.id)
       SELECT (SELECT max(id) FROM batch) AS last_id, (SELECT count(*) FROM gone)::int AS deleted`,
      [o.afterId, o.beforeId, o.limit, o.days],
    );
  }

  /** Drops the images of the next `limit` changes' evidence older than `days` days; the evidence says why it is gone. */
  expireVisuals(o: { afterId: number; beforeId: number; days: number; limit: number }): Promise<RetentionBatch | null> {
    return this.batch(
      `WITH batch AS (
         SELECT change_id, created_at, status FROM change_visuals WHERE change_id > $1 AND change_id < $2 ORDER BY change_id LIMIT $3),
       doomed AS (
         SELECT b.change_id FROM batch b WHERE b.created_at < now() - make_interval(days => $4) AND b.status = 'ready'),
       gone AS (
         UPDATE change_visuals v
            SET status = 'unavailable', reason = $5, before_png = NULL, after_png = NULL,
                before_width = NULL, before_height = NULL, after_width = NULL, after_height = NULL
           FROM doomed d WHERE v.change_id = d.change_id RETURNING v.change_id)
       SELECT (SELECT max(change_id) FROM batch) AS last_id, (SELECT count(*) FROM gone)::int AS deleted`,
      [o.afterId, o.beforeId, o.limit, o.days, `The screenshots were deleted after ${o.days} days (RETENTION_EVIDENCE_DAYS).`],
    );
  }

  private async boundary(sql: string, table: 'runs' | 'snapshots' | 'page_screenshots' | 'change_visuals', days: number): Promise<number> {
    const [first]: { id: number }[] = await this.db.query(sql, [days]);
    if (first) return first.id;
    const idColumn = table === 'change_visuals' ? 'change_id' : 'id';
    const [last]: { id: number | null }[] = await this.db.query(`SELECT max(${idColumn}) AS id FROM ${table}`);
    return (last.id ?? 0) + 1;
  }

  /** One batch in its own transaction, under a transaction-scoped advisory lock; null when another process holds it. */
  private batch(sql: string, params: unknown[]): Promise<RetentionBatch | null> {
    return transaction(this.db, async (manager) => {
      const [{ held }]: { held: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS held`, [RETENTION_LOCK]);
      if (!held) return null;
      const [row]: { last_id: number | null; deleted: number }[] = await manager.query(sql, params);
      return { lastId: row.last_id, deleted: row.deleted };
    });
  }
}
