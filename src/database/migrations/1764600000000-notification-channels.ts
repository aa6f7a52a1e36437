import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channels beside the webhook (DESIGN §5b):
 * - `notification_settings`: the webhook URL becomes optional; email recipients, Slack, Teams and
 *   Discord webhook URLs; `broken_channels` holds, per channel, when and why its receiver said the
 *   URL is gone (404/410), until a new URL is saved;
 * - `webhook_deliveries.channel`: one delivery per (event, channel), so the idempotency key is
 *   unique per workspace and channel;
 * - `email_outbox`: mail kept here instead of sent when no SMTP server is configured.
 */
export class NotificationChannels1764600000000 implements MigrationInterface {
  name = 'NotificationChannels1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification_settings ALTER COLUMN webhook_url DROP NOT NULL`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN email_recipients text[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN slack_webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN teams_webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN discord_webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN broken_channels jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD COLUMN channel text NOT NULL DEFAULT 'webhook'
         CHECK (channel IN ('webhook', 'email', 'slack', 'teams', 'discord'))`,
    );
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_workspace_id_idempotency_key_key`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_workspace_channel_key_key
         UNIQUE (workspace_id, channel, idempotency_key)`,
    );
    await q.query(`
      CREATE TABLE email_outbox (
        id bigserial PRIMARY KEY,
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        delivery_id bigint REFERENCES webhook_deliveries(id) ON DELETE SET NULL,
        recipient text NOT NULL,
        subject text NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_outbox_workspace_idx ON email_outbox (workspace_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS email_outbox`);
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_workspace_channel_key_key`);
    await q.query(`DELETE FROM webhook_deliveries WHERE channel <> 'webhook'`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_workspace_id_idempotency_key_key UNIQUE (workspace_id, idempotency_key)`,
    );
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN IF EXISTS channel`);
    await q.query(`DELETE FROM notification_settings WHERE webhook_url IS NULL`);
    await q.query(`ALTER TABLE notification_settings ALTER COLUMN webhook_url SET NOT NULL`);
    for (const column of ['broken_channels', 'discord_webhook_url', 'teams_webhook_url', 'slack_webhook_url', 'email_recipients']) {
      await q.query(`ALTER TABLE notification_settings DROP COLUMN IF EXISTS ${column}`);
    }
  }
}
