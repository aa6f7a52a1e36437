import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface DestinationRow {
  id: number;
  workspace_id: number;
  channel: string;
  destination: unknown;
  address: string;
  enabled: boolean;
  broken_since: Date | null;
  broken_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface DestinationInput {
  channel: string;
  destination: unknown;
  address: string;
}

/** A workspace's destinations, one per channel in use (notification_destinations). */
@Injectable()
export class NotificationDestinationsRepository {
  constructor(private readonly db: DataSource) {}

  async forWorkspace(workspaceId: number, manager: EntityManager = this.db.manager): Promise<DestinationRow[]> {
    return manager.query(`SELECT * FROM notification_destinations WHERE workspace_id = $1`, [workspaceId]);
  }

  /**
   * The destinations a change or digest goes to: every enabled one. One marked broken gets its
   * delivery too, which its attempt records as not sent, so the log shows what was skipped and why.
   */
  async enabled(workspaceId: number, manager: EntityManager = this.db.manager): Promise<DestinationRow[]> {
    return manager.query(`SELECT * FROM notification_destinations WHERE workspace_id = $1 AND enabled`, [workspaceId]);
  }

  /**
   * Makes these the workspace's destinations: a channel left out is removed, a kept one keeps its
   * id (its deliveries keep pointing at it), and one saved with another destination than before
   * is no longer broken (the new one deserves its own chance).
   */
  async replace(workspaceId: number, destinations: DestinationInput[], manager: EntityManager): Promise<DestinationRow[]> {
    const channels = destinations.map((d) => d.channel);
    await manager.query(`DELETE FROM notification_destinations WHERE workspace_id = $1 AND NOT (channel = ANY($2::text[]))`, [workspaceId, channels]);
    if (!destinations.length) return [];
    return manager.query(
      `INSERT INTO notification_destinations AS n (workspace_id, channel, destination, address)
       SELECT $1, channel, destination, address FROM unnest($2::text[], $3::jsonb[], $4::text[]) AS i(channel, destination, address)
       ON CONFLICT (workspace_id, channel) DO UPDATE SET
         destination = EXCLUDED.destination,
         address = EXCLUDED.address,
         broken_since = CASE WHEN n.destination IS DISTINCT FROM EXCLUDED.destination THEN NULL ELSE n.broken_since END,
         broken_reason = CASE WHEN n.destination IS DISTINCT FROM EXCLUDED.destination THEN NULL ELSE n.broken_reason END,
         updated_at = now()
       RETURNING *`,
      [workspaceId, channels, destinations.map((d) => JSON.stringify(d.destination)), destinations.map((d) => d.address)],
    );
  }

  /**
   * Marks a destination broken, unless it changed since the attempt that found it gone (the new
   * one deserves its own chance). True when it was marked.
   */
  async markBroken(destinationId: number, destination: unknown, reason: string): Promise<boolean> {
    const [, affected] = await this.db.query(
      `UPDATE notification_destinations SET broken_since = now(), broken_reason = $3
        WHERE id = $1 AND destination = $2::jsonb AND broken_since IS NULL`,
      [destinationId, JSON.stringify(destination), reason],
    );
    return affected > 0;
  }
}
