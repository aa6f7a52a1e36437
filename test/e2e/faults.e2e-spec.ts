import request from 'supertest';
import { DataSource } from 'typeorm';
import { SiteServer } from '../fixtures/sites/site-server';
import { expectError, insertCompetitor, insertMonitor, insertWorkspace } from '../support/factories';
import { FINISHED_RUN } from '../support/pipeline';
import { freePort, PrivateRedis, ServiceProcess } from '../support/processes';
import { testMode } from '../support/services';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';

/** Faults need real Postgres and Redis that the tests can stop and kill (DESIGN §5c). */
const onServers = testMode() === 'server' ? describe : describe.skip;

const page = (n: number) => `<html><head><title>Pricing ${n}</title></head><body><main><h1>Plans</h1><p>Pro $${n}/mo</p></main></body></html>`;

async function seedMonitors(db: DataSource, accountId: number, urls: string[]): Promise<number[]> {
  const workspace = await insertWorkspace(db, { accountId });
  const competitor = await insertCompetitor(db, { workspace });
  const ids: number[] = [];
  for (const url of urls) ids.push((await insertMonitor(db, { competitor, url })).id);
  return ids;
}

async function runStatuses(db: DataSource, runIds: number[]): Promise<string[]> {
  const rows: { status: string }[] = await db.query(`SELECT status FROM runs WHERE id = ANY($1::int[]) ORDER BY id`, [runIds]);
  return rows.map((r) => r.status);
}

onServers('faults: Redis down', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let monitors: number[];

  beforeAll(async () => {
    redis = await new PrivateRedis(await freePort()).start();
    site = await new SiteServer().start();
    site.setPages({ '/a': () => page(1), '/b': () => page(2) });
    t = await createTestApp({ ROLE: 'api', REDIS_URL: redis.url });
    s = await createSession(t, 'pro');
    monitors = await seedMonitors(t.db, s.accountId, [site.url('/a'), site.url('/b')]);
  });

  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    await site?.stop();
  });

  it('answers 503 service_unavailable with Retry-After within 2 s, keeps Postgres-only routes up, and recovers', async () => {
    await s.post(`/monitors/${monitors[0]}/check`).expect(202);
    await redis.stop();
    await waitFor(async () => (await request(t.app.getHttpServer()).get('/health/ready')).status === 503, 'readiness to report Redis down', 5000);

    const started = Date.now();
    const res = await s.post(`/monitors/${monitors[1]}/check`);
    expect(Date.now() - started).toBeLessThan(2000);
    expectError(res, 503, 'service_unavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was recorded or charged for the refused check.
    expect(await t.db.query(`SELECT id FROM runs WHERE monitor_id = $1`, [monitors[1]])).toEqual([]);
    // Reading needs only Postgres.
    await s.get('/workspaces').expect(200);

    await redis.start();
    await waitFor(async () => (await request(t.app.getHttpServer()).get('/health/ready')).status === 200, 'readiness after Redis returns', 15_000, 200);
    await s.post(`/monitors/${monitors[1]}/check`).expect(202);
  });
});

onServers('faults: workers stopped and killed', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  const workers: ServiceProcess[] = [];

  const workerEnv = (extra: Record<string, string> = {}) => ({
    ROLE: 'worker',
    DATABASE_URL: t.config.databaseUrl!,
    REDIS_URL: t.config.redisUrl!,
    REDIS_PREFIX: t.config.redisPrefix,
    ALLOW_PRIVATE_NETWORK_TARGETS: 'true',
    ...extra,
  });
  const startWorker = (extra: Record<string, string> = {}) => {
    const worker = new ServiceProcess(workerEnv(extra));
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    site = await new SiteServer().start();
    t = await createTestApp({ ROLE: 'api' });
    s = await createSession(t, 'pro');
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await t?.close();
    await site?.stop();
  });

  /** Ten slow pages, one on-demand check each; returns the run ids once some are running. */
  async function burst(prefix: string, delayMs: number): Promise<number[]> {
    const paths = Array.from({ length: 10 }, (_, i) => `/${prefix}${i}`);
    for (const [i, path] of paths.entries()) {
      site.setRoute(path, (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page(i)), delayMs);
      });
    }
    const monitorIds = await seedMonitors(t.db, s.accountId, paths.map((p) => site.url(p)));
    const runIds: number[] = [];
    for (const id of monitorIds) runIds.push((await s.post(`/monitors/${id}/check`).expect(202)).body.run_id);
    return runIds;
  }

  it('SIGTERM lets in-flight checks finish: the worker exits 0 and no run fails', async () => {
    const worker = startWorker({ SHUTDOWN_GRACE_SECONDS: '20' });
    const runIds = await burst('term', 2500);
    await waitFor(async () => (await runStatuses(t.db, runIds)).filter((st) => st === 'running').length >= 5, 'checks in flight', 30_000, 50);
    worker.signal('SIGTERM');
    expect(await worker.exited).toBe(0);
    const statuses = await runStatuses(t.db, runIds);
    expect(statuses).not.toContain('failed');
    // Those it had not started are still queued: a new worker runs them.
    const next = startWorker();
    await waitFor(async () => (await runStatuses(t.db, runIds)).every((st) => FINISHED_RUN.includes(st)), 'every run to finish', 60_000, 200);
    expect(await runStatuses(t.db, runIds)).toEqual(Array(10).fill('succeeded'));
    await next.stop();
  }, 120_000);

  it('SIGTERM past the grace period hands unfinished checks back: they run again elsewhere, none fails', async () => {
    const worker = startWorker({ SHUTDOWN_GRACE_SECONDS: '1' });
    const runIds = await burst('grace', 5000);
    await waitFor(async () => (await runStatuses(t.db, runIds)).some((st) => st === 'running'), 'checks in flight', 30_000, 50);
    worker.signal('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await runStatuses(t.db, runIds)).not.toContain('failed');
    const next = startWorker();
    await waitFor(async () => (await runStatuses(t.db, runIds)).every((st) => FINISHED_RUN.includes(st)), 'every run to finish', 60_000, 200);
    expect(await runStatuses(t.db, runIds)).toEqual(Array(10).fill('succeeded'));
    await next.stop();
    // One baseline snapshot per monitor: a check handed back is captured once, not twice.
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM snapshots WHERE monitor_id IN (SELECT monitor_id FROM runs WHERE id = ANY($1::int[]))`,
      [runIds],
    );
    expect(n).toBe(10);
  }, 120_000);

  it('a worker killed mid-check: its checks run again on another worker and every run ends', async () => {
    const worker = startWorker();
    const runIds = await burst('kill', 3000);
    await waitFor(async () => (await runStatuses(t.db, runIds)).some((st) => st === 'running'), 'checks in flight', 30_000, 50);
    await worker.stop();
    startWorker();
    await waitFor(async () => (await runStatuses(t.db, runIds)).every((st) => FINISHED_RUN.includes(st)), 'every run to finish', 90_000, 500);
    expect(await runStatuses(t.db, runIds)).toEqual(Array(10).fill('succeeded'));
  }, 150_000);
});

onServers('faults: Postgres connections killed', () => {
  let t: TestApp;
  let s: Session;

  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    s = await createSession(t, 'pro');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('survives its connections being terminated: no 500, then normal answers', async () => {
    await s.post('/workspaces', { name: 'Before' }).expect(201);
    const [{ db }] = await t.db.query(`SELECT current_database() AS db`);
    const admin = new DataSource({ type: 'postgres', url: process.env.RW_TEST_PG_URL });
    await admin.initialize();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [db]);
    } finally {
      await admin.destroy();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await s.get('/workspaces')).status);
    expect(statuses.every((st) => st === 200 || st === 503)).toBe(true);
    await waitFor(async () => (await s.get('/workspaces')).status === 200, 'the API to answer again', 10_000, 100);
    await s.post('/workspaces', { name: 'After' }).expect(201);
  });
});
