import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Severity } from '../common/severity';
import type { NotificationDigestPeriod } from './digest-window';

export type NotificationMode = 'realtime' | 'digest';
export const NOTIFICATION_MODES: readonly NotificationMode[] = ['realtime', 'digest'];

export interface NotificationSettingsRow {
  workspace_id: number;
  signing_secret: string | null;
  mode: NotificationMode;
  realtime_min_severity: Severity;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
  last_flushed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RoutingInput {
  mode: NotificationMode;
  realtime_min_severity: Severity;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
}

/** A destination a realtime change is routed to: every enabled one (a broken one gets a failed row). */
export interface RoutedDestination {
  id: number;
  channel: string;
  address: string;
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
  constructor(private readonly db: DataSource) {}

  async find(workspaceId: number, manager: EntityManager = this.db.manager): Promise<NotificationSettingsRow | null> {
    const [row] = await manager.query(`SELECT * FROM notification_settings WHERE workspace_id = $1`, [workspaceId]);
    return row ?? null;
  }

  /**
   * The settings a change is routed by, with its enabled destinations, in one read (routing
   * runs once per recorded change: a second round trip cost a third of its rate in bench:webhooks).
   */
  async findForRouting(workspaceId: number): Promise<(NotificationSettingsRow & { destinations: RoutedDestination[] }) | null> {
    const [row] = await this.db.query(
      `SELECT s.*, COALESCE(
          (SELECT json_agg(json_build_object('id', d.id, 'channel', d.channel, 'address', d.address) ORDER BY d.id)
             FROM notification_destinations d
            WHERE d.workspace_id = s.workspace_id AND d.enabled),
          '[]'::json) AS destinations
         FROM notification_settings s WHERE s.workspace_id = $1`,
      [workspaceId],
    );
    return row ? { ...row, destinations: row.destinations.map((d: RoutedDestination) => ({ ...d, id: Number(d.id) })) } : null;
  }

  /** Locks the row for a flush, so two flushes of one workspace run one after the other. */
  async lockForFlush(
    workspaceId: number,
    manager: EntityManager,
  ): Promise<(NotificationSettingsRow & { workspace_name: string }) | null> {
    const [row] = await manager.query(
      `SELECT s.*, w.name AS workspace_name FROM notification_settings s JOIN workspaces w ON w.id = s.workspace_id
        WHERE s.workspace_id = $1 FOR UPDATE OF s`,
      [workspaceId],
    );
    return row ?? null;
  }

  /** Creates or replaces the routing. The secret is write-only: `undefined` keeps the stored one, null removes it. */
  async upsert(
    workspaceId: number,
    input: RoutingInput,
    secret: string | null | undefined,
    manager: EntityManager,
  ): Promise<NotificationSettingsRow> {
    const [row] = await manager.query(
      `INSERT INTO notification_settings AS s
         (workspace_id, signing_secret, mode, realtime_min_severity, digest_period, digest_hour_utc)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (workspace_id) DO UPDATE SET
         signing_secret = CASE WHEN $7 THEN EXCLUDED.signing_secret ELSE s.signing_secret END,
         mode = EXCLUDED.mode,
         realtime_min_severity = EXCLUDED.realtime_min_severity,
         digest_period = EXCLUDED.digest_period,
         digest_hour_utc = EXCLUDED.digest_hour_utc,
         updated_at = now()
       RETURNING *`,
      [workspaceId, secret ?? null, input.mode, input.realtime_min_severity, input.digest_period, input.digest_hour_utc, secret !== undefined],
    );
    return row;
  }

  async delete(workspaceId: number, manager: EntityManager): Promise<boolean> {
    // UPDATE and DELETE answer [rows, affected] through TypeORM.
    const [, affected] = await manager.query(`DELETE FROM notification_settings WHERE workspace_id = $1`, [workspaceId]);
    return affected > 0;
  }

  async markFlushed(workspaceId: number, at: Date, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE notification_settings SET last_flushed_at = $2 WHERE workspace_id = $1`, [workspaceId, at]);
  }

  /**
   * Workspaces with buffered changes: the candidates of a scheduled flush. Any mode: changes
   * buffered before a switch to realtime still go out at the next window boundary.
   */
  async withBufferedChanges(): Promise<BufferedWorkspace[]> {
    return this.db.query(
      `SELECT s.workspace_id, s.digest_period, s.digest_hour_utc, s.last_flushed_at, b.oldest_buffered_at
         FROM notification_settings s
         JOIN LATERAL (SELECT min(buffered_at) AS oldest_buffered_at FROM digest_buffer
                        WHERE workspace_id = s.workspace_id) b ON b.oldest_buffered_at IS NOT NULL
        ORDER BY s.workspace_id`,
    );
  }
}
