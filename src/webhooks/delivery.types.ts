/** A delivery's state: `pending` and `delivering` are unfinished, `gone` a destination that no longer exists. */
export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed' | 'gone';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivering', 'succeeded', 'failed', 'gone'];

/** One attempt as webhook_deliveries.attempts records it. */
export interface AttemptRecord {
  attempt: number;
  /** The envelope id this attempt was sent with; null when the attempt was lost with its worker. */
  id: string | null;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  attempted_at: string | null;
  /** Email: the recipients this attempt delivered to, and those refused for good. */
  delivered_to?: string[];
  rejected?: string[];
  /** Email without an SMTP server: the message waits in the email outbox, it was not sent. */
  kept_in_outbox?: boolean;
}
