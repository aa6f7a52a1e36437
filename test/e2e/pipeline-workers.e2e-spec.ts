import { DataSource } from 'typeorm';
import { RUN_MAX_STARTS } from '../../src/monitors/run-sweep.service';
import { SchedulerService } from '../../src/scheduler/scheduler.service';
import { SiteServer } from '../fixtures/sites/site-server';
import { waitForRun } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { testMode } from '../support/services';
import { waitFor } from '../support/wait';

const page = (n: number) =>
  `<html><head><title>Page ${n}</title></head><body><main><h1>Changelog ${n}</h1><h2>Version 1.${n}.0</h2><ul><li>New: thing ${n}</li></ul></main></body></html>`;

async function seedMonitors(db: DataSource, accountId: number, workspaceId: number, urls: string[]): Promise<number[]> {
  const [competitor] = await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
     VALUES ($1, $2, 'Burst', 'http://127.0.0.1/', 'burst', '127.0.0.1', 'burst', 'completed') RETURNING id`,
    [accountId, workspaceId],
  );
  const rows: { id: number }[] = await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at)
     SELECT $1, $2, $3, 'm' || i, u, 'changelog', 'daily', now() - interval '1 minute'
       FROM unnest($4::text[]) WITH ORDINALITY AS t(u, i) RETURNING id`,
    [accountId, workspaceId, competitor.id, urls],
  );
  return rows.map((r) => r.id);
}

/** Scale-out behaviour: two workers share a burst, two schedulers share the due set. */
describe('workers and schedulers', () => {
  let site: SiteServer;
  let a: TestApp;
  let b: TestApp;
  let s: Session;
  let workspaceId: number;

  beforeAll(async () => {
    site = await new SiteServer().start();
    const pages: Record<string, () => string> = {};
    for (let i = 0; i < 60; i++) pages[`/p${i}`] = () => page(i);
    site.setPages(pages);
    a = await createTestApp({ ROLE: 'all' });
    s = await createSession(a, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'Burst' }).expect(201)).body.workspace.id;
    if (testMode() === 'server') {
      // A second process on the same database and Redis prefix: its own worker and scheduler.
      b = await createTestApp({ ROLE: 'all', DATABASE_URL: a.config.databaseUrl!, REDIS_URL: a.config.redisUrl!, REDIS_PREFIX: a.config.redisPrefix });
    }
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await site?.stop();
  });

  it('two schedulers claim each due monitor once, and two workers run each check exactly once', async () => {
    const ids = await seedMonitors(a.db, s.accountId, workspaceId, Array.from({ length: 60 }, (_, i) => site.url(`/p${i}`)));
    const schedulers = [a, b].filter(Boolean).map((app) => app.app.get(SchedulerService));
    const claimed = await Promise.all(schedulers.map((sch) => sch.enqueueDue()));
    expect(claimed.reduce((x, y) => x + y, 0)).toBe(60);
    await waitFor(
      async () => {
        const [row] = await a.db.query(`SELECT count(*)::int AS n FROM runs WHERE status IN ('pending', 'running')`);
        return row.n === 0;
      },
      'all scheduled runs',
      60_000,
    );
    const runs: { monitor_id: number; n: number; attempts: number; status: string }[] = await a.db.query(
      `SELECT monitor_id, count(*)::int AS n, max(attempts)::int AS attempts, max(status) AS status FROM runs GROUP BY monitor_id`,
    );
    expect(runs).toHaveLength(60);
    for (const run of runs) expect(run).toMatchObject({ n: 1, attempts: 1, status: 'succeeded' });
    const snapshots = await a.db.query(`SELECT count(*)::int AS n FROM snapshots WHERE monitor_id = ANY($1::int[])`, [ids]);
    expect(snapshots[0].n).toBe(60);
    // Every page was fetched; one run each (attempts 1) is what rules out a check run twice. A
    // check retries a fetch that failed transiently (a kept-alive socket the site closed as it was
    // reused, on a loaded machine), so a page may be asked for twice within its one run.
    const hits = site.hits.filter((h) => h.startsWith('/p'));
    expect(new Set(hits).size).toBe(60);
    // Claimed monitors moved to their next slot: nothing is due any more.
    expect(await schedulers[0].enqueueDue()).toBe(0);
  });

  it('scheduled checks spend no quota', async () => {
    const [usage] = await a.db.query(`SELECT COALESCE(sum(checks_used), 0)::int AS n FROM check_usage WHERE account_id = $1`, [s.accountId]);
    expect(usage.n).toBe(0);
  });

  it('queues again a run whose job was lost, and it finishes', async () => {
    const [monitor] = await a.db.query(`SELECT id FROM monitors WHERE workspace_id = $1 LIMIT 1`, [workspaceId]);
    const [run] = await a.db.query(
      `INSERT INTO runs (monitor_id, kind, status, attempts, started_at, created_at)
       VALUES ($1, 'scheduled', 'running', 1, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [monitor.id],
    );
    await a.app.get(SchedulerService).sweepOnce();
    const finished = await waitForRun(a.db, run.id);
    expect(finished.status).toBe('no_change');
  });

  it('fails a run started too often without finishing, so no run stays running forever', async () => {
    const [monitor] = await a.db.query(`SELECT id FROM monitors WHERE workspace_id = $1 LIMIT 1`, [workspaceId]);
    const [run] = await a.db.query(
      `INSERT INTO runs (monitor_id, kind, status, attempts, started_at, created_at)
       VALUES ($1, 'scheduled', 'running', $2, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [monitor.id, RUN_MAX_STARTS],
    );
    await a.app.get(SchedulerService).sweepOnce();
    const finished = await waitForRun(a.db, run.id);
    expect(finished).toMatchObject({ status: 'failed', error_code: 'worker_lost' });
  });
});
