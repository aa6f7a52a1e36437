import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reads of the pricing matrix as of a time (DESIGN §5d) that stay fast with a year of captures:
 * - snapshots (monitor_id, captured_at DESC, id DESC): each pricing monitor's newest capture taken
 *   by then is one index probe.
 * - plan_changes: one row per (change, plan) that a pricing change touched, with whether it moved
 *   a price, kept by a trigger on `changes` (and backfilled here). When a plan last changed is then
 *   one index probe per plan, instead of unnesting every change's field diffs. The plan is the
 *   `plans[<key>]` head of the diff paths, lower-cased as the matrix matches keys.
 */
export class PricingHistoryIndex1764900000000 implements MigrationInterface {
  name = 'PricingHistoryIndex1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX snapshots_monitor_captured_idx ON snapshots (monitor_id, captured_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE plan_changes (
        change_id bigint NOT NULL,
        monitor_id integer NOT NULL,
        plan_path text NOT NULL,
        price boolean NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT plan_changes_pkey PRIMARY KEY (change_id, plan_path),
        CONSTRAINT plan_changes_change_id_fkey FOREIGN KEY (change_id) REFERENCES changes(id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX plan_changes_plan_idx ON plan_changes (monitor_id, plan_path, created_at)`);
    await q.query(`CREATE INDEX plan_changes_price_idx ON plan_changes (monitor_id, plan_path, created_at) WHERE price`);
    await q.query(`
      CREATE FUNCTION plan_changes_of(c changes) RETURNS TABLE (plan_path text, price boolean) LANGUAGE sql IMMUTABLE AS $$
        SELECT lower(substring(d.path from '^plans\\[.*?\\](?=$|[.\\[])')),
               bool_or(d.change_type IN ('billing_period_added', 'billing_period_removed', 'plan_added', 'price_added',
                                         'price_changed', 'price_decreased', 'price_increased', 'price_removed'))
          FROM jsonb_to_recordset(c.field_diffs) AS d(path text, change_type text)
         WHERE d.path LIKE 'plans[%' AND substring(d.path from '^plans\\[.*?\\](?=$|[.\\[])') IS NOT NULL
         GROUP BY 1
      $$`);
    await q.query(`
      CREATE FUNCTION plan_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO plan_changes (change_id, monitor_id, plan_path, price, created_at)
        SELECT NEW.id, NEW.monitor_id, p.plan_path, p.price, NEW.created_at FROM plan_changes_of(NEW) p;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER changes_plan_changes AFTER INSERT ON changes
        FOR EACH ROW WHEN (NEW.monitor_type = 'pricing') EXECUTE FUNCTION plan_changes_record()`);
    await q.query(`
      INSERT INTO plan_changes (change_id, monitor_id, plan_path, price, created_at)
      SELECT c.id, c.monitor_id, p.plan_path, p.price, c.created_at
        FROM changes c CROSS JOIN LATERAL plan_changes_of(c) p
       WHERE c.monitor_type = 'pricing'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS changes_plan_changes ON changes`);
    await q.query(`DROP FUNCTION IF EXISTS plan_changes_record()`);
    await q.query(`DROP FUNCTION IF EXISTS plan_changes_of(changes)`);
    await q.query(`DROP TABLE IF EXISTS plan_changes`);
    await q.query(`DROP INDEX IF EXISTS snapshots_monitor_captured_idx`);
  }
}
