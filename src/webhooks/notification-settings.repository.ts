import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { DigestBufferEntity } from './digest-buffer.entity';
import { NotificationSettingsEntity } from './notification-settings.entity';
import type { Severity } from '../common/severity';
import type { NotificationDigestPeriod } from './digest-window';

export type NotificationMode = 'realtime' | 'digest';
export const NOTIFICATION_MODES: readonly NotificationMode[] = ['realtime', 'digest'];

export type NotificationSettingsRow = Omit<NotificationSettingsEntity, 'workspace'>;

export interface NotificationSettingsInput {
  webhook_url: string;
  mode: NotificationMode;
  realtime_min_severity: Severity;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
}

/** A workspace whose digest buffer holds changes, with when the oldest was buffered. */
export interface BufferedWorkspace {
  workspace_id: number;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
  last_flushed_at: Date | null;
  oldest_buffered_at: Date;
}

@Injectable()
export class NotificationSettingsRepository {
  constructor(@InjectRepository(NotificationSettingsEntity) private readonly settings: Repository<NotificationSettingsEntity>) {}

  find(workspaceId: number, manager: EntityManager = this.settings.manager): Promise<NotificationSettingsRow | null> {
    return manager.getRepository(NotificationSettingsEntity).findOneBy({ workspace_id: workspaceId });
  }

  /** Locks the row for a flush, so two flushes of one workspace run one after the other. */
  async lockForFlush(
    workspaceId: number,
    manager: EntityManager,
  ): Promise<(NotificationSettingsRow & { workspace_name: string }) | null> {
    const { entities, raw } = await manager
      .getRepository(NotificationSettingsEntity)
      .createQueryBuilder('s')
      .innerJoin(WorkspaceEntity, 'w', 'w.id = s.workspace_id')
      .addSelect('w.name', 'workspace_name')
      .where('s.workspace_id = :workspaceId', { workspaceId })
      .setLock('pessimistic_write', undefined, ['s'])
      .getRawAndEntities<{ workspace_name: string }>();
    return entities[0] ? Object.assign(entities[0], { workspace_name: raw[0].workspace_name }) : null;
  }

  /**
   * Creates or replaces the settings. The secret is write-only: `undefined` keeps the stored
   * one, null removes it.
   */
  async upsert(workspaceId: number, input: NotificationSettingsInput, secret: string | null | undefined): Promise<NotificationSettingsRow> {
    const replaced: (keyof NotificationSettingsEntity)[] = [
      'webhook_url',
      'mode',
      'realtime_min_severity',
      'digest_period',
      'digest_hour_utc',
      'updated_at',
      ...(secret === undefined ? [] : (['signing_secret'] as const)),
    ];
    const { raw } = await this.settings
      .createQueryBuilder()
      .insert()
      .values({
        workspace_id: workspaceId,
        webhook_url: input.webhook_url,
        mode: input.mode,
        realtime_min_severity: input.realtime_min_severity,
        digest_period: input.digest_period,
        digest_hour_utc: input.digest_hour_utc,
        updated_at: () => 'now()',
        ...(secret === undefined ? {} : { signing_secret: secret }),
      })
      .orUpdate(replaced, ['workspace_id'])
      .returning('*')
      .execute();
    return raw[0];
  }

  async delete(workspaceId: number, manager: EntityManager): Promise<boolean> {
    const { affected } = await manager.getRepository(NotificationSettingsEntity).delete({ workspace_id: workspaceId });
    return (affected ?? 0) > 0;
  }

  async markFlushed(workspaceId: number, at: Date, manager: EntityManager): Promise<void> {
    await manager.getRepository(NotificationSettingsEntity).update({ workspace_id: workspaceId }, { last_flushed_at: at });
  }

  /**
   * Workspaces with buffered changes: the candidates of a scheduled flush. Any mode: changes
   * buffered before a switch to realtime still go out at the next window boundary.
   */
  withBufferedChanges(): Promise<BufferedWorkspace[]> {
    return this.settings
      .createQueryBuilder('s')
      .innerJoin(DigestBufferEntity, 'b', 'b.workspace_id = s.workspace_id')
      .select('s.workspace_id', 'workspace_id')
      .addSelect('s.digest_period', 'digest_period')
      .addSelect('s.digest_hour_utc', 'digest_hour_utc')
      .addSelect('s.last_flushed_at', 'last_flushed_at')
      .addSelect('min(b.buffered_at)', 'oldest_buffered_at')
      .groupBy('s.workspace_id')
      .orderBy('s.workspace_id')
      .getRawMany<BufferedWorkspace>();
  }
}
