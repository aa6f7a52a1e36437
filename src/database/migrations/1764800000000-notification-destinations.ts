import { MigrationInterface, QueryRunner } from 'typeorm';

/** The channels that had a column of notification_settings before this migration, and their column. */
const URL_COLUMNS = [
  ['webhook', 'webhook_url'],
  ['slack', 'slack_webhook_url'],
  ['teams', 'teams_webhook_url'],
  ['discord', 'discord_webhook_url'],
] as const;

/**
 * Destinations get a table of their own, so that a channel needs no column (DESIGN §5b):
 * - `notification_destinations`: one row per (workspace, channel) in use, the destination as the
 *   channel stores it (a URL, or the list of email recipients), its address as the delivery log
 *   shows it (the URL, or a mailto: of the recipients), and when and why it broke; filled
 *   from the settings' columns (the broken state from `broken_channels`), which are then dropped;
 * - `webhook_deliveries.destination_id`: the destination a delivery goes to (kept as NULL once
 *   that destination is removed; `url` still says where it went), and no check listing channels.
 * Down puts the columns back from the rows; rows and deliveries of channels that had no column
 * (added after this migration) cannot go back and are dropped.
 */
export class NotificationDestinations1764800000000 implements MigrationInterface {
  name = 'NotificationDestinations1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_destinations (
        id bigserial CONSTRAINT notification_destinations_pkey PRIMARY KEY,
        workspace_id integer NOT NULL
          CONSTRAINT notification_destinations_workspace_id_fkey REFERENCES notification_settings(workspace_id) ON DELETE CASCADE,
        channel text NOT NULL,
        destination jsonb NOT NULL,
        address text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        broken_since timestamptz,
        broken_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notification_destinations_workspace_channel_key UNIQUE (workspace_id, channel)
      )`);
    for (const [channel, column] of URL_COLUMNS) {
      await q.query(
        `INSERT INTO notification_destinations (workspace_id, channel, destination, address, broken_since, broken_reason, created_at, updated_at)
         SELECT workspace_id, $1, to_jsonb(${column}), ${column}, (broken_channels -> $1 ->> 'since')::timestamptz, broken_channels -> $1 ->> 'reason',
                created_at, updated_at
           FROM notification_settings WHERE ${column} IS NOT NULL`,
        [channel],
      );
    }
    await q.query(
      `INSERT INTO notification_destinations (workspace_id, channel, destination, address, created_at, updated_at)
       SELECT workspace_id, 'email', to_jsonb(email_recipients), 'mailto:' || array_to_string(email_recipients, ','), created_at, updated_at
         FROM notification_settings WHERE cardinality(email_recipients) > 0`,
    );

    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_channel_check`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD COLUMN destination_id bigint
         CONSTRAINT webhook_deliveries_destination_id_fkey REFERENCES notification_destinations(id) ON DELETE SET NULL`,
    );
    await q.query(
      `UPDATE webhook_deliveries d SET destination_id = n.id
         FROM notification_destinations n WHERE n.workspace_id = d.workspace_id AND n.channel = d.channel`,
    );
    await q.query(`CREATE INDEX webhook_deliveries_destination_idx ON webhook_deliveries (destination_id)`);

    for (const column of ['webhook_url', 'email_recipients', 'slack_webhook_url', 'teams_webhook_url', 'discord_webhook_url', 'broken_channels']) {
      await q.query(`ALTER TABLE notification_settings DROP COLUMN ${column}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification_settings ADD COLUMN webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN email_recipients text[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN slack_webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN teams_webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN discord_webhook_url text`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN broken_channels jsonb NOT NULL DEFAULT '{}'::jsonb`);
    for (const [channel, column] of URL_COLUMNS) {
      await q.query(
        `UPDATE notification_settings s SET ${column} = n.destination #>> '{}'
           FROM notification_destinations n WHERE n.workspace_id = s.workspace_id AND n.channel = $1`,
        [channel],
      );
    }
    await q.query(
      `UPDATE notification_settings s SET email_recipients = ARRAY(SELECT jsonb_array_elements_text(n.destination))
         FROM notification_destinations n WHERE n.workspace_id = s.workspace_id AND n.channel = 'email'`,
    );
    await q.query(
      `UPDATE notification_settings s SET broken_channels = b.broken
         FROM (SELECT workspace_id, jsonb_object_agg(channel, jsonb_build_object('since', broken_since, 'reason', broken_reason)) AS broken
                 FROM notification_destinations WHERE broken_since IS NOT NULL GROUP BY workspace_id) b
        WHERE b.workspace_id = s.workspace_id`,
    );

    await q.query(`DROP INDEX webhook_deliveries_destination_idx`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN destination_id`);
    await q.query(`DELETE FROM webhook_deliveries WHERE channel NOT IN ('webhook', 'email', 'slack', 'teams', 'discord')`);
    await q.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_channel_check
         CHECK (channel IN ('webhook', 'email', 'slack', 'teams', 'discord'))`,
    );
    await q.query(`DROP TABLE notification_destinations`);
  }
}
