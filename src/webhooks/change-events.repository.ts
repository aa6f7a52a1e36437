import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Batcher } from '../common/batcher';
import { ChangeEntity } from '../changes/change.entity';
import type { ChangeEventRow } from './change-event';

/** Raw: a batched UPDATE … FROM a CTE that locks the rows in id order, so two processes' batches never deadlock (bench:webhooks). */
const MARK_NOTIFIED_SQL = `WITH locked AS (SELECT id FROM changes WHERE id = ANY($1::bigint[]) AND notify_pending ORDER BY id FOR NO KEY UPDATE)
 UPDATE changes c SET notify_pending = false FROM locked WHERE c.id = locked.id`;

/** Raw: the event's flat shape (joined names, a computed flag) for a batch of changes in one statement (bench:webhooks). */
const LOAD_SQL = `SELECT c.id, c.workspace_id, w.name AS workspace_name, c.competitor_id, comp.name AS competitor, c.monitor_id,
        c.monitor_type, c.severity, c.summary, c.why_it_matters, c.review_status, c.category, c.direction,
        c.delta, c.field_diffs, c.evidence, c.source_url,
        (c.raw_diff IS NOT NULL AND c.previous_snapshot_id IS NOT NULL) AS raw_diff_available, c.created_at
   FROM changes c
   JOIN workspaces w ON w.id = c.workspace_id
   JOIN competitors comp ON comp.id = c.competitor_id
  WHERE c.id = ANY($1::bigint[])`;

@Injectable()
export class ChangeEventsRepository {
  /**
   * The changes a worker routes at the same time share one read and one update (bench:webhooks,
   * end to end): per change, building the update and the round trips cost more than the work.
   */
  private readonly loads = new Batcher<number, ChangeEventRow | null>((ids) => this.loadMany(ids));
  private readonly notified = new Batcher<number, void>(async (ids) => {
    await this.changes.query(MARK_NOTIFIED_SQL, [ids]);
    return ids.map(() => undefined);
  });

  constructor(@InjectRepository(ChangeEntity) private readonly changes: Repository<ChangeEntity>) {}

  /**
   * A change with the names change.detected carries; null when it was deleted meanwhile.
   */
  load(changeId: number): Promise<ChangeEventRow | null> {
    return this.loads.call(changeId);
  }

  /** Ends the change's routing (the outbox flag); batched like `load`. */
  markNotified(changeId: number): Promise<void> {
    return this.notified.call(changeId);
  }

  private async loadMany(changeIds: number[]): Promise<(ChangeEventRow | null)[]> {
    const rows: ChangeEventRow[] = await this.changes.query(LOAD_SQL, [changeIds]);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return changeIds.map((id) => byId.get(id) ?? null);
  }

  /** Changes recorded at least `olderThanSeconds` ago whose routing never finished, oldest first. */
  async pendingNotifications(olderThanSeconds: number, limit: number): Promise<number[]> {
    const rows = await this.changes
      .createQueryBuilder('c')
      .select('c.id', 'id')
      .where('c.notify_pending AND c.created_at < now() - make_interval(secs => :olderThanSeconds)', { olderThanSeconds })
      .orderBy('c.created_at')
      .limit(limit)
      .getRawMany<{ id: number }>();
    return rows.map((r) => r.id);
  }
}
