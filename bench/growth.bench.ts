/**
 * npm run bench:growth — what a year of checks costs and whether the hot paths stay fast.
 * Simulates GROWTH_RUNS checks (default 1,000,000; GROWTH_RUNS=50000000 for the 50M case) over
 * GROWTH_MONITORS monitors, spread over the last 120 days, with synthetic rows written by
 * generate_series: one run per check, a snapshot (about 2 KB of markdown) for one check in 20, a
 * change for one check in 100. Reports rows and bytes per million checks, the change-feed page
 * and the scheduler claim timings on that table, and one retention pass (runs 90 days, snapshots
 * 7 days) with its longest batch. Own database (rw_bench_growth; GROWTH_REUSE=1 keeps the one an
 * earlier run of the same GROWTH_RUNS left, so the timings can be taken again without seeding). Prints
 * figures; asserts nothing.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ChangeEntity } from '../src/changes/change.entity';
import { ChangesRepository } from '../src/changes/changes.repository';
import { RetentionBatch, RetentionRepository } from '../src/monitors/retention.repository';
import { ScheduledRunsRepository } from '../src/monitors/scheduled-runs.repository';
import { dataSourceOptions } from '../src/database/data-source-options';
import { ENTITIES } from '../src/entities';
import { fmt, freshDatabase, percentile, urlFor } from './support/bench-db';

const RUNS = Number(process.env.GROWTH_RUNS ?? 1_000_000);
const MONITORS = Number(process.env.GROWTH_MONITORS ?? 20_000);
const WORKSPACES = 100;
const MONITORS_PER_COMPETITOR = 5;
const SNAPSHOT_EVERY = 20;
const CHANGE_EVERY = 100;
const CHUNK = 1_000_000;
const SPAN_DAYS = 120;
const CLAIM = 5000;
const TABLES = ['runs', 'snapshots', 'changes'] as const;
const DATABASE = 'rw_bench_growth';

const log = (line: string) => process.stdout.write(`${line}\n`);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
}

async function seedTenants(db: DataSource): Promise<void> {
  await db.query(`INSERT INTO accounts (name, plan_id) VALUES ('Growth bench', 'pro')`);
  await db.query(
    `INSERT INTO workspaces (account_id, name, slug) SELECT 1, 'Workspace ' || w, 'ws-' || w FROM generate_series(1, $1) w`,
    [WORKSPACES],
  );
  const competitors = Math.ceil(MONITORS / MONITORS_PER_COMPETITOR);
  await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
     SELECT 1, 1 + c % $2, 'Rival ' || c, 'https://rival' || c || '.example/', 'https://rival' || c || '.example/',
            'rival' || c || '.example', 'rival-' || c, 'completed'
       FROM generate_series(1, $1) c`,
    [competitors, WORKSPACES],
  );
  await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at)
     SELECT 1, c.workspace_id, c.id, 'Monitor ' || m, c.homepage_url || 'pricing-' || m, 'pricing', 'hourly', now() + interval '1 hour'
       FROM generate_series(1, $1) m JOIN competitors c ON c.id = 1 + (m - 1) / $2`,
    [MONITORS, MONITORS_PER_COMPETITOR],
  );
}

/** Runs first (ids grow with created_at), then snapshots and changes pointing at them, chunk by chunk. */
async function seedHistory(db: DataSource): Promise<void> {
  for (let from = 1; from <= RUNS; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, RUNS);
    await db.query(
      `INSERT INTO runs (monitor_id, kind, status, attempts, created_at, started_at, finished_at)
       SELECT 1 + i % $2, 'scheduled',
              CASE WHEN i % $4 = 0 THEN 'changed' WHEN i % 50 = 7 THEN 'failed' ELSE 'no_change' END, 1, t, t, t + interval '2 seconds'
         FROM generate_series($5::bigint, $6::bigint) i,
              LATERAL (SELECT now() - make_interval(days => $3) + (i::float8 / $1) * make_interval(days => $3) AS t) at`,
      [RUNS, MONITORS, SPAN_DAYS, CHANGE_EVERY, from, to],
    );
    await db.query(
      `INSERT INTO snapshots (monitor_id, run_id, url, captured_at, content_hash, fetched_via, http_status, markdown, fields, meta)
       SELECT r.monitor_id, r.id, 'https://rival.example/pricing', r.created_at, md5(r.id::text), 'http', 200,
              (SELECT string_agg(md5(r.id::text || ':' || j), ' ') FROM generate_series(1, 60) j),
              jsonb_build_object('plans', jsonb_build_array(jsonb_build_object('name', 'Pro', 'price', r.id % 500))), '{}'::jsonb
         FROM runs r WHERE r.id BETWEEN $1 AND $2 AND r.id % $3 = 0`,
      [from, to, SNAPSHOT_EVERY],
    );
    await db.query(
      `INSERT INTO changes (account_id, workspace_id, competitor_id, monitor_id, run_id, snapshot_id, previous_snapshot_id,
                            monitor_type, severity, severity_rank, severity_score, summary, why_it_matters, opportunity_score,
                            category, direction, delta, field_diffs, evidence, interpreted_by, interpreted_at, source_url,
                            raw_diff, created_at, review_status)
       SELECT m.account_id, m.workspace_id, m.competitor_id, m.id, r.id, s.id, s.id - 1, 'pricing',
              (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + r.id % 5], r.id % 5, (r.id % 5) * 20 + 10,
              'Pro plan repriced to $' || r.id % 500, 'Pricing moved up-market.', r.id % 100, 'pricing', 'advanced',
              '{"added": 0, "removed": 0, "modified": 1}', '[{"op": "updated", "path": "plans[pro].price"}]', '{}',
              'rules-v1', r.created_at, m.url, '-$49\n+$59', r.created_at,
              (ARRAY['unreviewed', 'acknowledged', 'dismissed'])[1 + r.id % 3]
         FROM runs r JOIN snapshots s ON s.run_id = r.id JOIN monitors m ON m.id = r.monitor_id
        WHERE r.id BETWEEN $1 AND $2 AND r.id % $3 = 0`,
      [from, to, CHANGE_EVERY],
    );
    log(`  seeded ${to.toLocaleString('en-US')} / ${RUNS.toLocaleString('en-US')} checks`);
  }
  await db.query(`UPDATE monitors m SET last_run_id = r.id FROM (SELECT monitor_id, max(id) AS id FROM runs GROUP BY monitor_id) r WHERE r.monitor_id = m.id`);
  await db.query(
    `UPDATE monitors m SET last_snapshot_id = s.id FROM (SELECT monitor_id, max(id) AS id FROM snapshots GROUP BY monitor_id) s WHERE s.monitor_id = m.id`,
  );
  await db.query(`VACUUM ANALYZE runs, snapshots, changes, monitors, change_counts`);
}

async function reportSize(db: DataSource): Promise<void> {
  const perMillion = 1_000_000 / RUNS;
  log(`\nrows and bytes per million checks (table + indexes + TOAST):`);
  let totalBytes = 0;
  for (const table of TABLES) {
    const [row] = await db.query(`SELECT count(*)::float8 AS n, pg_total_relation_size($1::regclass)::float8 AS bytes FROM ${table}`, [table]);
    totalBytes += row.bytes;
    log(`  ${table.padEnd(10)} ${fmt(row.n * perMillion, 0).padStart(9)} rows  ${fmt((row.bytes * perMillion) / 2 ** 20).padStart(8)} MiB`);
  }
  log(`  ${'total'.padEnd(10)} ${''.padStart(14)}  ${fmt((totalBytes * perMillion) / 2 ** 20).padStart(8)} MiB`);
}

async function timeFeed(db: DataSource): Promise<void> {
  const changes = new ChangesRepository(db.getRepository(ChangeEntity));
  const [{ workspace_id: workspaceId, n }] = await db.query(
    `SELECT workspace_id, count(*)::int AS n FROM changes GROUP BY workspace_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const [{ id: middle }] = await db.query(
    `SELECT id FROM changes WHERE workspace_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [workspaceId, Math.floor(n / 2)],
  );
  const pages: [string, Parameters<ChangesRepository['feed']>[0]][] = [
    ['first page', { workspaceId, limit: 25 }],
    ['page deep in the feed (cursor)', { workspaceId, limit: 25, afterId: middle }],
    ['unreviewed, high and up', { workspaceId, limit: 25, reviewStatus: 'unreviewed', minSeverityRank: 3 }],
  ];
  log(`\nchange feed, workspace with ${n.toLocaleString('en-US')} changes (25 per page, 50 requests each):`);
  for (const [label, filter] of pages) {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) times.push((await timed(() => changes.feed(filter)))[1]);
    times.sort((a, b) => a - b);
    log(`  ${label.padEnd(32)} p50 ${fmt(percentile(times, 50), 2)} ms  p95 ${fmt(percentile(times, 95), 2)} ms`);
  }
}

async function timeClaim(db: DataSource): Promise<void> {
  const scheduled = new ScheduledRunsRepository(db);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    await db.query(
      `UPDATE monitors SET next_check_at = now() - interval '1 second'
        WHERE id IN (SELECT id FROM monitors ORDER BY random() LIMIT $1)`,
      [CLAIM],
    );
    const [claimed, ms] = await timed(() => scheduled.claimDue(CLAIM));
    if (claimed.length !== CLAIM) throw new Error(`claimed ${claimed.length} of ${CLAIM}`);
    times.push(ms);
    // As a worker would: a monitor with a run in flight is not claimed again.
    await db.query(`UPDATE runs SET status = 'no_change', started_at = now(), finished_at = now() WHERE id = ANY($1::bigint[])`, [claimed]);
  }
  times.sort((a, b) => a - b);
  log(`\nscheduler claim of ${CLAIM} due monitors (one statement, 5 rounds): p50 ${fmt(percentile(times, 50))} ms, max ${fmt(times[times.length - 1])} ms`);
}

async function sweep(
  boundary: number,
  batch: (afterId: number, beforeId: number) => Promise<RetentionBatch | null>,
): Promise<{ deleted: number; batches: number[] }> {
  let afterId = 0;
  let deleted = 0;
  const batches: number[] = [];
  for (;;) {
    const [result, ms] = await timed(() => batch(afterId, boundary));
    if (!result || result.lastId === null) break;
    batches.push(ms);
    deleted += result.deleted;
    afterId = result.lastId;
  }
  return { deleted, batches: batches.sort((a, b) => a - b) };
}

async function timeRetention(db: DataSource): Promise<void> {
  const retention = new RetentionRepository(db);
  const limit = 1000;
  log(`\nretention pass (batches of ${limit} rows, each its own transaction):`);
  for (const [label, days, boundary, del] of [
    ['snapshots older than 7 days', 7, () => retention.snapshotsBoundary(7), retention.deleteSnapshots.bind(retention)],
    ['runs older than 90 days', 90, () => retention.runsBoundary(90), retention.deleteRuns.bind(retention)],
  ] as const) {
    const [before] = await db.query(`SELECT count(*)::int AS n FROM ${label.split(' ')[0]}`);
    const [{ deleted, batches }, ms] = await timed(async () =>
      sweep(await boundary(), (afterId, beforeId) => del({ afterId, beforeId, days, limit })),
    );
    log(
      `  ${label.padEnd(28)} deleted ${deleted.toLocaleString('en-US')} of ${before.n.toLocaleString('en-US')} in ${fmt(ms / 1000)} s; ` +
        `${batches.length} batches, p95 ${fmt(percentile(batches, 95))} ms, longest ${fmt(batches[batches.length - 1] ?? 0)} ms`,
    );
  }
}

/** rw_bench_growth as an earlier run left it, when it holds GROWTH_RUNS checks; null otherwise. */
async function reuse(): Promise<DataSource | null> {
  const db = new DataSource(dataSourceOptions({ url: urlFor(DATABASE), poolSize: 4 }, ENTITIES));
  try {
    await db.initialize();
  } catch {
    return null;
  }
  const [{ seeded }] = await db.query(`SELECT EXISTS (SELECT 1 FROM runs WHERE id = $1) AS seeded`, [RUNS]);
  if (!seeded) {
    await db.destroy();
    return null;
  }
  // Runs an interrupted claim round left in flight would keep their monitors from being claimed.
  await db.query(`UPDATE runs SET status = 'no_change', finished_at = now() WHERE status IN ('pending', 'running')`);
  return db;
}

async function main(): Promise<void> {
  log(`bench:growth: ${RUNS.toLocaleString('en-US')} checks over ${MONITORS.toLocaleString('en-US')} monitors and ${SPAN_DAYS} days`);
  const reused = process.env.GROWTH_REUSE === '1' ? await reuse() : null;
  const db = reused ?? (await freshDatabase(DATABASE)).db;
  try {
    if (reused) {
      log(`reusing ${DATABASE}`);
    } else {
      const [, seedMs] = await timed(async () => {
        await seedTenants(db);
        await seedHistory(db);
      });
      log(`seeded in ${fmt(seedMs / 1000)} s`);
    }
    await reportSize(db);
    await timeFeed(db);
    await timeClaim(db);
    await timeRetention(db);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
