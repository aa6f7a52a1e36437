import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface OutboxRow {
  id: number;
  workspace_id: number;
  delivery_id: number | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  created_at: Date;
}

export type NewOutboxMessage = Omit<OutboxRow, 'id' | 'created_at'>;

/** Mail kept instead of sent when no SMTP server is configured (the embedded mode shows it in the application). */
@Injectable()
export class EmailOutboxRepository {
  constructor(private readonly db: DataSource) {}

  async add(m: NewOutboxMessage): Promise<number> {
    const [row] = await this.db.query(
      `INSERT INTO email_outbox (workspace_id, delivery_id, recipient, subject, html, text, headers)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [m.workspace_id, m.delivery_id, m.recipient, m.subject, m.html, m.text, JSON.stringify(m.headers)],
    );
    return row.id;
  }

  listForWorkspace(workspaceId: number, limit: number): Promise<OutboxRow[]> {
    return this.db.query(
      `SELECT id, workspace_id, delivery_id, recipient, subject, html, text, headers, created_at
         FROM email_outbox WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2`,
      [workspaceId, limit],
    );
  }
}
