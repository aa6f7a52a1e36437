import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole service's schema. Invariants that concurrency could break live here:
 * one discovery per workspace (partial unique index), unique slugs and homepage URLs per
 * workspace, the quota balance (a checked upsert in billing), feed counters (triggers).
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plans (
        id text PRIMARY KEY,
        name text NOT NULL,
        requests_per_minute integer NOT NULL,
        checks_per_month integer NOT NULL,
        max_workspaces integer NOT NULL,
        max_monitors integer NOT NULL,
        min_cadence text NOT NULL
      )`);
    await q.query(`
      INSERT INTO plans (id, name, requests_per_minute, checks_per_month, max_workspaces, max_monitors, min_cadence) VALUES
        ('trial', 'Trial', 60, 100, 1, 3, 'daily'),
        ('starter', 'Starter', 600, 2000, 3, 25, 'six_hourly'),
        ('growth', 'Growth', 900, 5000, 5, 50, 'six_hourly'),
        ('pro', 'Pro', 1200, 10000, 10, 100, 'hourly')`);
    await q.query(`
      CREATE TABLE accounts (
        id serial PRIMARY KEY,
        name text NOT NULL,
        plan_id text NOT NULL REFERENCES plans(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_account_idx ON api_keys (account_id)`);
    await q.query(`
      CREATE TABLE check_usage (
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        period_start date NOT NULL,
        checks_used integer NOT NULL DEFAULT 0 CHECK (checks_used >= 0),
        PRIMARY KEY (account_id, period_start)
      )`);
    await q.query(`
      CREATE TABLE workspaces (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        slug text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, slug)
      )`);
    await q.query(`
      CREATE TABLE competitors (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        name text NOT NULL,
        homepage_url text NOT NULL,
        normalized_url text NOT NULL,
        domain text NOT NULL,
        slug text NOT NULL,
        logo_url text,
        discovery_status text NOT NULL DEFAULT 'pending'
          CHECK (discovery_status IN ('pending', 'running', 'completed', 'failed')),
        discovery_monitor_types jsonb,
        discovery_started_at timestamptz,
        discovery_finished_at timestamptz,
        discovery_error text,
        discovery_surfaces jsonb NOT NULL DEFAULT '[]'::jsonb,
        discovered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (workspace_id, normalized_url),
        UNIQUE (workspace_id, slug)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX competitors_one_discovery_per_workspace
        ON competitors (workspace_id) WHERE discovery_status IN ('pending', 'running')`);
    await q.query(`
      CREATE TABLE competitor_notes (
        id serial PRIMARY KEY,
        competitor_id integer NOT NULL REFERENCES competitors(id) ON DELETE CASCADE,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX competitor_notes_competitor_idx ON competitor_notes (competitor_id)`);
    await q.query(`
      CREATE TABLE monitors (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        competitor_id integer NOT NULL REFERENCES competitors(id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        monitor_type text NOT NULL,
        cadence text NOT NULL DEFAULT 'daily',
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
        min_severity text NOT NULL DEFAULT 'info',
        proxy_kind text NOT NULL DEFAULT 'datacenter',
        render_mode text NOT NULL DEFAULT 'auto' CHECK (render_mode IN ('auto', 'browser')),
        last_checked_at timestamptz,
        next_check_at timestamptz,
        consecutive_failures integer NOT NULL DEFAULT 0,
        last_run_id integer,
        last_run_started_at timestamptz,
        last_snapshot_id integer,
        http_etag text,
        http_last_modified text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX monitors_competitor_idx ON monitors (competitor_id)`);
    await q.query(`CREATE INDEX monitors_workspace_idx ON monitors (workspace_id)`);
    await q.query(`CREATE INDEX monitors_account_idx ON monitors (account_id)`);
    await q.query(`CREATE INDEX monitors_due_idx ON monitors (next_check_at) WHERE status = 'active'`);
    await q.query(`
      CREATE TABLE runs (
        id serial PRIMARY KEY,
        monitor_id integer NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('baseline', 'scheduled', 'on_demand')),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'no_change', 'changed')),
        error_code text,
        error_message text,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX runs_monitor_idx ON runs (monitor_id, id DESC)`);
    await q.query(`CREATE INDEX runs_unfinished_idx ON runs (created_at) WHERE status IN ('pending', 'running')`);
    await q.query(`
      ALTER TABLE monitors ADD CONSTRAINT monitors_last_run_fk
        FOREIGN KEY (last_run_id) REFERENCES runs(id) ON DELETE SET NULL`);
    await q.query(`
      CREATE TABLE snapshots (
        id serial PRIMARY KEY,
        monitor_id integer NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
        run_id integer REFERENCES runs(id) ON DELETE SET NULL,
        url text NOT NULL,
        captured_at timestamptz NOT NULL DEFAULT now(),
        content_hash text NOT NULL,
        fetched_via text NOT NULL DEFAULT 'http',
        http_status integer,
        markdown text NOT NULL,
        fields jsonb NOT NULL,
        meta jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX snapshots_monitor_idx ON snapshots (monitor_id, id DESC)`);
    await q.query(`
      ALTER TABLE monitors ADD CONSTRAINT monitors_last_snapshot_fk
        FOREIGN KEY (last_snapshot_id) REFERENCES snapshots(id) ON DELETE SET NULL`);
    await q.query(`
      CREATE TABLE changes (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        competitor_id integer NOT NULL REFERENCES competitors(id) ON DELETE CASCADE,
        monitor_id integer NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
        run_id integer REFERENCES runs(id) ON DELETE SET NULL,
        snapshot_id integer REFERENCES snapshots(id) ON DELETE SET NULL,
        previous_snapshot_id integer REFERENCES snapshots(id) ON DELETE SET NULL,
        monitor_type text NOT NULL,
        severity text NOT NULL,
        severity_rank smallint NOT NULL,
        severity_score integer NOT NULL,
        summary text NOT NULL,
        why_it_matters text NOT NULL,
        recommended_action text,
        opportunity_score integer NOT NULL DEFAULT 0,
        review_status text NOT NULL DEFAULT 'unreviewed'
          CHECK (review_status IN ('unreviewed', 'acknowledged', 'dismissed')),
        category text NOT NULL,
        direction text NOT NULL,
        delta jsonb NOT NULL,
        field_diffs jsonb NOT NULL,
        clusters jsonb NOT NULL DEFAULT '[]'::jsonb,
        evidence jsonb NOT NULL,
        enrichment jsonb NOT NULL DEFAULT '{}'::jsonb,
        interpreted_by text NOT NULL,
        interpreted_at timestamptz NOT NULL,
        source_url text NOT NULL,
        raw_diff text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX changes_feed_idx ON changes (workspace_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX changes_feed_competitor_idx ON changes (competitor_id, created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX changes_feed_review_idx ON changes (workspace_id, review_status, severity_rank, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX changes_monitor_idx ON changes (monitor_id)`);
    // Feed meta and workspace counts read this small table instead of counting a million rows.
    await q.query(`
      CREATE TABLE change_counts (
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        competitor_id integer NOT NULL,
        monitor_type text NOT NULL,
        review_status text NOT NULL,
        severity_rank smallint NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (workspace_id, competitor_id, monitor_type, review_status, severity_rank)
      )`);
    await q.query(`
      CREATE FUNCTION change_counts_bump(w integer, c integer, t text, r text, s smallint, n integer)
      RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO change_counts AS cc (workspace_id, competitor_id, monitor_type, review_status, severity_rank, count)
        VALUES (w, c, t, r, s, n)
        ON CONFLICT (workspace_id, competitor_id, monitor_type, review_status, severity_rank)
        DO UPDATE SET count = cc.count + EXCLUDED.count;
      END $$`);
    await q.query(`
      CREATE FUNCTION changes_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM change_counts_bump(OLD.workspace_id, OLD.competitor_id, OLD.monitor_type, OLD.review_status, OLD.severity_rank, -1);
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          PERFORM change_counts_bump(NEW.workspace_id, NEW.competitor_id, NEW.monitor_type, NEW.review_status, NEW.severity_rank, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER changes_count_insert_delete AFTER INSERT OR DELETE ON changes
        FOR EACH ROW EXECUTE FUNCTION changes_count_trigger()`);
    await q.query(`
      CREATE TRIGGER changes_count_update AFTER UPDATE OF review_status, severity_rank ON changes
        FOR EACH ROW WHEN (OLD.review_status IS DISTINCT FROM NEW.review_status OR OLD.severity_rank IS DISTINCT FROM NEW.severity_rank)
        EXECUTE FUNCTION changes_count_trigger()`);
    await q.query(`
      CREATE TABLE notification_settings (
        workspace_id integer PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
        webhook_url text NOT NULL,
        signing_secret text,
        mode text NOT NULL DEFAULT 'realtime' CHECK (mode IN ('realtime', 'digest')),
        realtime_min_severity text NOT NULL DEFAULT 'medium',
        digest_period text NOT NULL DEFAULT '1d' CHECK (digest_period IN ('1d', '7d')),
        digest_hour_utc integer NOT NULL DEFAULT 9 CHECK (digest_hour_utc BETWEEN 0 AND 23),
        last_flushed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE digest_buffer (
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        change_id integer NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
        buffered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, change_id)
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        event text NOT NULL,
        idempotency_key text NOT NULL,
        url text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed', 'gone')),
        attempts jsonb NOT NULL DEFAULT '[]'::jsonb,
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        UNIQUE (workspace_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_workspace_idx ON webhook_deliveries (workspace_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'webhook_deliveries',
      'digest_buffer',
      'notification_settings',
      'change_counts',
      'changes',
      'snapshots',
      'runs',
      'monitors',
      'competitor_notes',
      'competitors',
      'workspaces',
      'check_usage',
      'api_keys',
      'accounts',
      'plans',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    }
    await q.query(`DROP FUNCTION IF EXISTS changes_count_trigger()`);
    await q.query(`DROP FUNCTION IF EXISTS change_counts_bump(integer, integer, text, text, smallint, integer)`);
  }
}
