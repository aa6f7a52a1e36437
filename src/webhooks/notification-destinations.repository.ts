import { Injectable } from '@nestjs/common';
import { DataSource, In, Not } from 'typeorm';
import { NotificationDestinationEntity } from './notification-destination.entity';
import { currentManager } from '../database/transaction-context';

export type DestinationInput = Pick<NotificationDestinationEntity, 'channel' | 'destination' | 'address'>;

/** Raw: a batched upsert (unnest + ON CONFLICT) that keeps a kept channel's id and clears its broken mark when it changed. */
const REPLACE_SQL = `INSERT INTO notification_destinations AS n (workspace_id, channel, destination, address)
 SELECT $1, channel, destination, address FROM unnest($2::text[], $3::jsonb[], $4::text[]) AS i(channel, destination, address)
 ON CONFLICT (workspace_id, channel) DO UPDATE SET
   destination = EXCLUDED.destination,
   address = EXCLUDED.address,
   broken_since = CASE WHEN n.destination IS DISTINCT FROM EXCLUDED.destination THEN NULL ELSE n.broken_since END,
   broken_reason = CASE WHEN n.destination IS DISTINCT FROM EXCLUDED.destination THEN NULL ELSE n.broken_reason END,
   updated_at = now()
 RETURNING *`;

/** A workspace's destinations, one per channel in use (notification_destinations). */
@Injectable()
export class NotificationDestinationsRepository {
  constructor(private readonly db: DataSource) {}

  forWorkspace(workspaceId: number): Promise<NotificationDestinationEntity[]> {
    const manager = currentManager(this.db.manager);
    return manager.findBy(NotificationDestinationEntity, { workspace_id: workspaceId });
  }

  /**
   * The destinations a change or digest goes to: every enabled one. One marked broken gets its
   * delivery too, which its attempt records as not sent, so the log shows what was skipped and why.
   */
  enabled(workspaceId: number): Promise<NotificationDestinationEntity[]> {
    const manager = currentManager(this.db.manager);
    return manager.findBy(NotificationDestinationEntity, { workspace_id: workspaceId, enabled: true });
  }

  /**
   * Makes these the workspace's destinations: a channel left out is removed, a kept one keeps its
   * id (its deliveries keep pointing at it), and one saved with another destination than before
   * is no longer broken (the new one deserves its own chance).
   */
  async replace(workspaceId: number, destinations: DestinationInput[]): Promise<NotificationDestinationEntity[]> {
    const manager = currentManager(this.db.manager);
    const channels = destinations.map((d) => d.channel);
    await manager.delete(NotificationDestinationEntity, { workspace_id: workspaceId, ...(channels.length ? { channel: Not(In(channels)) } : {}) });
    if (!destinations.length) return [];
    return manager.query(REPLACE_SQL, [
      workspaceId,
      channels,
      destinations.map((d) => JSON.stringify(d.destination)),
      destinations.map((d) => d.address),
    ]);
  }

  /**
   * Marks a destination broken, unless it changed since the attempt that found it gone (the new
   * one deserves its own chance). True when it was marked.
   */
  async markBroken(destinationId: number, destination: unknown, reason: string): Promise<boolean> {
    const { affected } = await this.db
      .createQueryBuilder()
      .update(NotificationDestinationEntity)
      .set({ broken_since: () => 'now()', broken_reason: reason })
      .where('id = :destinationId AND destination = CAST(:destination AS jsonb) AND broken_since IS NULL', {
        destinationId,
        destination: JSON.stringify(destination),
      })
      .execute();
    return !!affected;
  }
}
