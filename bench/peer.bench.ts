/**
 * npm run bench:peer — Rivalwatch and urlwatch side by side on the same page farm, in one run:
 * checks per second of each and their ratio, on instant pages, on pages answering after a delay,
 * and on one host (where Rivalwatch's politeness limit, 4 requests in flight per host, caps it).
 * Rivalwatch is one process with every role (ROLE=all) on real Postgres (a fresh database) and
 * Redis, checking scheduled monitors; urlwatch runs with its own configuration and cache in a
 * temporary directory and its default thread pool. Each round prints the requests the page farm had
 * in flight (time-weighted mean from the first request to the last answer, and the most) and the
 * Rivalwatch process's CPU time per check; the end prints each target with met or MISSED. Prints
 * figures; asserts nothing.
 *
 * Knobs: PEER_PAGES (500), PEER_HOSTS (20), PEER_LATENCIES_MS (0,100), PEER_ROUNDS (3),
 * PEER_ONE_HOST_PAGES (100; 0 skips), PEER_CHANGED_SHARE (0.05), PEER_SCREENSHOTS (0: Rivalwatch runs
 * without Chromium, so a change's screenshot ends `unavailable` at once; 1 takes them, and the
 * baseline's 500 screenshots then render through every counted round), BENCH_PROFILE_DIR (a V8 CPU
 * profile of the Rivalwatch process, and peer-windows.json: when its counted rounds ran, for
 * bench/support/cpu-profile-stages.ts).
 */
import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { DataSource } from 'typeorm';
import { deleteRedisPrefix } from '../test/support/services';
import { BENCH_REDIS, fmt, freshDatabase } from './support/bench-db';
import type { ProfileWindows } from './support/cpu-profile-stages';
import { PageFarm } from './support/page-farm';
import { seedMonitors } from './support/seed';
import { urlwatchVersion, UrlwatchJobs } from './support/urlwatch';
import { startAllRoles, stopWorkers } from './support/workers';

const PAGES = Number(process.env.PEER_PAGES ?? 500);
const HOSTS = Number(process.env.PEER_HOSTS ?? 20);
const LATENCIES_MS = (process.env.PEER_LATENCIES_MS ?? '0,100').split(',').map(Number);
const ROUNDS = Number(process.env.PEER_ROUNDS ?? 3);
const ONE_HOST_PAGES = Number(process.env.PEER_ONE_HOST_PAGES ?? 100);
const ONE_HOST_LATENCY_MS = 100;
/** Each round changes this share of the pages (a real price change); the rest answer as before. */
const CHANGED_SHARE = Number(process.env.PEER_CHANGED_SHARE ?? 0.05);
const SCREENSHOTS = process.env.PEER_SCREENSHOTS === '1';
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const TARGETS: Record<number, number> = { 0: 2.5, 100: 6 };
const SLOW_OF_INSTANT_TARGET = 0.95;
/** The service's politeness limit, requests in flight per host (FETCH_PER_HOST_CONCURRENCY's default). */
const PER_HOST = 4;
/** 100 pages on one host at 100 ms, 4 requests in flight: at most 40 checks/s; "close" is this share of it. */
const ONE_HOST_LIMIT = PER_HOST / (ONE_HOST_LATENCY_MS / 1000);
const ONE_HOST_TARGET_SHARE = 0.85;

/** A page farm and the same pages watched by both tools. */
interface Scenario {
  farm: PageFarm;
  urlwatch: UrlwatchJobs;
  monitorIds: number[];
  bumped: number;
}

interface Pair {
  urlwatch: number;
  rivalwatch: number;
  /** CPU time of the Rivalwatch process per check, ms (median of the rounds). */
  cpuPerCheck: number;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function scenario(db: DataSource, hosts: number, pages: number): Promise<Scenario> {
  const farm = new PageFarm(hosts, pages);
  await farm.start();
  return { farm, urlwatch: new UrlwatchJobs(farm.urls()), monitorIds: await seedMonitors(db, farm.urls()), bumped: 0 };
}

/** Changes the next CHANGED_SHARE of the pages, a different slice each round. */
function changeSome(s: Scenario): void {
  const count = Math.round(s.farm.pages * CHANGED_SHARE);
  for (let k = 0; k < count; k++) s.farm.bump((s.bumped + Math.floor(k / CHANGED_SHARE)) % s.farm.pages);
  s.bumped++;
}

/** urlwatch over every page once: from its first request to its exit (its start-up is left out). */
async function urlwatchRound(s: Scenario): Promise<{ perSecond: number; startupMs: number; inFlight: string }> {
  s.farm.resetInFlight();
  const started = performance.now();
  await s.urlwatch.run();
  const first = s.farm.firstRequestAt ?? started;
  return { perSecond: s.farm.pages / ((performance.now() - first) / 1000), startupMs: first - started, inFlight: inFlight(s.farm) };
}

/**
 * Makes every monitor of the scenario due and waits until the scheduler has claimed them and
 * their runs have finished: from the first claim to the last finished run.
 */
async function rivalwatchRound(
  db: DataSource,
  s: Scenario,
): Promise<{ perSecond: number; statuses: Record<string, number>; window: [number, number]; inFlight: string; edges: string }> {
  s.farm.resetInFlight();
  const from = monotonicMicros();
  const [{ mark }] = await db.query(`SELECT clock_timestamp() AS mark`);
  await db.query(`UPDATE monitors SET next_check_at = now() WHERE id = ANY($1::int[])`, [s.monitorIds]);
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const [row] = await db.query(
      `SELECT count(*)::int AS n, count(finished_at)::int AS finished FROM runs WHERE monitor_id = ANY($1::int[]) AND created_at >= $2`,
      [s.monitorIds, mark],
    );
    if (row.n === s.monitorIds.length && row.finished === row.n) break;
  }
  const [{ seconds, claimed, finished }] = await db.query(
    `SELECT extract(epoch FROM max(finished_at) - min(created_at))::float8 AS seconds,
            extract(epoch FROM min(created_at))::float8 AS claimed, extract(epoch FROM max(finished_at))::float8 AS finished
       FROM runs WHERE monitor_id = ANY($1::int[]) AND created_at >= $2`,
    [s.monitorIds, mark],
  );
  // The farm's clock and Postgres's are the same machine's: the lead is claim → first request, the tail last answer → last finish.
  const wall = (t: number | null) => (performance.timeOrigin + (t ?? 0)) / 1000;
  const edges = `lead ${fmt((wall(s.farm.firstRequestAt) - claimed) * 1000, 0)} ms, tail ${fmt((finished - wall(s.farm.lastAnsweredAt)) * 1000, 0)} ms`;
  const stats: { status: string; n: number }[] = await db.query(
    `SELECT status, count(*)::int AS n FROM runs WHERE monitor_id = ANY($1::int[]) AND created_at >= $2 GROUP BY status ORDER BY status`,
    [s.monitorIds, mark],
  );
  const window: [number, number] = [from, monotonicMicros()];
  return { perSecond: s.monitorIds.length / seconds, statuses: Object.fromEntries(stats.map((r) => [r.status, r.n])), window, inFlight: inFlight(s.farm), edges };
}

/** The requests the farm had in flight during a round, as the page farm saw them: mean and most. */
function inFlight(farm: PageFarm): string {
  return `${fmt(farm.meanInFlight())}/${farm.maxInFlight} in flight`;
}

/** The clock V8 stamps profile samples with (CLOCK_MONOTONIC, shared by the processes of the machine). */
function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * What the Rivalwatch process spends: the lines it writes (its log) and its CPU time, all threads
 * (user + system, from /proc). CPU time is what the machine's load does not inflate much: a
 * process waiting for a core is not charged, where the rates and the profiler's samples are.
 */
class ProcessMeter {
  lines = 0;
  private readonly tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  constructor(private readonly child: ChildProcess) {
    const count = (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) this.lines++;
    };
    child.stdout!.on('data', count);
    child.stderr!.on('data', count);
  }

  /** CPU time used so far, in ms: all of it and the kernel's part (`utime` + `stime` and `stime` of /proc/PID/stat, fields 14 and 15). */
  cpuMs(): { all: number; kernel: number } {
    const stat = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { all: (Number(fields[11]) + Number(fields[12])) * this.tickMs, kernel: Number(fields[12]) * this.tickMs };
  }
}

/** One line of the summary: the figure, the target and whether it was met. */
function verdict(label: string, figure: string, target: string, met: boolean): string {
  return `  ${met ? 'met    ' : 'MISSED '} ${label}: ${figure} (target ${target})`;
}

async function compare(db: DataSource, s: Scenario, latencyMs: number, title: string, log: ProcessMeter, profiled: ProfileWindows): Promise<Pair> {
  console.log(`\n${title}:`);
  s.farm.delayMs = latencyMs;
  const urlwatchRates: number[] = [];
  const rivalwatchRates: number[] = [];
  const cpuPerCheck: number[] = [];
  // The first round warms both up (JIT, connections, caches) and is not counted.
  for (let i = -1; i < ROUNDS; i++) {
    changeSome(s);
    const uw = await urlwatchRound(s);
    const linesBefore = log.lines;
    const cpuBefore = log.cpuMs();
    const rw = await rivalwatchRound(db, s);
    const cpuAfter = log.cpuMs();
    const cpu = (cpuAfter.all - cpuBefore.all) / s.monitorIds.length;
    const kernelShare = (cpuAfter.kernel - cpuBefore.kernel) / Math.max(cpuAfter.all - cpuBefore.all, 1e-9);
    const label = i < 0 ? 'warm-up' : `round ${i + 1}`;
    console.log(
      `  ${label.padEnd(8)} urlwatch ${fmt(uw.perSecond).padStart(6)}/s (start-up ${fmt(uw.startupMs, 0)} ms, ${uw.inFlight})   ` +
        `Rivalwatch ${fmt(rw.perSecond).padStart(6)}/s ${JSON.stringify(rw.statuses)}, ${rw.inFlight}, ${rw.edges}, ${fmt(cpu, 2)} ms CPU/check (${fmt(100 * kernelShare, 0)}% in the kernel), ` +
        `${log.lines - linesBefore} log lines   load ${load()}`,
    );
    if (i < 0) continue;
    profiled.windows.push(rw.window);
    profiled.checks += s.monitorIds.length;
    urlwatchRates.push(uw.perSecond);
    rivalwatchRates.push(rw.perSecond);
    cpuPerCheck.push(cpu);
  }
  const pair = { urlwatch: median(urlwatchRates), rivalwatch: median(rivalwatchRates), cpuPerCheck: median(cpuPerCheck) };
  const target = TARGETS[latencyMs] && s.farm.hosts > 1 ? ` (target ≥ ${TARGETS[latencyMs]}×)` : '';
  console.log(
    `  median of ${ROUNDS}: urlwatch ${fmt(pair.urlwatch)}/s, Rivalwatch ${fmt(pair.rivalwatch)}/s: ${fmt(pair.rivalwatch / pair.urlwatch, 2)}×${target}; ` +
      `Rivalwatch's CPU ${fmt(pair.cpuPerCheck, 2)} ms per check (all its threads)`,
  );
  return pair;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function main(): Promise<void> {
  const version = urlwatchVersion();
  console.log(
    `bench:peer — ${version} (default thread pool) vs Rivalwatch (one process, ROLE=all, Postgres + Redis, ` +
      `${SCREENSHOTS ? 'screenshots taken' : 'no Chromium: screenshots left out'}); load ${load()}`,
  );
  const { url, db } = await freshDatabase('rw_bench_peer');
  const prefix = `rwbench:peer:${Date.now()}`;
  const scenarios = [await scenario(db, HOSTS, PAGES)];
  if (ONE_HOST_PAGES > 0) scenarios.push(await scenario(db, 1, ONE_HOST_PAGES));
  const rivalwatch = await startAllRoles({
    DATABASE_URL: url,
    REDIS_URL: BENCH_REDIS,
    REDIS_PREFIX: prefix,
    PORT: String(await freePort()),
    ALLOW_PRIVATE_NETWORK_TARGETS: 'true',
    SCHEDULER_TICK_SECONDS: '1',
    // A path with no Chromium behind it: the pages need none, and a change's screenshot ends `unavailable`.
    ...(SCREENSHOTS ? {} : { CHROMIUM_PATH: path.join(__dirname, 'no-chromium') }),
  });
  const log = new ProcessMeter(rivalwatch);
  const profiled: ProfileWindows = { checks: 0, windows: [] };
  try {
    console.log(`\nBaselines (first capture of every page; not counted):`);
    for (const s of scenarios) {
      const uw = await urlwatchRound(s);
      const rw = await rivalwatchRound(db, s);
      console.log(`  ${s.farm.pages} pages on ${s.farm.hosts} host(s): urlwatch ${fmt(uw.perSecond)}/s, Rivalwatch ${fmt(rw.perSecond)}/s ${JSON.stringify(rw.statuses)}`);
    }
    const byLatency = new Map<number, Pair>();
    const mix = `${Math.round(100 * (1 - CHANGED_SHARE))}% unchanged / ${Math.round(100 * CHANGED_SHARE)}% changed per round, half with ETags`;
    for (const latency of LATENCIES_MS) {
      const title = `${PAGES} pages of 50–300 KB on ${HOSTS} hosts, ${latency ? `answering after ${latency} ms` : 'instant'}, ${mix}`;
      byLatency.set(latency, await compare(db, scenarios[0], latency, title, log, profiled));
    }
    const [instant, slow] = [byLatency.get(0), byLatency.get(100)];
    let oneHost: Pair | null = null;
    if (scenarios[1]) {
      const title = `${ONE_HOST_PAGES} pages on one host answering after ${ONE_HOST_LATENCY_MS} ms (4 requests in flight per host: about ${ONE_HOST_LIMIT} checks/s)`;
      oneHost = await compare(db, scenarios[1], ONE_HOST_LATENCY_MS, title, log, profiled);
    }
    console.log(`\nTargets (medians of ${ROUNDS} rounds; load at the end ${load()}):`);
    for (const [latency, pair] of byLatency) {
      const target = TARGETS[latency];
      if (!target) continue;
      const ratio = pair.rivalwatch / pair.urlwatch;
      const label = `${latency ? `${latency} ms` : 'instant'} pages, Rivalwatch / urlwatch`;
      console.log(verdict(label, `${fmt(pair.rivalwatch)} / ${fmt(pair.urlwatch)} checks/s = ${fmt(ratio, 2)}×`, `≥ ${target}×`, ratio >= target));
    }
    if (instant && slow) {
      const share = slow.rivalwatch / instant.rivalwatch;
      console.log(verdict('Rivalwatch on 100 ms pages / on instant pages', `${fmt(100 * share)}%`, `≥ ${100 * SLOW_OF_INSTANT_TARGET}%`, share >= SLOW_OF_INSTANT_TARGET));
      // Politeness alone caps a 100 ms round: each host's pages go PER_HOST at a time, one wave per 100 ms.
      const waves = Math.ceil(Math.ceil(PAGES / HOSTS) / PER_HOST);
      const ceiling = PAGES / (waves * 0.1);
      console.log(
        `          (politeness ceiling of a 100 ms round: ${Math.ceil(PAGES / HOSTS)} pages per host, ${PER_HOST} in flight, ${waves} waves: ` +
          `at most ${fmt(ceiling)} checks/s; ${100 * SLOW_OF_INSTANT_TARGET}% of this instant rate is ${fmt(SLOW_OF_INSTANT_TARGET * instant.rivalwatch)} checks/s)`,
      );
    }
    if (oneHost) {
      const share = oneHost.rivalwatch / ONE_HOST_LIMIT;
      console.log(
        verdict(
          `${ONE_HOST_PAGES} pages on one host at ${ONE_HOST_LATENCY_MS} ms`,
          `${fmt(oneHost.rivalwatch)} checks/s = ${fmt(100 * share)}% of the ${ONE_HOST_LIMIT}/s politeness limit`,
          `≥ ${100 * ONE_HOST_TARGET_SHARE}% of it, never above`,
          share >= ONE_HOST_TARGET_SHARE && share <= 1.05,
        ),
      );
    }
    if (PROFILE_DIR) {
      // The profiles land there only when the process stops, after this: the directory may not exist yet.
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(path.join(PROFILE_DIR, 'peer-windows.json'), JSON.stringify(profiled));
    }
  } finally {
    await stopWorkers([rivalwatch]);
    for (const s of scenarios) {
      s.urlwatch.remove();
      await s.farm.stop();
    }
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
