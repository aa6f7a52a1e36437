import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { CaptureFields, PageMeta } from './capture.types';
import { SnapshotEntity } from './snapshot.entity';
import { currentManager } from '../database/transaction-context';

export type SnapshotRow = SnapshotEntity;

export interface NewSnapshot {
  monitor_id: number;
  run_id: number;
  url: string;
  content_hash: string;
  fetched_via: string;
  http_status: number;
  /** Text, or its UTF-8 bytes (sent to Postgres as they are). */
  markdown: string | Buffer;
  fields: CaptureFields;
  meta: PageMeta;
}

@Injectable()
export class SnapshotsRepository {
  constructor(@InjectRepository(SnapshotEntity) private readonly snapshots: Repository<SnapshotEntity>) {}

  byId(id: number): Promise<SnapshotRow | null> {
    const manager = currentManager(this.snapshots.manager);
    return manager.getRepository(SnapshotEntity).findOneBy({ id });
  }

  /** The new snapshot's id: only the id comes back, not the markdown just sent (often 100–300 KB). */
  async insert(snapshot: NewSnapshot): Promise<number> {
    const manager = currentManager(this.snapshots.manager);
    // TypeORM hands a text column's value to pg as it is, and pg sends a Buffer as the text's bytes.
    const values = { ...snapshot, markdown: snapshot.markdown as string };
    const { raw } = await manager.createQueryBuilder().insert().into(SnapshotEntity).values(values).returning(['id']).execute();
    return Number(raw[0].id);
  }
}
