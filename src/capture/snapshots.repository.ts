import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { CaptureFields, PageMeta } from './capture.types';
import { SnapshotEntity } from './snapshot.entity';

export type SnapshotRow = SnapshotEntity;

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
  constructor(@InjectRepository(SnapshotEntity) private readonly snapshots: Repository<SnapshotEntity>) {}

  byId(id: number, manager: EntityManager = this.snapshots.manager): Promise<SnapshotRow | null> {
    return manager.getRepository(SnapshotEntity).findOneBy({ id });
  }

  async insert(snapshot: NewSnapshot, manager: EntityManager): Promise<SnapshotRow> {
    const { raw } = await manager.createQueryBuilder().insert().into(SnapshotEntity).values(snapshot).returning('*').execute();
    return raw[0];
  }
}
