import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { CaptureFields, PageMeta } from './capture.types';

export interface SnapshotRow {
  id: number;
  monitor_id: number;
  run_id: number | null;
  url: string;
  captured_at: Date;
  content_hash: string;
  fetched_via: string;
  http_status: number | null;
  markdown: string;
  fields: CaptureFields;
  meta: PageMeta;
}

export interface NewSnapshot {
  monitor_id: number;
  run_id: number;
  url: string;
  content_hash: string;
  fetched_via: string;
  http_status: number;
  markdown: string;
  fields: CaptureFields;
  meta: PageMeta;
}

@Injectable()
export class SnapshotsRepository {
  constructor(private readonly db: DataSource) {}

  async byId(id: number, manager: EntityManager = this.db.manager): Promise<SnapshotRow | null> {
    const [row] = await manager.query(`SELECT * FROM snapshots WHERE id = $1`, [id]);
    return row ?? null;
  }

  async insert(snapshot: NewSnapshot, manager: EntityManager): Promise<SnapshotRow> {
    const [row] = await manager.query(
      `INSERT INTO snapshots (monitor_id, run_id, url, content_hash, fetched_via, http_status, markdown, fields, meta)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        snapshot.monitor_id,
        snapshot.run_id,
        snapshot.url,
        snapshot.content_hash,
        snapshot.fetched_via,
        snapshot.http_status,
        snapshot.markdown,
        JSON.stringify(snapshot.fields),
        JSON.stringify(snapshot.meta),
      ],
    );
    return row;
  }
}
