/**
 * npm run bench:pipeline — checks per second end to end (fetch → extract → diff → persist) with
 * one and two worker processes on realistic local pages, time per stage, the browser path, and
 * the scheduler's claim-and-enqueue time for 100,000 due monitors. Prints figures; asserts nothing.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { BackgroundModule } from '../src/app.module';
import { extractPage } from '../src/capture/extract/extract-page';
import { BrowserFetcher } from '../src/capture/fetch/browser-fetcher';
import { HttpFetcher } from '../src/capture/fetch/http-fetcher';
import { loadConfig } from '../src/config/config';
import { diffCaptures } from '../src/diffing/diff-captures';
import { excerptRawDiff } from '../src/interpretation/raw-diff-excerpt';
import { RulesInterpreter } from '../src/interpretation/rules.interpreter';
import { Queue } from 'bullmq';
import { bullMqJobOptions } from '../src/queue/bullmq-driver';
import { CHECKS_PER_JOB, jobIds, QUEUES } from '../src/queue/queue.constants';
import { ScheduledRunsRepository } from '../src/monitors/scheduled-runs.repository';
import { CLAIM_BATCH, SchedulerService } from '../src/scheduler/scheduler.service';
import { deleteRedisPrefix } from '../test/support/services';
import { BENCH_REDIS, fmt, freshDatabase } from './support/bench-db';
import { PageFarm } from './support/page-farm';
import { seedMonitors } from './support/seed';
import { startWorkers, stopWorkers } from './support/workers';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 3000);
const HOSTS = 50;
const DUE_MONITORS = 100_000;
/**
 * Knobs: BENCH_ONLY (e2e,changed,stages,browser,scheduler,slowhosts), BENCH_WORKER_COUNTS (1,2), BENCH_MONITORS,
 * BENCH_BROWSER_PAGES (4), BENCH_SLOW_HOST_ROUNDS (5), BENCH_PROFILE_DIR (CPU profiles of the workers).
 */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'e2e,changed,stages,browser,scheduler,slowhosts').split(','));
const WORKER_COUNTS = (process.env.BENCH_WORKER_COUNTS ?? '1,2').split(',').map(Number);
const SLOW_HOST_ROUNDS = Number(process.env.BENCH_SLOW_HOST_ROUNDS ?? 5);

interface Ctx {
  db: DataSource;
  url: string;
  farm: PageFarm;
  jobs: Queue;
  prefix: string;
  monitorIds: number[];
}

/** Queues one check per monitor and waits until every run has finished; returns checks/s. */
async function round(ctx: Ctx, label: string): Promise<{ perSecond: number; statuses: Record<string, number> }> {
  const runs: { id: number }[] = await ctx.db.query(
    `INSERT INTO runs (monitor_id, kind) SELECT unnest($1::int[]), 'scheduled' RETURNING id`,
    [ctx.monitorIds],
  );
  // The round ends when its last run finished, read from the runs (the 100 ms poll below would
  // add up to 100 ms to rounds that last under a second).
  const [{ started }] = await ctx.db.query(`SELECT clock_timestamp() AS started`);
  // As the scheduler queues them: CHECKS_PER_JOB runs to a job.
  const jobs = [];
  for (let i = 0; i < runs.length; i += CHECKS_PER_JOB) {
    const runIds = runs.slice(i, i + CHECKS_PER_JOB).map((r) => r.id);
    jobs.push({ name: QUEUES.checks, data: { runIds }, opts: { jobId: jobIds.check(runIds[0]) } });
  }
  await ctx.jobs.addBulk(jobs);
  const ids = runs.map((r) => r.id);
  for (;;) {
    const [row] = await ctx.db.query(`SELECT count(*)::int AS n FROM runs WHERE id = ANY($1::int[]) AND finished_at IS NULL`, [ids]);
    if (row.n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const [{ seconds }] = await ctx.db.query(
    `SELECT extract(epoch FROM max(finished_at) - $2::timestamptz)::float8 AS seconds FROM runs WHERE id = ANY($1::int[])`,
    [ids, started],
  );
  const stats: { status: string; n: number }[] = await ctx.db.query(
    `SELECT status, count(*)::int AS n FROM runs WHERE id = ANY($1::int[]) GROUP BY status`,
    [ids],
  );
  const statuses = Object.fromEntries(stats.map((s) => [s.status, s.n]));
  const perSecond = runs.length / seconds;
  console.log(`  ${label.padEnd(58)} ${fmt(perSecond).padStart(7)} checks/s  (${runs.length} in ${fmt(seconds, 2)} s) ${JSON.stringify(statuses)}`);
  await evidenceOf(ctx, ids, seconds);
  return { perSecond, statuses };
}

/**
 * Visual evidence (DESIGN §5e) of a round's baselines and changes: its jobs run after the checks
 * recorded them, so the round is timed without them; this waits until they are done and prints
 * what they cost, and the round's rate once its evidence is counted in.
 */
async function evidenceOf(ctx: Ctx, runIds: number[], checkSeconds: number): Promise<void> {
  const waitStarted = performance.now();
  const inRound = `snapshot_id IN (SELECT id FROM snapshots WHERE run_id = ANY($1::int[]))`;
  for (;;) {
    const [row] = await ctx.db.query(`SELECT count(*)::int AS n FROM page_screenshots WHERE status = 'pending' AND ${inRound}`, [runIds]);
    if (row.n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const drained = (performance.now() - waitStarted) / 1000;
  const [shots] = await ctx.db.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'ready')::int AS ready,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median_ms, avg(octet_length(image))::int AS bytes
       FROM page_screenshots WHERE ${inRound}`,
    [runIds],
  );
  if (shots.n === 0) return;
  const [crops] = await ctx.db.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE v.status = 'ready')::int AS ready,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY v.crop_ms) AS median_ms
       FROM change_visuals v JOIN changes c ON c.id = v.change_id WHERE c.run_id = ANY($1::int[])`,
    [runIds],
  );
  const total = checkSeconds + drained;
  console.log(
    `    evidence: ${shots.n} screenshots (${shots.ready} ready, median ${fmt(shots.median_ms ?? 0)} ms, ${fmt(shots.bytes / 1024)} KiB), ` +
      `${crops.n} crops (${crops.ready} ready, median ${fmt(crops.median_ms ?? 0)} ms); done ${fmt(drained, 2)} s after the checks → ` +
      `${fmt(runIds.length / total)} checks/s with evidence`,
  );
}

function bumpShare(ctx: Ctx, share: number): void {
  const step = Math.round(1 / share);
  for (let i = 0; i < ctx.monitorIds.length; i += step) ctx.farm.bump(i);
}

async function endToEnd(ctx: Ctx): Promise<void> {
  console.log(`\nEnd to end, ${MONITORS} monitors on ${HOSTS} hosts, pages 50–300 KB (half with ETag):`);
  for (const workers of WORKER_COUNTS) {
    const children = await startWorkers(workers, {
      DATABASE_URL: ctx.url,
      REDIS_URL: BENCH_REDIS,
      REDIS_PREFIX: ctx.prefix,
      ALLOW_PRIVATE_NETWORK_TARGETS: 'true',
      WORKER_CONCURRENCY: '128',
      SCHEDULER_TICK_SECONDS: '3600',
    });
    try {
      ctx.farm.delayMs = 0;
      if (workers === WORKER_COUNTS[0]) await round(ctx, `baselines (first capture), ${workers} worker`);
      bumpShare(ctx, 0.05);
      await round(ctx, `steady state 95% unchanged / 5% changed, ${workers} worker(s)`);
      ctx.farm.delayMs = 100;
      bumpShare(ctx, 0.05);
      await round(ctx, `steady state, every page answering after 100 ms, ${workers} worker(s)`);
      ctx.farm.delayMs = 0;
      if (!ONLY.has('changed')) continue;
      bumpShare(ctx, 1);
      await round(ctx, `changed path only (every page changed), ${workers} worker(s)`);
    } finally {
      await stopWorkers(children);
    }
  }
}

/**
 * Real sites answer in 100 ms or more: with pages that slow spread over 20 hosts, one worker with
 * its default settings should keep at least 85% of its own rate on instant pages, per-host
 * politeness (FETCH_PER_HOST_CONCURRENCY) unchanged.
 */
async function slowHosts(): Promise<void> {
  const monitors = 500;
  const hosts = 20;
  const { url, db } = await freshDatabase('rw_bench_slow_hosts');
  const farm = new PageFarm(hosts, monitors);
  await farm.start();
  const prefix = `rwbench:slow:${Date.now()}`;
  const jobs = new Queue(QUEUES.checks, { connection: { url: BENCH_REDIS }, prefix, defaultJobOptions: bullMqJobOptions(QUEUES.checks) });
  const ctx: Ctx = { db, url, farm, jobs, prefix, monitorIds: await seedMonitors(db, farm.urls()) };
  console.log(`\nSlow hosts, ${monitors} monitors on ${hosts} hosts, one worker with its default concurrency:`);
  const children = await startWorkers(1, { DATABASE_URL: url, REDIS_URL: BENCH_REDIS, REDIS_PREFIX: prefix, ALLOW_PRIVATE_NETWORK_TARGETS: 'true', SCHEDULER_TICK_SECONDS: '3600' });
  try {
    await round(ctx, 'baselines (first capture)');
    const instant: number[] = [];
    const slow: number[] = [];
    // Rounds last under a second: the first pair warms the worker up (JIT, connections) and is not counted.
    for (let i = -1; i < SLOW_HOST_ROUNDS; i++) {
      farm.delayMs = 0;
      bumpShare(ctx, 0.05);
      const fast = (await round(ctx, `steady state, instant pages${i < 0 ? ' (warm-up)' : ''}`)).perSecond;
      farm.delayMs = 100;
      bumpShare(ctx, 0.05);
      const late = (await round(ctx, `steady state, every page answering after 100 ms${i < 0 ? ' (warm-up)' : ''}`)).perSecond;
      if (i < 0) continue;
      instant.push(fast);
      slow.push(late);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `  100 ms pages / instant pages (medians of ${SLOW_HOST_ROUNDS}): ${fmt((100 * median(slow)) / median(instant))}% (target ≥ 85%)`,
    );
  } finally {
    await stopWorkers(children);
    await jobs.close();
    await farm.stop();
    await db.destroy();
    await deleteRedisPrefix(BENCH_REDIS, prefix);
  }
}

async function stages(ctx: Ctx): Promise<void> {
  const sample = 200;
  const fetcher = new HttpFetcher({ allowPrivate: true, perHostConcurrency: 4 });
  const timings = { fetch: 0, extract: 0, diff: 0, interpret: 0, persist: 0 };
  const interpreter = new RulesInterpreter();
  for (let i = 0; i < sample; i++) {
    let t = performance.now();
    const fetched = await fetcher.fetch(ctx.farm.url(i));
    timings.fetch += performance.now() - t;
    t = performance.now();
    const before = extractPage(fetched.html, fetched.url, 'pricing');
    timings.extract += performance.now() - t;
    ctx.farm.bump(i);
    const after = extractPage(ctx.farm.html(i), fetched.url, 'pricing');
    t = performance.now();
    const diff = diffCaptures('pricing', before, after);
    timings.diff += performance.now() - t;
    t = performance.now();
    await interpreter.interpret({
      competitor: { name: 'Bench', domain: 'bench.test' },
      monitor: { type: 'pricing', url: fetched.url, name: 'pricing' },
      field_diffs: diff.field_diffs,
      category: diff.category,
      direction: diff.direction,
      delta: diff.delta,
      raw_diff_excerpt: excerptRawDiff(diff.raw_diff, 6000),
      captured_at: new Date().toISOString(),
      previous_captured_at: null,
    });
    timings.interpret += performance.now() - t;
    t = performance.now();
    await ctx.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO snapshots (monitor_id, url, content_hash, markdown, fields) VALUES ($1, $2, $3, $4, $5)`,
        [ctx.monitorIds[i], fetched.url, after.content_hash, after.markdown, JSON.stringify(after.fields)],
      );
    });
    timings.persist += performance.now() - t;
  }
  await fetcher.close();
  console.log(`\nTime per stage (mean of ${sample} pages, one at a time):`);
  for (const [stage, total] of Object.entries(timings)) console.log(`  ${stage.padEnd(10)} ${fmt(total / sample, 2)} ms`);
}

const JS_PAGE = (i: number) => `<!doctype html><html><head><title>App ${i}</title></head><body><div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript><img src="/hero-${i}.png">
<script>document.getElementById('root').innerHTML = '<main><h1>Pricing ${i}</h1>' +
  Array.from({length: 30}, (_, k) => '<div class="plan-card"><h3>Plan ' + k + '</h3><div class="price">$' + (k + 10) + '/month</div></div>').join('') + '</main>';</script></body></html>`;

async function browser(): Promise<void> {
  const http = await import('node:http');
  const server = http.createServer((req, res) => {
    const i = Number((req.url ?? '').split('/').pop()) || 0;
    res.writeHead(200, { 'content-type': 'text/html' }).end(JS_PAGE(i));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const pages = Number(process.env.BENCH_BROWSER_PAGES ?? 4);
  const fetcher = new BrowserFetcher({ allowPrivate: true, maxPages: pages });
  if (!fetcher.isAvailable()) {
    console.log('\nBrowser path: no Chromium found, skipped');
    server.close();
    return;
  }
  await fetcher.fetch(`http://127.0.0.1:${port}/p/0`); // launch
  const count = 100;
  const started = performance.now();
  let peakMemory = 0;
  const sampler = setInterval(() => (peakMemory = Math.max(peakMemory, chromiumMemoryMb())), 1000);
  // Twice as many callers as pages keep them busy, as concurrent check jobs would.
  let next = 0;
  const caller = async () => {
    while (next < count) await fetcher.fetch(`http://127.0.0.1:${port}/p/${next++}`);
  };
  await Promise.all(Array.from({ length: 2 * pages }, caller));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nBrowser path: ${fmt(count / seconds)} pages/s (${count} JavaScript pages, ${pages} pages at a time); Chromium peak memory ${fmt(peakMemory, 0)} MB (PSS)`);
  await fetcher.close();
  server.close();
}

/**
 * Memory of all Chromium processes as PSS (shared pages split between the processes sharing
 * them); a sum of RSS would count the shared browser code once per renderer.
 */
function chromiumMemoryMb(): number {
  const { readdirSync, readFileSync } = require('node:fs') as typeof import('node:fs');
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('chrom')) continue;
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

async function scheduler(): Promise<void> {
  const { url, db } = await freshDatabase('rw_bench_scheduler');
  const prefix = `rwbench:sched:${Date.now()}`;
  const app = await NestFactory.createApplicationContext(
    BackgroundModule.forRoot(
      loadConfig({ DATABASE_URL: url, REDIS_URL: BENCH_REDIS, REDIS_PREFIX: prefix, ROLE: 'scheduler', SCHEDULER_TICK_SECONDS: '3600', LOG_LEVEL: 'error' }),
    ),
    { logger: ['error'] },
  );
  await app.init();
  const [account] = await db.query(`INSERT INTO accounts (name, plan_id) VALUES ('bench', 'pro') RETURNING id`);
  const [ws] = await db.query(`INSERT INTO workspaces (account_id, name, slug) VALUES ($1, 'b', 'b') RETURNING id`, [account.id]);
  const [c] = await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
     VALUES ($1, $2, 'B', 'http://b.test/', 'b.test', 'b.test', 'b', 'completed') RETURNING id`,
    [account.id, ws.id],
  );
  // 100,000 due monitors among 300,000 (the rest not due), so the claim must not scan everything.
  await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at)
     SELECT $1, $2, $3, 'm' || i, 'http://b.test/p/' || i, 'pricing', 'daily',
            CASE WHEN i % 3 = 0 THEN now() - interval '1 minute' ELSE now() + interval '1 day' END
       FROM generate_series(1, ${DUE_MONITORS * 3}) AS i`,
    [account.id, ws.id, c.id],
  );
  await db.query(`ANALYZE monitors`);
  const started = performance.now();
  const enqueued = await app.get(SchedulerService).enqueueDue();
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nScheduler: claimed and enqueued ${enqueued} due monitors (of ${DUE_MONITORS * 3}) in ${fmt(seconds, 2)} s`);
  // The same claims again without the queue: how the time splits between Postgres and BullMQ.
  // As the workers would have: the runs just queued finish, or their monitors could not be claimed again.
  await db.query(`UPDATE runs SET status = 'no_change', started_at = now(), finished_at = now() WHERE status = 'pending'`);
  await db.query(`UPDATE monitors SET next_check_at = now() - interval '1 minute' WHERE id % 3 = 0`);
  await db.query(`VACUUM ANALYZE monitors, runs`);
  const claimStarted = performance.now();
  let claimed = 0;
  for (let n = CLAIM_BATCH; n === CLAIM_BATCH; claimed += n) n = (await app.get(ScheduledRunsRepository).claimDue(CLAIM_BATCH)).length;
  console.log(`  of which the claims alone (Postgres, ${claimed} runs): ${fmt((performance.now() - claimStarted) / 1000, 2)} s`);
  await app.close();
  await db.destroy();
  await deleteRedisPrefix(BENCH_REDIS, prefix);
}

async function main(): Promise<void> {
  const { url, db } = await freshDatabase('rw_bench_pipeline');
  const farm = new PageFarm(HOSTS, MONITORS);
  await farm.start();
  const prefix = `rwbench:pipe:${Date.now()}`;
  const jobs = new Queue(QUEUES.checks, { connection: { url: BENCH_REDIS }, prefix, defaultJobOptions: bullMqJobOptions(QUEUES.checks) });
  const ctx: Ctx = { db, url, farm, jobs, prefix, monitorIds: await seedMonitors(db, farm.urls()) };
  try {
    if (ONLY.has('e2e')) await endToEnd(ctx);
    if (ONLY.has('stages')) await stages(ctx);
    if (ONLY.has('browser')) await browser();
    if (ONLY.has('scheduler')) await scheduler();
    if (ONLY.has('slowhosts')) await slowHosts();
  } finally {
    await jobs.close();
    await farm.stop();
    await db.destroy();
    await deleteRedisPrefix(BENCH_REDIS, prefix);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
