import type { EmailOutboxEntity } from '../email-outbox.entity';

/** One message of the email outbox, as the application lists it. */
export interface OutboxMessage {
  id: number;
  delivery_id: number | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  created_at: string;
}

export function toOutboxMessage(row: EmailOutboxEntity): OutboxMessage {
  return {
    id: row.id,
    delivery_id: row.delivery_id,
    recipient: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: row.headers,
    created_at: new Date(row.created_at).toISOString(),
  };
}
