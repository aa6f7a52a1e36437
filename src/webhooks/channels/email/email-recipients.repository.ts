import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The email channel's recipient list, as the unsubscribe link changes it. */
@Injectable()
export class EmailRecipientsRepository {
  constructor(private readonly db: DataSource) {}

  /** The workspace's name when the address is one of its recipients (compared without case). */
  async find(workspaceId: number, email: string): Promise<{ workspace_name: string } | null> {
    const [row] = await this.db.query(
      `SELECT w.name AS workspace_name FROM notification_settings s JOIN workspaces w ON w.id = s.workspace_id
        WHERE s.workspace_id = $1 AND EXISTS (SELECT 1 FROM unnest(s.email_recipients) r WHERE lower(r) = lower($2))`,
      [workspaceId, email],
    );
    return row ?? null;
  }

  /** Removes the address; true when it was a recipient. */
  async remove(workspaceId: number, email: string): Promise<boolean> {
    const [, affected] = await this.db.query(
      `UPDATE notification_settings SET
         email_recipients = ARRAY(SELECT r FROM unnest(email_recipients) WITH ORDINALITY AS t(r, n) WHERE lower(r) <> lower($2) ORDER BY n),
         updated_at = now()
        WHERE workspace_id = $1 AND EXISTS (SELECT 1 FROM unnest(email_recipients) r WHERE lower(r) = lower($2))`,
      [workspaceId, email],
    );
    return affected > 0;
  }
}
