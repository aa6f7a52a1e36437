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
}
