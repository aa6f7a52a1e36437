import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChangeEventRow } from './change-event';

@Injectable()
export class ChangeEventsRepository {
  constructor(private readonly db: DataSource) {}

  /** A change with the names change.detected carries; null when it was deleted meanwhile. */
  async load(changeId: number): Promise<ChangeEventRow | null> {
    const [row] = await this.db.query(
      `SELECT c.id, c.workspace_id, w.name AS workspace_name, c.competitor_id, comp.name AS competitor, c.monitor_id,
              c.monitor_type, c.severity, c.summary, c.why_it_matters, c.review_status, c.category, c.direction,
              c.delta, c.field_diffs, c.evidence, c.source_url,
              (c.raw_diff IS NOT NULL AND c.previous_snapshot_id IS NOT NULL) AS raw_diff_available, c.created_at
         FROM changes c
         JOIN workspaces w ON w.id = c.workspace_id
         JOIN competitors comp ON comp.id = c.competitor_id
        WHERE c.id = $1`,
      [changeId],
    );
    return row ?? null;
  }

  async markNotified(changeId: number): Promise<void> {
    await this.db.query(`UPDATE changes SET notify_pending = false WHERE id = $1 AND notify_pending`, [changeId]);
  }

  /** Changes recorded at least `olderThanSeconds` ago whose routing never finished, oldest first. */
  async pendingNotifications(olderThanSeconds: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.db.query(
      `SELECT id FROM changes WHERE notify_pending AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map((r) => r.id);
  }
}
