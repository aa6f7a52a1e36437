/**
 * npm run bench:api — throughput and latency of the change feed on a workspace with 1,000,000
 * changes, against a trivial authenticated endpoint. Own database (rw_bench_api, recreated and
 * migrated), real Redis on its own prefix, the app in process with ROLE=api, autocannon in a
 * child process. Prints figures and whether the targets are met; asserts nothing.
 *
 * Targets: p99 < 25 ms for every feed page; feed throughput >= 40% of the trivial endpoint.
 * Knobs: BENCH_CHANGES (1000000); BENCH_DURATION seconds per scenario (10), split into BENCH_ROUNDS
 * interleaved slices (5) so every scenario sees the same share of the machine's other load;
 * BENCH_CONNECTIONS (4); BENCH_DEEP_PAGES (2000); BENCH_EXPLAIN=1 prints the feed query plans;
 * BENCH_REUSE=1 keeps an already seeded rw_bench_api (migrating it) instead of recreating it.
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { generateApiKey } from '../src/accounts/api-key';
import { createHttpApp } from '../src/bootstrap';
import { decodeCursor } from '../src/common/cursor';
import { loadConfig } from '../src/config/config';
import { dataSourceOptions } from '../src/database/data-source-options';
import { ENTITIES } from '../src/entities';
import { deleteRedisPrefix } from '../test/support/services';
import { BENCH_REDIS, fmt, freshDatabase, urlFor } from './support/bench-db';
import { insertChanges, seedFeedAccount } from './support/feed-seed';

const DATABASE = 'rw_bench_api';
const CHANGES = Number(process.env.BENCH_CHANGES ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const DEEP_PAGES = Number(process.env.BENCH_DEEP_PAGES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const COMPETITORS = 50;
const SAMPLE_WITH_TRIGGER = Math.min(20_000, CHANGES);
const CHUNK = 200_000;
const P99_TARGET_MS = 25;
const THROUGHPUT_TARGET = 0.4;

interface Seeded {
  apiKey: string;
  workspaceId: number;
  competitorId: number;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** change_counts rows that disagree with a fresh aggregate of the changes table (0 = consistent). */
async function countDrift(db: DataSource): Promise<number> {
  const [row] = await db.query(`
    WITH actual AS (
      SELECT workspace_id, competitor_id, monitor_type, review_status, severity_rank, count(*)::int AS n
        FROM changes GROUP BY 1, 2, 3, 4, 5),
    kept AS (SELECT workspace_id, competitor_id, monitor_type, review_status, severity_rank, count AS n FROM change_counts WHERE count <> 0)
    SELECT count(*)::int AS drift FROM actual FULL JOIN kept USING (workspace_id, competitor_id, monitor_type, review_status, severity_rank)
     WHERE actual.n IS DISTINCT FROM kept.n`);
  return row.drift;
}

async function seed(db: DataSource): Promise<Seeded> {
  const { apiKey, workspaceId, monitorIds } = await seedFeedAccount(db, COMPETITORS);
  await db.query(`SELECT setseed(0.42)`);

  // A sample with the row trigger on, to measure what it costs per insert and check it counts right.
  let started = performance.now();
  await insertChanges(db, monitorIds, SAMPLE_WITH_TRIGGER, 0);
  const withTrigger = SAMPLE_WITH_TRIGGER / seconds(started);
  const sampleDrift = await countDrift(db);
  log(`seed: ${SAMPLE_WITH_TRIGGER.toLocaleString()} changes with the change_counts trigger: ${fmt(withTrigger, 0)} rows/s; counts drift ${sampleDrift}`);

  // The rest in bulk with the trigger off, then the counters rebuilt in one aggregate.
  started = performance.now();
  await db.query(`ALTER TABLE changes DISABLE TRIGGER changes_count_insert_delete`);
  try {
    for (let done = SAMPLE_WITH_TRIGGER; done < CHANGES; done += CHUNK) {
      await insertChanges(db, monitorIds, Math.min(CHUNK, CHANGES - done), done);
      log(`seed: ${Math.min(done + CHUNK, CHANGES).toLocaleString()} changes (${fmt(seconds(started), 1)} s)`);
    }
    await db.query(`DELETE FROM change_counts`);
    await db.query(
      `INSERT INTO change_counts (workspace_id, competitor_id, monitor_type, review_status, severity_rank, count)
       SELECT workspace_id, competitor_id, monitor_type, review_status, severity_rank, count(*) FROM changes GROUP BY 1, 2, 3, 4, 5`,
    );
  } finally {
    await db.query(`ALTER TABLE changes ENABLE TRIGGER changes_count_insert_delete`);
  }
  const bulk = (CHANGES - SAMPLE_WITH_TRIGGER) / seconds(started);
  started = performance.now();
  await db.query(`VACUUM ANALYZE changes`);
  await db.query(`VACUUM ANALYZE change_counts`);
  log(`seed: bulk ${fmt(bulk, 0)} rows/s without the trigger; VACUUM ANALYZE ${fmt(seconds(started), 1)} s; counts drift ${await countDrift(db)}`);

  const [competitor] = await db.query(`SELECT id FROM competitors WHERE workspace_id = $1 ORDER BY id OFFSET 6 LIMIT 1`, [workspaceId]);
  return { apiKey, workspaceId, competitorId: competitor.id };
}

/** The seeded database of a previous run, migrated, with a new key for its account; null when absent or partial. */
async function reuse(): Promise<{ url: string; db: DataSource; seeded: Seeded } | null> {
  const url = urlFor(DATABASE);
  const db = new DataSource(dataSourceOptions({ url, poolSize: 10 }, ENTITIES));
  try {
    await db.initialize();
  } catch {
    return null;
  }
  await db.runMigrations({ transaction: 'each' });
  const [row] = await db.query(
    `SELECT w.id AS workspace_id, w.account_id, (SELECT count(*)::int FROM changes c WHERE c.workspace_id = w.id) AS n
       FROM workspaces w WHERE w.slug = 'market' LIMIT 1`,
  );
  if (!row || row.n !== CHANGES) {
    await db.destroy();
    return null;
  }
  await db.query(`VACUUM ANALYZE changes`);
  const key = generateApiKey();
  await db.query(`INSERT INTO api_keys (account_id, key_hash, prefix) VALUES ($1, $2, $3)`, [row.account_id, key.hash, key.prefix]);
  const [competitor] = await db.query(`SELECT id FROM competitors WHERE workspace_id = $1 ORDER BY id OFFSET 6 LIMIT 1`, [row.workspace_id]);
  return { url, db, seeded: { apiKey: key.key, workspaceId: row.workspace_id, competitorId: competitor.id } };
}

interface Slice {
  seconds: number;
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time of this (server) process during the slice, in microseconds. */
  cpuMicros: number;
}

/** One autocannon slice in a child process; the server's own CPU time is metered around it. */
function slice(url: string, apiKey: string, label: string, duration: number): Promise<Slice> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'support', 'autocannon-child.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label}: autocannon did not finish`));
    }, (duration + 60) * 1000);
    let cpu: NodeJS.CpuUsage | null = null;
    child.once('message', (message: { ok: boolean; result?: any; error?: string }) => {
      clearTimeout(timer);
      if (!message.ok) return reject(new Error(message.error));
      const used = process.cpuUsage(cpu ?? undefined);
      const r = message.result;
      resolve({
        seconds: r.duration,
        requests: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        cpuMicros: used.user + used.system,
      });
    });
    child.once('exit', (code) => {
      if (code !== 0) {
        clearTimeout(timer);
        reject(new Error(`${label}: autocannon exited with ${code}`));
      }
    });
    child.once('spawn', () => {
      cpu = process.cpuUsage();
      child.send({ url, duration, connections: CONNECTIONS, headers: { authorization: `Bearer ${apiKey}` } });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function getJson(url: string, apiKey: string): Promise<any> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Follows next_cursor `pages` deep (default page size), checking for repeats; returns the cursor and the walk's latencies. */
async function walk(base: string, apiKey: string, workspaceId: number, pages: number) {
  const seen = new Set<number>();
  const times: number[] = [];
  let after: number | null = null;
  for (let page = 0; page < pages; page++) {
    const started = performance.now();
    const body: any = await getJson(`${base}/changes?workspace_id=${workspaceId}${after ? `&after=${after}` : ''}`, apiKey);
    times.push(performance.now() - started);
    for (const change of body.changes) {
      if (seen.has(change.id)) throw new Error(`change ${change.id} repeated on page ${page + 1}`);
      seen.add(change.id);
    }
    if (!body.has_more) throw new Error(`the feed ended after ${page + 1} pages`);
    after = body.next_cursor;
  }
  times.sort((a, b) => a - b);
  return { cursor: after!, items: seen.size, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
}

async function explain(db: DataSource, workspaceId: number, competitorId: number, deepCursorId: number): Promise<void> {
  const columns = `c.id, c.competitor_id, comp.name, comp.logo_url, c.monitor_id, c.monitor_type, c.severity, c.summary, c.review_status, c.delta, c.created_at`;
  const page = (where: string) =>
    `SELECT ${columns} FROM changes c JOIN competitors comp ON comp.id = c.competitor_id WHERE ${where}
      ORDER BY c.created_at DESC, c.id DESC LIMIT 26`;
  const plans: [string, string, unknown[]][] = [
    ['first page', page(`c.workspace_id = $1`), [workspaceId]],
    [
      'filtered',
      page(`c.workspace_id = $1 AND c.competitor_id = $2 AND c.review_status = 'unreviewed' AND c.severity_rank >= 3`),
      [workspaceId, competitorId],
    ],
    ['sparse', page(`c.workspace_id = $1 AND c.review_status = 'dismissed' AND c.severity_rank >= 4 AND c.monitor_type = 'docs'`), [workspaceId]],
    [
      'deep page',
      `SELECT p.* FROM (SELECT a.created_at, a.id FROM changes a WHERE a.id = $2 AND a.workspace_id = $1) anchor
         LEFT JOIN LATERAL (${page(`c.workspace_id = $1 AND (c.created_at, c.id) < (anchor.created_at, anchor.id)`)}) p ON true`,
      [workspaceId, deepCursorId],
    ],
  ];
  for (const [label, sql, params] of plans) {
    const rows: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    log(`\nEXPLAIN ${label}:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  log(`bench:api — ${CHANGES.toLocaleString()} changes over ${COMPETITORS} competitors; ${DURATION} s per scenario, ${CONNECTIONS} connections`);
  const reused = process.env.BENCH_REUSE === '1' ? await reuse() : null;
  const { url, db } = reused ?? (await freshDatabase(DATABASE));
  let app: INestApplication | undefined;
  try {
    const seeded = reused ? reused.seeded : await seed(db);
    log(reused ? `seed: reusing ${DATABASE}` : `seed: done in ${fmt(seconds(started), 1)} s`);

    const config = loadConfig({
      DATABASE_URL: url,
      REDIS_URL: BENCH_REDIS,
      REDIS_PREFIX: `rwbench:api:${process.pid}`,
      ROLE: 'api',
      LOG_LEVEL: 'error',
      PORT: '0',
    });
    app = await createHttpApp(config);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}/v1`;

    const ws = seeded.workspaceId;
    const walkStarted = performance.now();
    const deep = await walk(base, seeded.apiKey, ws, DEEP_PAGES);
    log(
      `walk: ${DEEP_PAGES} pages (${deep.items.toLocaleString()} changes, no repeats) in ${fmt(seconds(walkStarted), 1)} s; ` +
        `sequential p50 ${fmt(deep.p50, 2)} ms, p99 ${fmt(deep.p99, 2)} ms`,
    );
    if (process.env.BENCH_EXPLAIN === '1') {
      await explain(db, ws, seeded.competitorId, decodeCursor(deep.cursor)!);
    }

    const scenarios: [string, string, boolean][] = [
      ['GET /v1/account (trivial)', `${base}/account`, false],
      ['GET /v1/changes first page', `${base}/changes?workspace_id=${ws}`, true],
      [
        'GET /v1/changes filtered (competitor, unreviewed, high+)',
        `${base}/changes?workspace_id=${ws}&competitor_id=${seeded.competitorId}&review_status=unreviewed&min_severity=high`,
        true,
      ],
      [`GET /v1/changes ${DEEP_PAGES} pages deep`, `${base}/changes?workspace_id=${ws}&after=${deep.cursor}`, true],
      ['GET /v1/changes monitor_type + since=30d', `${base}/changes?workspace_id=${ws}&monitor_type=pricing&since=30d`, true],
      [
        'GET /v1/changes sparse (dismissed, critical, docs)',
        `${base}/changes?workspace_id=${ws}&review_status=dismissed&min_severity=critical&monitor_type=docs`,
        true,
      ],
    ];
    for (const [, target] of scenarios) await getJson(target, seeded.apiKey); // warm and check each answers 200

    // Interleaved slices: every scenario sees the same share of whatever else the machine is doing.
    const slices = new Map<string, Slice[]>(scenarios.map(([label]) => [label, []]));
    const sliceSeconds = Math.max(1, Math.round(DURATION / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < scenarios.length; i++) {
        const [label, target] = scenarios[(i + round) % scenarios.length];
        slices.get(label)!.push(await slice(target, seeded.apiKey, label, sliceSeconds));
      }
      log(`load: round ${round + 1}/${ROUNDS} done`);
    }

    const results = scenarios.map(([label, , feed]) => {
      const runs = slices.get(label)!;
      const requests = runs.reduce((n, r) => n + r.requests, 0);
      return {
        label,
        feed,
        rps: requests / runs.reduce((n, r) => n + r.seconds, 0),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        worstP99: Math.max(...runs.map((r) => r.p99)),
        cpuPerRequest: runs.reduce((n, r) => n + r.cpuMicros, 0) / requests / 1000,
        failed: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
      };
    });
    const trivial = results[0];
    let met = true;
    log('');
    log(
      `${'scenario'.padEnd(58)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'worst p99'.padStart(9)} ` +
        `${'% trivial'.padStart(9)} ${'cpu ms/req'.padStart(10)} ${'failed'.padStart(6)}  verdict`,
    );
    for (const r of results) {
      const share = r.rps / trivial.rps;
      const ok = r.failed === 0 && (!r.feed || (r.p99 < P99_TARGET_MS && share >= THROUGHPUT_TARGET));
      met &&= ok;
      log(
        `${r.label.padEnd(58)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50, 0).padStart(7)} ${fmt(r.p99, 0).padStart(7)} ` +
          `${fmt(r.worstP99, 0).padStart(9)} ${`${fmt(share * 100, 0)}%`.padStart(9)} ${fmt(r.cpuPerRequest, 2).padStart(10)} ` +
          `${String(r.failed).padStart(6)}  ${r.feed ? (ok ? 'ok' : 'MISSED') : 'baseline'}`,
      );
    }
    log(
      `\ntargets (feed p99 < ${P99_TARGET_MS} ms, feed throughput >= ${THROUGHPUT_TARGET * 100}% of trivial): ${met ? 'met' : 'MISSED'}` +
        `\n(${ROUNDS} interleaved rounds of ${sliceSeconds} s per scenario; p50/p99 are the medians of the rounds; ` +
        `cpu ms/req is this server process only; load average ${os.loadavg().map((l) => fmt(l, 1)).join(' ')} on ${os.cpus().length} CPUs)`,
    );
    log(`total ${fmt(seconds(started), 1)} s`);
  } finally {
    await app?.close();
    await db.destroy();
    await deleteRedisPrefix(BENCH_REDIS, `rwbench:api:${process.pid}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
