import type { DataSource } from 'typeorm';
import { generateApiKey } from '../../src/accounts/api-key';

export interface FeedAccount {
  apiKey: string;
  accountId: number;
  workspaceId: number;
  monitorIds: number[];
}

/**
 * A pro account that is never rate limited, with an API key, one workspace, `competitors`
 * competitors and two monitors each; the changes come from `insertChanges`.
 */
export async function seedFeedAccount(db: DataSource, competitors: number): Promise<FeedAccount> {
  // The bench account must never be rate limited: only this database's plan row changes.
  await db.query(`UPDATE plans SET requests_per_minute = 1000000000 WHERE id = 'pro'`);
  const [account] = await db.query(`INSERT INTO accounts (name, plan_id) VALUES ('Bench', 'pro') RETURNING id`);
  const key = generateApiKey();
  await db.query(`INSERT INTO api_keys (account_id, key_hash, prefix) VALUES ($1, $2, $3)`, [account.id, key.hash, key.prefix]);
  const [ws] = await db.query(`INSERT INTO workspaces (account_id, name, slug) VALUES ($1, 'Market', 'market') RETURNING id`, [account.id]);
  await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, logo_url,
                              discovery_status, discovery_started_at, discovery_finished_at, discovered_at)
     SELECT $1, $2, 'Competitor ' || g, 'https://competitor-' || g || '.example/', 'competitor-' || g || '.example',
            'competitor-' || g || '.example', 'competitor-' || g, 'https://competitor-' || g || '.example/logo.png',
            'completed', now() - interval '91 days', now() - interval '91 days', now() - interval '91 days'
       FROM generate_series(1, $3::int) g`,
    [account.id, ws.id, competitors],
  );
  // Two surfaces per competitor (50 competitors: 100 monitors, the pro plan's cap).
  await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at)
     SELECT c.account_id, c.workspace_id, c.id, c.name || ' ' || t.type, c.homepage_url || t.type, t.type, 'daily', now() + interval '1 day'
       FROM competitors c
       CROSS JOIN LATERAL (VALUES ((ARRAY['pricing', 'blog', 'changelog', 'docs', 'homepage'])[1 + c.id % 5]),
                                  ((ARRAY['pricing', 'blog', 'changelog', 'docs', 'homepage'])[1 + (c.id + 2) % 5])) t(type)
      WHERE c.workspace_id = $1 ORDER BY c.id, t.type`,
    [ws.id],
  );
  const monitorIds = (await db.query(`SELECT id FROM monitors WHERE workspace_id = $1 ORDER BY id`, [ws.id])).map((r: { id: number }) => r.id);
  return { apiKey: key.key, accountId: account.id, workspaceId: ws.id, monitorIds };
}

/** INSERT … SELECT of `count` changes over the workspace's monitors, oldest first within the batch. */
export async function insertChanges(db: DataSource, monitorIds: number[], count: number, offset: number): Promise<void> {
  await db.query(
    `INSERT INTO changes (account_id, workspace_id, competitor_id, monitor_id, monitor_type, severity, severity_rank,
                          severity_score, summary, why_it_matters, recommended_action, opportunity_score, review_status,
                          category, direction, delta, field_diffs, clusters, evidence, enrichment, interpreted_by,
                          interpreted_at, source_url, created_at)
     SELECT m.account_id, m.workspace_id, m.competitor_id, m.id, m.monitor_type,
            (ARRAY['info', 'low', 'medium', 'high', 'critical'])[x.rank + 1], x.rank, x.rank * 20 + (x.g % 20),
            m.name || ': change #' || x.g || ' (' || (ARRAY['price raised', 'post published', 'entry added', 'page reworded'])[1 + x.g % 4] || ')',
            'Why change #' || x.g || ' matters for positioning and pricing conversations.',
            CASE WHEN x.rank >= 2 THEN 'Review the ' || m.monitor_type || ' page and brief the sales team.' END,
            CASE WHEN x.rank >= 2 THEN (x.g % 9) * 10 ELSE 0 END,
            CASE WHEN x.rr < 0.2 THEN 'unreviewed' WHEN x.rr < 0.8 THEN 'acknowledged' ELSE 'dismissed' END,
            (ARRAY['pricing', 'feature', 'content', 'positioning', 'other'])[1 + x.g % 5],
            (ARRAY['advanced', 'retreated', 'neutral'])[1 + x.g % 3],
            jsonb_build_object('added', x.g % 3, 'removed', x.g % 2, 'modified', 1),
            jsonb_build_array(jsonb_build_object('op', 'updated', 'change_type', 'price_increased',
              'path', 'plans[pro].prices[month].amount', 'tier', 'alertable', 'old', 49, 'new', 59)),
            '[{"headline": "Pro plan repriced", "meaning": "Moving up-market.", "diff_indexes": [0]}]'::jsonb,
            jsonb_build_object('captured_at', x.at, 'previous_captured_at', x.at - interval '1 day',
              'diffs', '[{"op": "updated", "path": "plans[pro].prices[month].amount", "tier": "alertable", "change_type": "price_increased"}]'::jsonb),
            '{}'::jsonb, 'rules-v1', x.at, m.url, x.at
       FROM (SELECT g,
                    CASE WHEN sr < 0.30 THEN 0 WHEN sr < 0.60 THEN 1 WHEN sr < 0.85 THEN 2 WHEN sr < 0.97 THEN 3 ELSE 4 END AS rank,
                    rr, now() - ar * interval '90 days' AS at
               FROM (SELECT g, random() AS sr, random() AS rr, random() AS ar
                       FROM generate_series($2::int + 1, $2::int + $3::int) g) r) x
       JOIN monitors m ON m.id = ($1::int[])[1 + x.g % cardinality($1::int[])]
      ORDER BY x.at`,
    [monitorIds, offset, count],
  );
}
