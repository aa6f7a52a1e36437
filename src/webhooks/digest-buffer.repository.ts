import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DigestBufferEntity } from './digest-buffer.entity';
import { currentManager } from '../database/transaction-context';

/** Changes waiting for their workspace's next digest.ready. */
@Injectable()
export class DigestBufferRepository {
  constructor(@InjectRepository(DigestBufferEntity) private readonly buffer: Repository<DigestBufferEntity>) {}

  /** Buffering a change twice keeps one entry. */
  async add(workspaceId: number, changeId: number): Promise<boolean> {
    const { raw } = await this.buffer
      .createQueryBuilder()
      .insert()
      .values({ workspace_id: workspaceId, change_id: changeId })
      .orIgnore()
      .returning(['change_id'])
      .execute();
    return raw.length > 0;
  }

  async oldest(workspaceId: number): Promise<Date | null> {
    const manager = currentManager(this.buffer.manager);
    const row = await manager
      .getRepository(DigestBufferEntity)
      .createQueryBuilder('b')
      .select('min(b.buffered_at)', 'oldest')
      .where('b.workspace_id = :workspaceId', { workspaceId })
      .getRawOne<{ oldest: Date | null }>();
    return row?.oldest ?? null;
  }

  /**
   * Empties the buffer and returns what it held. A change buffered while this runs is not
   * seen by it and stays for the next window.
   */
  async take(workspaceId: number): Promise<number[]> {
    const manager = currentManager(this.buffer.manager);
    const { raw } = await manager
      .getRepository(DigestBufferEntity)
      .createQueryBuilder()
      .delete()
      .where('workspace_id = :workspaceId', { workspaceId })
      .returning(['change_id'])
      .execute();
    return (raw as { change_id: number }[]).map((r) => r.change_id).sort((a, b) => a - b);
  }

  async clear(workspaceId: number): Promise<void> {
    const manager = currentManager(this.buffer.manager);
    await manager.getRepository(DigestBufferEntity).delete({ workspace_id: workspaceId });
  }
}
