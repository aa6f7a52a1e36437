import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Visual evidence (DESIGN §5e): a screenshot per baseline and per change, and for each change the
 * before and after crops of the region that changed. Screenshots are keyed by snapshot id without
 * a foreign key: retention may delete a baseline's snapshot while its screenshot is still the
 * "before" of the next change.
 */
export class VisualEvidence1765000000000 implements MigrationInterface {
  name = 'VisualEvidence1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE page_screenshots (
        id bigserial CONSTRAINT page_screenshots_pkey PRIMARY KEY,
        monitor_id integer NOT NULL CONSTRAINT page_screenshots_monitor_id_fkey REFERENCES monitors(id) ON DELETE CASCADE,
        snapshot_id bigint NOT NULL CONSTRAINT page_screenshots_snapshot_key UNIQUE,
        page_url text NOT NULL,
        html text,
        status text NOT NULL DEFAULT 'pending'
          CONSTRAINT page_screenshots_status_check CHECK (status IN ('pending', 'ready', 'unavailable')),
        reason text,
        image bytea,
        page_height integer,
        scale real,
        layout jsonb,
        duration_ms integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX page_screenshots_monitor_idx ON page_screenshots (monitor_id, snapshot_id)`);
    await q.query(`
      CREATE TABLE change_visuals (
        change_id bigint CONSTRAINT change_visuals_pkey PRIMARY KEY
          CONSTRAINT change_visuals_change_id_fkey REFERENCES changes(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending'
          CONSTRAINT change_visuals_status_check CHECK (status IN ('pending', 'ready', 'unavailable')),
        reason text,
        before_png bytea,
        before_width integer,
        before_height integer,
        before_box jsonb,
        after_png bytea,
        after_width integer,
        after_height integer,
        after_box jsonb,
        crop_ms integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS change_visuals`);
    await q.query(`DROP TABLE IF EXISTS page_screenshots`);
  }
}
