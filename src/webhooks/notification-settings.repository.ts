import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { NotificationSettingsEntity } from './notification-settings.entity';

export type RoutingInput = Pick<NotificationSettingsEntity, 'mode' | 'realtime_min_severity' | 'digest_period' | 'digest_hour_utc'>;

/** A destination a realtime change is routed to: every enabled one (a broken one gets a failed row). */
export interface RoutedDestination {
  id: number;
  channel: string;
  address: string;
}

/** A workspace whose digest buffer holds changes, with when the oldest was buffered. */
export type BufferedWorkspace = Pick<NotificationSettingsEntity, 'workspace_id' | 'digest_period' | 'digest_hour_utc' | 'last_flushed_at'> & {
  oldest_buffered_at: Date;
};

/** Raw: one round trip for the settings and their destinations (json_agg), measured by bench:webhooks. */
const FIND_FOR_ROUTING_SQL = `SELECT s.*, COALESCE(
    (SELECT json_agg(json_build_object('id', d.id, 'channel', d.channel, 'address', d.address) ORDER BY d.id)
       FROM notification_destinations d
      WHERE d.workspace_id = s.workspace_id AND d.enabled),
    '[]'::json) AS destinations
   FROM notification_settings s WHERE s.workspace_id = $1`;

/** Raw: an upsert (ON CONFLICT) that keeps the stored secret unless one is given. */
const UPSERT_SQL = `INSERT INTO notification_settings AS s
   (workspace_id, signing_secret, mode, realtime_min_severity, digest_period, digest_hour_utc)
 VALUES ($1, $2, $3, $4, $5, $6)
 ON CONFLICT (workspace_id) DO UPDATE SET
   signing_secret = CASE WHEN $7 THEN EXCLUDED.signing_secret ELSE s.signing_secret END,
   mode = EXCLUDED.mode,
   realtime_min_severity = EXCLUDED.realtime_min_severity,
   digest_period = EXCLUDED.digest_period,
   digest_hour_utc = EXCLUDED.digest_hour_utc,
   updated_at = now()
 RETURNING *`;

/** Raw: a LATERAL min per workspace (one index read each) that QueryBuilder cannot express. */
const WITH_BUFFERED_CHANGES_SQL = `SELECT s.workspace_id, s.digest_period, s.digest_hour_utc, s.last_flushed_at, b.oldest_buffered_at
   FROM notification_settings s
   JOIN LATERAL (SELECT min(buffered_at) AS oldest_buffered_at FROM digest_buffer
                  WHERE workspace_id = s.workspace_id) b ON b.oldest_buffered_at IS NOT NULL
  ORDER BY s.workspace_id`;

@Injectable()
export class NotificationSettingsRepository {
  constructor(private readonly db: DataSource) {}

  find(workspaceId: number, manager: EntityManager = this.db.manager): Promise<NotificationSettingsEntity | null> {
    return manager.findOneBy(NotificationSettingsEntity, { workspace_id: workspaceId });
  }

  /**
   * The settings a change is routed by, with its enabled destinations, in one read (routing
   * runs once per recorded change: a second round trip cost a third of its rate in bench:webhooks).
   */
  async findForRouting(workspaceId: number): Promise<(NotificationSettingsEntity & { destinations: RoutedDestination[] }) | null> {
    const [row] = await this.db.query(FIND_FOR_ROUTING_SQL, [workspaceId]);
    return row ? { ...row, destinations: row.destinations.map((d: RoutedDestination) => ({ ...d, id: Number(d.id) })) } : null;
  }

  /** Locks the row for a flush, so two flushes of one workspace run one after the other. */
  async lockForFlush(workspaceId: number, manager: EntityManager): Promise<(NotificationSettingsEntity & { workspace_name: string }) | null> {
    const row = await manager
      .createQueryBuilder(NotificationSettingsEntity, 's')
      .innerJoin('s.workspace', 'w')
      .addSelect('w.name')
      .where('s.workspace_id = :workspaceId', { workspaceId })
      .setLock('pessimistic_write', undefined, ['s'])
      .getOne();
    if (!row) return null;
    const { workspace, ...settings } = row;
    return { ...settings, workspace_name: workspace!.name };
  }

  /** Creates or replaces the routing. The secret is write-only: `undefined` keeps the stored one, null removes it. */
  async upsert(
    workspaceId: number,
    input: RoutingInput,
    secret: string | null | undefined,
    manager: EntityManager,
  ): Promise<NotificationSettingsEntity> {
    const [row] = await manager.query(UPSERT_SQL, [
      workspaceId,
      secret ?? null,
      input.mode,
      input.realtime_min_severity,
      input.digest_period,
      input.digest_hour_utc,
      secret !== undefined,
    ]);
    return row;
  }

  async delete(workspaceId: number, manager: EntityManager): Promise<boolean> {
    const { affected } = await manager.delete(NotificationSettingsEntity, { workspace_id: workspaceId });
    return !!affected;
  }

  async markFlushed(workspaceId: number, at: Date, manager: EntityManager): Promise<void> {
    await manager.update(NotificationSettingsEntity, { workspace_id: workspaceId }, { last_flushed_at: at });
  }

  /**
   * Workspaces with buffered changes: the candidates of a scheduled flush. Any mode: changes
   * buffered before a switch to realtime still go out at the next window boundary.
   */
  async withBufferedChanges(): Promise<BufferedWorkspace[]> {
    return this.db.query(WITH_BUFFERED_CHANGES_SQL);
  }
}
