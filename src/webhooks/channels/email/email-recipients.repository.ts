import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationDestinationEntity } from '../../notification-destination.entity';
import { NotificationSettingsEntity } from '../../notification-settings.entity';
import { transaction } from '../../../database/transaction-context';

/** Raw: matches an address inside the jsonb recipient list (jsonb_array_elements_text), without case. */
const FIND_SQL = `SELECT w.name AS workspace_name FROM notification_destinations n JOIN workspaces w ON w.id = n.workspace_id
  WHERE n.workspace_id = $1 AND n.channel = 'email'
    AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(n.destination) r WHERE lower(r) = lower($2))`;

/** Raw: rewrites the jsonb recipient list and its address in place, keeping the order of the others (WITH ORDINALITY). */
const REMOVE_SQL = `UPDATE notification_destinations SET
   destination = COALESCE((SELECT jsonb_agg(r ORDER BY n) FROM jsonb_array_elements_text(destination) WITH ORDINALITY AS t(r, n)
                            WHERE lower(r) <> lower($2)), '[]'::jsonb),
   address = 'mailto:' || COALESCE((SELECT string_agg(r, ',' ORDER BY n) FROM jsonb_array_elements_text(destination) WITH ORDINALITY AS t(r, n)
                                     WHERE lower(r) <> lower($2)), ''),
   updated_at = now()
  WHERE workspace_id = $1 AND channel = 'email'
    AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(destination) r WHERE lower(r) = lower($2))`;

/** The email channel's recipient list (its destination), as the unsubscribe link changes it. */
@Injectable()
export class EmailRecipientsRepository {
  constructor(private readonly db: DataSource) {}

  /** The workspace's name when the address is one of its recipients (compared without case). */
  async find(workspaceId: number, email: string): Promise<{ workspace_name: string } | null> {
    const [row] = await this.db.query(FIND_SQL, [workspaceId, email]);
    return row ?? null;
  }

  /** Removes the address (the channel goes off with its last recipient); true when it was a recipient. */
  async remove(workspaceId: number, email: string): Promise<boolean> {
    return transaction(this.db, async (manager) => {
      // UPDATE answers [rows, affected] through TypeORM.
      const [, affected] = await manager.query(REMOVE_SQL, [workspaceId, email]);
      if (!affected) return false;
      await manager
        .createQueryBuilder()
        .delete()
        .from(NotificationDestinationEntity)
        .where(`workspace_id = :workspaceId AND channel = 'email' AND destination = '[]'::jsonb`, { workspaceId })
        .execute();
      await manager.update(NotificationSettingsEntity, { workspace_id: workspaceId }, { updated_at: () => 'now()' });
      return true;
    });
  }
}
