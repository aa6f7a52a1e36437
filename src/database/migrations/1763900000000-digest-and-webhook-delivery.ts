import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the digest and webhook deliveries need beyond the initial schema:
 * - `changes.reviewed_at`, kept by a trigger, so a digest can count what was triaged in its period;
 * - a covering index so the digest aggregates a period's changes with an index-only scan;
 * - deliveries keep their payload as `json` (sent as built, key order included) and carry their
 *   own attempt budget (a test ping gets one attempt, an event six);
 * - a partial index for the sweep that recovers deliveries whose job was lost.
 */
export class DigestAndWebhookDelivery1763900000000 implements MigrationInterface {
  name = 'DigestAndWebhookDelivery1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE changes ADD COLUMN reviewed_at timestamptz`);
    // Existing reviewed rows keep reviewed_at NULL: when they were triaged is not known.
    await q.query(`
      CREATE FUNCTION changes_set_reviewed_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.review_status = 'unreviewed' THEN
          NEW.reviewed_at := NULL;
        ELSIF TG_OP = 'INSERT' THEN
          NEW.reviewed_at := COALESCE(NEW.reviewed_at, now());
        ELSIF NEW.review_status IS DISTINCT FROM OLD.review_status THEN
          NEW.reviewed_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER changes_reviewed_at BEFORE INSERT OR UPDATE OF review_status ON changes
        FOR EACH ROW EXECUTE FUNCTION changes_set_reviewed_at()`);
    await q.query(`
      CREATE INDEX changes_digest_idx ON changes (workspace_id, created_at)
        INCLUDE (id, competitor_id, severity_rank, review_status, opportunity_score)`);
    await q.query(`CREATE INDEX changes_reviewed_idx ON changes (workspace_id, reviewed_at) WHERE reviewed_at IS NOT NULL`);
    await q.query(`ALTER TABLE webhook_deliveries ALTER COLUMN payload TYPE json USING payload::json`);
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN max_attempts integer NOT NULL DEFAULT 6 CHECK (max_attempts >= 1)`);
    await q.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'delivering')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS webhook_deliveries_due_idx`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN IF EXISTS max_attempts`);
    await q.query(`ALTER TABLE webhook_deliveries ALTER COLUMN payload TYPE jsonb USING payload::jsonb`);
    await q.query(`DROP INDEX IF EXISTS changes_reviewed_idx`);
    await q.query(`DROP INDEX IF EXISTS changes_digest_idx`);
    await q.query(`DROP TRIGGER IF EXISTS changes_reviewed_at ON changes`);
    await q.query(`DROP FUNCTION IF EXISTS changes_set_reviewed_at()`);
    await q.query(`ALTER TABLE changes DROP COLUMN IF EXISTS reviewed_at`);
  }
}
