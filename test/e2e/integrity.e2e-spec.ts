import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Plan } from '../../src/billing/plan';
import { QuotaService } from '../../src/billing/quota.service';
import { MIGRATIONS } from '../../src/database/data-source-options';
import { transaction } from '../../src/database/transaction-context';
import { ScheduledRunsRepository } from '../../src/monitors/scheduled-runs.repository';
import { ScopedLookup } from '../../src/scoping/scoped-lookup';
import { SiteServer } from '../fixtures/sites/site-server';
import { checksUsed, insertCompetitor, insertMonitor, insertWorkspace } from '../support/factories';
import { checkNow, FINISHED_RUN, waitForRun } from '../support/pipeline';
import { freePort, PrivateRedis, ServiceProcess } from '../support/processes';
import { databaseUrl, deleteRedisPrefix, testMode, withAdmin } from '../support/services';
import { TcpProxy } from '../support/tcp-proxy';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';

/** Faults need servers the tests can flush, cut off and start processes against. */
const onServers = testMode() === 'server' ? describe : describe.skip;

const pricing = (price: number) =>
  `<html><head><title>Pricing</title></head><body><main><h1>Plans</h1><h2>Pro</h2><p>$${price}/mo</p></main></body></html>`;

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

const allFinished = (db: DataSource, runIds: number[]) => async () =>
  (await runStatuses(db, runIds)).every((st) => FINISHED_RUN.includes(st));

describe('integrity: one run per monitor, one change per difference', () => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;

  beforeAll(async () => {
    site = await new SiteServer().start();
    t = await createTestApp({ ROLE: 'all', CHECK_MIN_INTERVAL_SECONDS: '0' });
    s = await createSession(t, 'pro');
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('overlapping checks of a changed monitor share one run and record one change', async () => {
    let price = 10;
    let delayMs = 0;
    site.setRoute('/overlap', (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(pricing(price)), delayMs);
    });
    const [monitorId] = await seedMonitors(t.db, s.accountId, [site.url('/overlap')]);
    expect((await checkNow(s, t.db, monitorId)).status).toBe('succeeded');

    price = 20;
    delayMs = 1500;
    await t.db.query(`UPDATE monitors SET next_check_at = now() - interval '1 minute' WHERE id = $1`, [monitorId]);
    const first = await s.post(`/monitors/${monitorId}/check`).expect(202);
    const [second, third] = await Promise.all([s.post(`/monitors/${monitorId}/check`), s.post(`/monitors/${monitorId}/check`)]);
    // The monitor is due, but its run is in flight: the scheduler leaves it alone.
    const scheduled = await t.app.get(ScheduledRunsRepository).claimDue(100);
    expect(second.status).toBe(202);
    expect(third.status).toBe(202);
    expect(second.body.run_id).toBe(first.body.run_id);
    expect(third.body.run_id).toBe(first.body.run_id);
    const [{ n: inFlight }] = await t.db.query(
      `SELECT count(*)::int AS n FROM runs WHERE monitor_id = $1 AND status IN ('pending', 'running')`,
      [monitorId],
    );
    expect(inFlight).toBe(1);

    expect((await waitForRun(t.db, first.body.run_id)).status).toBe('changed');
    for (const runId of scheduled) await waitForRun(t.db, runId);
    const changes = await t.db.query(`SELECT id FROM changes WHERE monitor_id = $1`, [monitorId]);
    expect(changes).toHaveLength(1);
    // One check spent for the baseline and one for the change: the shared answers cost nothing.
    expect(await checksUsed(t.db, s.accountId)).toBe(2);
  });

  it('the database refuses a second unfinished run of a monitor', async () => {
    const [monitorId] = await seedMonitors(t.db, s.accountId, [site.url('/unused')]);
    await t.db.query(`INSERT INTO runs (monitor_id, kind) VALUES ($1, 'scheduled')`, [monitorId]);
    await expect(t.db.query(`INSERT INTO runs (monitor_id, kind, status) VALUES ($1, 'on_demand', 'running')`, [monitorId])).rejects.toMatchObject({
      driverError: expect.objectContaining({ code: '23505', constraint: 'runs_one_in_flight_idx' }),
    });
  });

  it('a run comparing against a baseline whose change is recorded adds no second change', async () => {
    let price = 30;
    site.setRoute('/stale', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pricing(price)));
    const [monitorId] = await seedMonitors(t.db, s.accountId, [site.url('/stale')]);
    await checkNow(s, t.db, monitorId);
    const [{ last_snapshot_id: baseline }] = await t.db.query(`SELECT last_snapshot_id FROM monitors WHERE id = $1`, [monitorId]);
    price = 40;
    expect((await checkNow(s, t.db, monitorId)).status).toBe('changed');
    // A bug puts the old baseline back: the same difference is found again, and refused by the database.
    await t.db.query(`UPDATE monitors SET last_snapshot_id = $2, last_raw_hash = NULL, http_etag = NULL WHERE id = $1`, [monitorId, baseline]);
    const again = await checkNow(s, t.db, monitorId);
    expect(again.status).toBe('no_change');
    const changes = await t.db.query(`SELECT previous_snapshot_id FROM changes WHERE monitor_id = $1`, [monitorId]);
    expect(changes).toEqual([{ previous_snapshot_id: baseline }]);
    const [{ n: snapshots }] = await t.db.query(`SELECT count(*)::int AS n FROM snapshots WHERE monitor_id = $1`, [monitorId]);
    expect(snapshots).toBe(2);
  });
  it("repositories run in their caller's transaction: its rollback takes their writes back, and a concurrent one waits for its locks", async () => {
    const db = t.app.get(DataSource);
    const quota = t.app.get(QuotaService);
    const scope = t.app.get(ScopedLookup);
    const plan = { checks_per_month: 1000 } as Plan;
    const before = await checksUsed(t.db, s.accountId);
    const rolledBack = transaction(db, async () => {
      await quota.spend(s.accountId, plan, 1);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await checksUsed(t.db, s.accountId)).toBe(before);
    await transaction(db, () => quota.spend(s.accountId, plan, 1));
    expect(await checksUsed(t.db, s.accountId)).toBe(before + 1);

    // Two transactions side by side: each has its own connection, so the second waits for the first's account lock.
    const order: string[] = [];
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = transaction(db, async () => {
      await scope.lockAccount(s.accountId);
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push('first commits');
    });
    await firstLocked;
    const second = transaction(db, async () => {
      await scope.lockAccount(s.accountId);
      order.push('second locked');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second locked']);
  });
});

describe('integrity: concurrency in one account', () => {
  let t: TestApp;
  let s: Session;

  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    s = await createSession(t, 'pro');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('40 concurrent create/check pairs: no 5xx, every check answered, the quota exact', async () => {
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    const competitor = await insertCompetitor(t.db, { workspace });
    const existing: number[] = [];
    for (let i = 0; i < 40; i++) existing.push((await insertMonitor(t.db, { competitor })).id);
    const responses = await Promise.all(
      existing.flatMap((id, i) => [
        s.post('/monitors', { competitor_id: competitor.id, url: `https://rival-pair-${i}.example/pricing`, monitor_type: 'pricing' }),
        s.post(`/monitors/${id}/check`),
      ]),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    expect(statuses.filter((st, i) => i % 2 === 0 && st === 201)).toHaveLength(40);
    expect(statuses.filter((st, i) => i % 2 === 1 && st === 202)).toHaveLength(40);
    // 40 baselines and 40 on-demand checks.
    expect(await checksUsed(t.db, s.accountId)).toBe(80);
  }, 60_000);
});

onServers('integrity: Redis restarted without its data', () => {
  let redis: PrivateRedis;
  let site: SiteServer;
  let api: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    redis = await new PrivateRedis(await freePort()).start();
    site = await new SiteServer().start();
    api = await createTestApp({ ROLE: 'api', REDIS_URL: redis.url });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await redis?.stop();
    await site?.stop();
  });

  it('FLUSHALL with checks queued: the sweep queues them again and every run finishes, none failed', async () => {
    const s = await createSession(api, 'pro');
    const pages: Record<string, () => string> = {};
    for (let i = 0; i < 8; i++) pages[`/flush${i}`] = () => pricing(i);
    site.setPages(pages);
    const monitorIds = await seedMonitors(api.db, s.accountId, Object.keys(pages).map((p) => site.url(p)));
    const runIds: number[] = [];
    for (const id of monitorIds) runIds.push((await s.post(`/monitors/${id}/check`).expect(202)).body.run_id);

    const client = new IORedis(redis.url);
    try {
      expect(await client.keys(`${api.config.redisPrefix}:checks:*`)).not.toEqual([]);
      await client.flushall();
    } finally {
      client.disconnect();
    }
    const started = Date.now();
    worker = await createTestApp({
      ROLE: 'all',
      DATABASE_URL: api.config.databaseUrl!,
      REDIS_URL: redis.url,
      REDIS_PREFIX: api.config.redisPrefix,
      RUN_SWEEP_SECONDS: '1',
      RUN_SWEEP_AGE_SECONDS: '1',
    });
    await waitFor(allFinished(api.db, runIds), 'every run to finish', 120_000, 200);
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(await runStatuses(api.db, runIds)).toEqual(Array(8).fill('succeeded'));
  }, 150_000);
});

onServers('integrity: Postgres outage during queued checks', () => {
  let proxy: TcpProxy;
  let site: SiteServer;
  let api: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    const pg = new URL(process.env.RW_TEST_PG_URL!);
    proxy = await new TcpProxy(await freePort(), { host: pg.hostname, port: Number(pg.port || 5432) }).start();
    site = await new SiteServer().start();
    api = await createTestApp({ ROLE: 'api' });
  });

  afterAll(async () => {
    await proxy?.start().catch(() => undefined);
    await worker?.close();
    await api?.close();
    await proxy?.stop();
    await site?.stop();
  });

  it('checks in flight and queued when Postgres goes away all finish after it returns, none failed', async () => {
    const s = await createSession(api, 'pro');
    for (let i = 0; i < 10; i++) {
      site.setRoute(`/pg${i}`, (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(pricing(i)), 1500);
      });
    }
    const monitorIds = await seedMonitors(api.db, s.accountId, Array.from({ length: 10 }, (_, i) => site.url(`/pg${i}`)));
    const proxied = new URL(api.config.databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    worker = await createTestApp({
      ROLE: 'worker',
      DATABASE_URL: proxied.toString(),
      REDIS_URL: api.config.redisUrl!,
      REDIS_PREFIX: api.config.redisPrefix,
      WORKER_CONCURRENCY: '4',
    });
    const runIds: number[] = [];
    for (const id of monitorIds) runIds.push((await s.post(`/monitors/${id}/check`).expect(202)).body.run_id);
    await waitFor(async () => (await runStatuses(api.db, runIds)).includes('running'), 'checks in flight', 30_000, 50);

    await proxy.stop();
    await new Promise((r) => setTimeout(r, 3000));
    await proxy.start();

    await waitFor(allFinished(api.db, runIds), 'every run to finish', 90_000, 200);
    expect(await runStatuses(api.db, runIds)).toEqual(Array(10).fill('succeeded'));
    const [{ n }] = await api.db.query(`SELECT count(*)::int AS n FROM snapshots WHERE monitor_id = ANY($1::int[])`, [monitorIds]);
    expect(n).toBe(10);
  }, 150_000);
});

onServers('integrity: first start on an empty database', () => {
  const name = `rw_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const prefix = `rwt:${name}`;
  const processes: ServiceProcess[] = [];

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await withAdmin(process.env.RW_TEST_PG_URL!, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await deleteRedisPrefix(process.env.RW_TEST_REDIS_URL!, prefix);
  });

  it('api, worker and scheduler started together all come up, and each migration ran once', async () => {
    await withAdmin(process.env.RW_TEST_PG_URL!, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const url = databaseUrl(process.env.RW_TEST_PG_URL!, name);
    const roles = ['api', 'worker', 'scheduler'];
    const ports = await Promise.all(roles.map(() => freePort()));
    roles.forEach((role, i) =>
      processes.push(
        new ServiceProcess({ ROLE: role, PORT: String(ports[i]), DATABASE_URL: url, REDIS_URL: process.env.RW_TEST_REDIS_URL!, REDIS_PREFIX: prefix }),
      ),
    );
    for (const [i, port] of ports.entries()) {
      await waitFor(
        async () => {
          if (processes[i].exitCode() !== null) throw new Error(`${roles[i]} exited:\n${processes[i].output.join('')}`);
          const res = await request(`http://127.0.0.1:${port}`)
            .get('/health/ready')
            .catch(() => null);
          return res?.status === 200;
        },
        `${roles[i]} to be ready`,
        120_000,
        250,
      );
    }
    const check = new DataSource({ type: 'postgres', url });
    await check.initialize();
    try {
      const rows: { name: string; n: number }[] = await check.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`);
      expect(rows).toHaveLength(MIGRATIONS.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await check.destroy();
    }
  }, 180_000);
});
