/**
 * npm run bench:intelligence — the pricing matrix and a competitor profile at the scale DESIGN §5d
 * names: one workspace with 100 competitors, each with a year of daily pricing captures (a
 * snapshot a day, 36,500 in all) and a change recorded with every capture after the first (the
 * worst case: every day a price and a feature moved), plus a homepage, blog and changelog capture
 * and their changes. Times GET /v1/workspaces/{id}/pricing_matrix (now, as of six months ago, CSV)
 * and GET /v1/competitors/{id}/profile (JSON, Markdown) over HTTP, one request at a time: p50 and
 * p95. Own database (rw_bench_intelligence, recreated and migrated), real Redis on its own prefix,
 * the app in process with ROLE=api. Prints figures; asserts nothing.
 *
 * Knobs: BENCH_COMPETITORS (100), BENCH_DAYS (365), BENCH_CHANGE_EVERY (1: a change with every
 * capture; 7: weekly), BENCH_REQUESTS per scenario (100), BENCH_EXPLAIN=1 prints the plans of the
 * two hand-written reads.
 */
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { generateApiKey } from '../src/accounts/api-key';
import { createHttpApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/config';
import { deleteRedisPrefix } from '../test/support/services';
import { BENCH_REDIS, fmt, freshDatabase, percentile } from './support/bench-db';

const DATABASE = 'rw_bench_intelligence';
const COMPETITORS = Number(process.env.BENCH_COMPETITORS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const CHANGE_EVERY = Number(process.env.BENCH_CHANGE_EVERY ?? 1);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

interface Seeded {
  apiKey: string;
  workspaceId: number;
  competitorId: number;
}

/** A pricing capture's fields on day `d` of competitor `c`: three plans whose prices drift over the year. */
const PRICING_FIELDS = `jsonb_build_object(
  'plans', jsonb_build_array(
    jsonb_build_object('key', 'starter', 'name', 'Starter', 'cta', 'Start free trial', 'free', false, 'contact_sales', false,
      'prices', jsonb_build_array(jsonb_build_object('amount', 9 + c.id % 10 + d / 60, 'currency', 'USD', 'period', 'month', 'unit', NULL, 'text', '$' || (9 + c.id % 10 + d / 60) || '/mo')),
      'features', (SELECT jsonb_agg('Starter feature ' || f) FROM generate_series(1, 4 + d % 3) f)),
    jsonb_build_object('key', 'growth', 'name', 'Growth', 'cta', 'Start free trial', 'free', false, 'contact_sales', false,
      'prices', jsonb_build_array(
        jsonb_build_object('amount', 49 + d % 5, 'currency', 'USD', 'period', 'month', 'unit', 'per user', 'text', '$' || (49 + d % 5) || '/user/mo'),
        jsonb_build_object('amount', 470 + d % 5 * 10, 'currency', 'USD', 'period', 'year', 'unit', 'per user', 'text', '$' || (470 + d % 5 * 10) || '/user/yr')),
      'features', (SELECT jsonb_agg('Growth feature ' || f) FROM generate_series(1, 8) f)),
    jsonb_build_object('key', 'enterprise', 'name', 'Enterprise', 'cta', 'Talk to sales', 'free', false, 'contact_sales', true,
      'prices', jsonb_build_array(jsonb_build_object('amount', NULL, 'currency', NULL, 'period', 'unknown', 'unit', NULL, 'text', 'Contact sales')),
      'features', '["SSO and SCIM", "Audit log", "Dedicated manager"]'::jsonb)),
  'line_items', '[]'::jsonb, 'free_trial', '14-day free trial', 'billing_periods', '["month", "year"]'::jsonb)`;

const FIELD_DIFFS = `jsonb_build_array(
  jsonb_build_object('op', 'updated', 'change_type', 'price_increased', 'path', 'plans[growth].prices[month].amount', 'tier', 'alertable', 'old', 48 + d % 5, 'new', 49 + d % 5),
  jsonb_build_object('op', 'updated', 'change_type', 'price_increased', 'path', 'plans[growth].prices[year].amount', 'tier', 'alertable', 'old', 460 + d % 5 * 10, 'new', 470 + d % 5 * 10),
  jsonb_build_object('op', 'added', 'change_type', 'feature_added', 'path', 'plans[starter].features[starter feature ' || (4 + d % 3) || ']', 'tier', 'alertable', 'old', NULL, 'new', 'Starter feature ' || (4 + d % 3)))`;

async function seed(db: DataSource): Promise<Seeded> {
  await db.query(`UPDATE plans SET requests_per_minute = 1000000000 WHERE id = 'pro'`);
  const [account] = await db.query(`INSERT INTO accounts (name, plan_id) VALUES ('Bench', 'pro') RETURNING id`);
  const key = generateApiKey();
  await db.query(`INSERT INTO api_keys (account_id, key_hash, prefix) VALUES ($1, $2, $3)`, [account.id, key.hash, key.prefix]);
  const [ws] = await db.query(`INSERT INTO workspaces (account_id, name, slug) VALUES ($1, 'Market', 'market') RETURNING id`, [account.id]);
  await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status, discovered_at)
     SELECT $1, $2, 'Competitor ' || g, 'https://competitor-' || g || '.example/', 'competitor-' || g || '.example',
            'competitor-' || g || '.example', 'competitor-' || g, 'completed', now() - make_interval(days => $4)
       FROM generate_series(1, $3::int) g`,
    [account.id, ws.id, COMPETITORS, DAYS],
  );
  await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at, last_checked_at)
     SELECT c.account_id, c.workspace_id, c.id, c.name || ' ' || t.type, c.homepage_url || t.type, t.type, 'daily', now() + interval '1 day', now()
       FROM competitors c CROSS JOIN (VALUES ('pricing'), ('homepage'), ('blog'), ('changelog')) t(type)
      WHERE c.workspace_id = $1 ORDER BY c.id, t.type`,
    [ws.id],
  );

  const started = performance.now();
  // A year of daily pricing captures per competitor, about 2 KB of markdown each.
  await db.query(
    `INSERT INTO snapshots (monitor_id, url, captured_at, content_hash, http_status, markdown, fields)
     SELECT m.id, m.url, now() - make_interval(days => $2 - 1 - d), md5(m.id || ':' || d), 200,
            (SELECT string_agg(md5(m.id || ':' || d || ':' || j), ' ') FROM generate_series(1, 60) j), ${PRICING_FIELDS}
       FROM monitors m JOIN competitors c ON c.id = m.competitor_id CROSS JOIN generate_series(0, $2 - 1) d
      WHERE m.workspace_id = $1 AND m.monitor_type = 'pricing'
      ORDER BY d, m.id`,
    [ws.id, DAYS],
  );
  log(`seed: ${(COMPETITORS * DAYS).toLocaleString('en-US')} pricing captures in ${fmt(seconds(started), 1)} s`);
  const changesStarted = performance.now();
  // Seeding only: finds each day's snapshot by its hash (dropped again below).
  await db.query(`CREATE INDEX bench_snapshots_hash_idx ON snapshots (content_hash)`);
  await db.query(
    `INSERT INTO changes (account_id, workspace_id, competitor_id, monitor_id, snapshot_id, previous_snapshot_id, monitor_type,
                          severity, severity_rank, severity_score, summary, why_it_matters, recommended_action, opportunity_score,
                          category, direction, delta, field_diffs, clusters, evidence, interpreted_by, interpreted_at, source_url, created_at)
     SELECT m.account_id, m.workspace_id, m.competitor_id, m.id, s.id, p.id, 'pricing', 'high', 3, 70,
            c.name || ' raised Growth to $' || (49 + d % 5) || ' per user per month',
            'A price rise opens room for a switch offer.', 'Brief the sales team.', 60, 'pricing', 'advanced',
            '{"added": 1, "removed": 0, "modified": 2}', ${FIELD_DIFFS},
            '[{"headline": "Growth repriced", "meaning": "Moving up-market.", "diff_indexes": [0, 1]}]',
            jsonb_build_object('captured_at', s.captured_at, 'previous_captured_at', p.captured_at, 'diffs', '[]'::jsonb),
            'rules-v1', s.captured_at, m.url, s.captured_at
       FROM monitors m JOIN competitors c ON c.id = m.competitor_id
       CROSS JOIN generate_series(1, $2 - 1) d
       JOIN snapshots s ON s.monitor_id = m.id AND s.content_hash = md5(m.id || ':' || d)
       JOIN snapshots p ON p.monitor_id = m.id AND p.content_hash = md5(m.id || ':' || (d - 1))
      WHERE m.workspace_id = $1 AND m.monitor_type = 'pricing' AND d % $3 = 0
      ORDER BY d, m.id`,
    [ws.id, DAYS, CHANGE_EVERY],
  );
  await db.query(`DROP INDEX bench_snapshots_hash_idx`);
  // The latest homepage, blog and changelog capture of each competitor, for its profile.
  await db.query(
    `INSERT INTO snapshots (monitor_id, url, captured_at, content_hash, http_status, markdown, fields)
     SELECT m.id, m.url, now() - interval '1 hour', md5(m.id::text), 200, '# ' || m.name,
            CASE m.monitor_type
              WHEN 'homepage' THEN jsonb_build_object('headline', 'The fastest way to plan with ' || m.name, 'subheadline', NULL, 'ctas', '[]'::jsonb,
                                   'navigation', '[]'::jsonb, 'announcement', NULL, 'customer_logos', '[]'::jsonb, 'social_proof_counts', '[]'::jsonb, 'testimonials', '[]'::jsonb)
              WHEN 'blog' THEN jsonb_build_object('posts', (SELECT jsonb_agg(jsonb_build_object('key', 'post-' || i, 'title', 'Post ' || i, 'url', NULL,
                                   'date', to_char(now() - make_interval(days => i * 9), 'YYYY-MM-DD'), 'author', NULL, 'excerpt', NULL)) FROM generate_series(1, 20) i))
              ELSE jsonb_build_object('entries', (SELECT jsonb_agg(jsonb_build_object('key', 'v' || i, 'title', 'Version 1.' || i, 'version', '1.' || i,
                                   'date', to_char(now() - make_interval(days => i * 14), 'YYYY-MM-DD'), 'items', '["New: a thing"]'::jsonb)) FROM generate_series(1, 20) i))
            END
       FROM monitors m WHERE m.workspace_id = $1 AND m.monitor_type <> 'pricing'`,
    [ws.id],
  );
  await db.query(
    `UPDATE monitors m SET last_snapshot_id = s.id FROM (SELECT monitor_id, max(id) AS id FROM snapshots GROUP BY monitor_id) s WHERE s.monitor_id = m.id`,
  );
  await db.query(`VACUUM ANALYZE snapshots, changes, plan_changes, monitors, competitors`);
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM changes`);
  log(`seed: ${n.toLocaleString('en-US')} changes (one every ${CHANGE_EVERY} day(s) per competitor) in ${fmt(seconds(changesStarted), 1)} s`);

  const [competitor] = await db.query(`SELECT id FROM competitors WHERE workspace_id = $1 ORDER BY id OFFSET 6 LIMIT 1`, [ws.id]);
  return { apiKey: key.key, workspaceId: ws.id, competitorId: competitor.id };
}

/** Sequential requests of one scenario: p50 and p95 in ms, and the size of the last answer. */
async function time(url: string, apiKey: string): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
    if (i >= 3) times.push(performance.now() - started); // the first answers warm the caches and the plan
    bytes = Buffer.byteLength(body);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

async function explain(db: DataSource, seeded: Seeded, asOf: Date): Promise<void> {
  const [{ ids }] = await db.query(`SELECT array_agg(id) AS ids FROM monitors WHERE workspace_id = $1 AND monitor_type = 'pricing'`, [seeded.workspaceId]);
  for (const [label, sql, params] of [
    [
      'pricing captures',
      `EXPLAIN (ANALYZE, BUFFERS) SELECT DISTINCT ON (c.id) c.id, m.id, s.captured_at, s.fields -> 'plans' FROM competitors c
         JOIN monitors m ON m.competitor_id = c.id AND m.monitor_type = 'pricing'
         CROSS JOIN LATERAL (SELECT captured_at, fields FROM snapshots WHERE monitor_id = m.id AND captured_at <= $2 ORDER BY captured_at DESC, id DESC LIMIT 1) s
        WHERE c.workspace_id = $1 ORDER BY c.id, m.id`,
      [seeded.workspaceId, asOf],
    ],
    [
      'plan change times',
      `EXPLAIN (ANALYZE, BUFFERS) SELECT k.monitor_id, k2.plan_path,
              (SELECT max(p.created_at) FROM plan_changes p WHERE p.monitor_id = k.monitor_id AND p.plan_path = k2.plan_path AND p.created_at <= $2),
              (SELECT max(p.created_at) FROM plan_changes p WHERE p.monitor_id = k.monitor_id AND p.plan_path = k2.plan_path AND p.created_at <= $2 AND p.price)
         FROM unnest($1::int[]) AS k(monitor_id) CROSS JOIN unnest(ARRAY['plans[starter]', 'plans[growth]', 'plans[enterprise]']) AS k2(plan_path)`,
      [ids, asOf],
    ],
  ] as const) {
    const plan: { 'QUERY PLAN': string }[] = await db.query(sql, params as unknown as unknown[]);
    log(`\n${label}:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  log(`bench:intelligence — ${COMPETITORS} competitors × ${DAYS} daily pricing captures; ${REQUESTS} requests per scenario, one at a time`);
  const { url, db } = await freshDatabase(DATABASE);
  let app: INestApplication | undefined;
  try {
    const seeded = await seed(db);
    log(`seed: done in ${fmt(seconds(started), 1)} s`);
    const halfYearAgo = new Date(Date.now() - 182 * 86_400_000);
    if (process.env.BENCH_EXPLAIN === '1') await explain(db, seeded, halfYearAgo);

    const config = loadConfig({
      DATABASE_URL: url,
      REDIS_URL: BENCH_REDIS,
      REDIS_PREFIX: `rwbench:intelligence:${process.pid}`,
      ROLE: 'api',
      LOG_LEVEL: 'error',
      PORT: '0',
    });
    app = await createHttpApp(config);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}/v1`;
    const matrix = `${base}/workspaces/${seeded.workspaceId}/pricing_matrix`;
    const profile = `${base}/competitors/${seeded.competitorId}/profile`;
    const scenarios: [string, string][] = [
      ['pricing_matrix (now)', matrix],
      ['pricing_matrix?as_of=6 months ago', `${matrix}?as_of=${encodeURIComponent(halfYearAgo.toISOString())}`],
      ['pricing_matrix?format=csv', `${matrix}?format=csv`],
      ['profile', profile],
      ['profile?format=markdown', `${profile}?format=markdown`],
    ];
    log('');
    for (const [label, target] of scenarios) {
      const { p50, p95, bytes } = await time(target, seeded.apiKey);
      log(`${label.padEnd(36)} p50 ${fmt(p50, 1).padStart(6)} ms  p95 ${fmt(p95, 1).padStart(6)} ms  (${fmt(bytes / 1024, 1)} KiB)`);
    }
  } finally {
    await app?.close();
    await db.destroy();
    await deleteRedisPrefix(BENCH_REDIS, `rwbench:intelligence:${process.pid}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
