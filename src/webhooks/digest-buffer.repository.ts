import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Changes waiting for their workspace's next digest.ready. */
@Injectable()
export class DigestBufferRepository {
  constructor(private readonly db: DataSource) {}

  /** Buffering a change twice keeps one entry. */
  async add(workspaceId: number, changeId: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO digest_buffer (workspace_id, change_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING change_id`,
      [workspaceId, changeId],
    );
    return rows.length > 0;
  }

  async oldest(workspaceId: number, manager: EntityManager): Promise<Date | null> {
    const [row] = await manager.query(`SELECT min(buffered_at) AS oldest FROM digest_buffer WHERE workspace_id = $1`, [workspaceId]);
    return row.oldest ?? null;
  }

  /**
   * Empties the buffer and returns what it held. A change buffered while this runs is not
   * seen by it and stays for the next window.
   */
  async take(workspaceId: number, manager: EntityManager): Promise<number[]> {
    // UPDATE and DELETE answer [rows, affected] through TypeORM.
    const [rows]: [{ change_id: number }[], number] = await manager.query(
      `DELETE FROM digest_buffer WHERE workspace_id = $1 RETURNING change_id`,
      [workspaceId],
    );
    return rows.map((r) => r.change_id).sort((a, b) => a - b);
  }

  async clear(workspaceId: number, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM digest_buffer WHERE workspace_id = $1`, [workspaceId]);
  }
}
