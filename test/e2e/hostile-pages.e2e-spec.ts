import IORedis from 'ioredis';
import { ExtractionPool } from '../../src/capture/extract/extraction-pool';
import { QUEUES } from '../../src/queue/queue.constants';
import { SiteServer } from '../fixtures/sites/site-server';
import { probeLiveness } from '../support/liveness-probe';
import { waitForDiscovery, waitForRun } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';

/** The page of the security finding: 200,000 nested divs, 2.2 MB. */
const DEEP_PAGE = `<!doctype html><html><body>${'<div>'.repeat(200_000)}x${'</div>'.repeat(200_000)}</body></html>`;
const DEEP_HOMEPAGE = `<!doctype html><html><head><title>Deep</title></head><body><a href="/pricing">Pricing</a>${'<div>'.repeat(50_000)}</body></html>`;

/**
 * DESIGN §5g: a page too deep or too large to parse safely fails its run with page_too_complex
 * after one fetch, never blocks the event loop that answers HTTP, and is not retried; discovery
 * on such a homepage fails with that reason. With extraction threads and without (EXTRACT_THREADS=0,
 * where the pre-scan bounds the work on the event loop). The service runs in this process, so
 * "answers within 1 s" is judged by the event loop's busy time over each request: the suite's other
 * files load both cores, and an idle loop can wait more than a second for one of them.
 */
describe.each(['1', '0'])('a hostile page with EXTRACT_THREADS=%s', (threads) => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let workspaceId: number;

  beforeAll(async () => {
    site = await new SiteServer().start();
    site.setPages({ '/deep': () => DEEP_PAGE, '/': () => DEEP_HOMEPAGE });
    t = await createTestApp({ EXTRACT_THREADS: threads, CHECK_MIN_INTERVAL_SECONDS: '0' });
    // The thread starts before the probes: under ts-node it compiles the extraction modules as it
    // starts, seconds of CPU in a loaded suite that the built service's threads do not spend.
    await t.app.get(ExtractionPool).looksLikeJavaScriptShell('<p>ready</p>');
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'Hostile' }).expect(201)).body.workspace.id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.stop();
  });

  it('fails a custom monitor on a 200,000-deep page with page_too_complex after one fetch, answering /health/live within 1 s throughout', async () => {
    const [competitor] = await t.db.query(
      `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
       VALUES ($1, $2, 'Deep', $3, 'deep', '127.0.0.1', 'deep', 'completed') RETURNING id`,
      [s.accountId, workspaceId, site.url('/')],
    );
    const probes = probeLiveness(t.baseUrl);
    let monitorId: number;
    let runId: number;
    try {
      const created = await s.post('/monitors', { competitor_id: competitor.id, url: site.url('/deep'), monitor_type: 'custom' }).expect(201);
      monitorId = created.body.monitor.id;
      runId = created.body.monitor.last_run.id;
      const run = await waitForRun(t.db, runId, 30_000);
      expect({ status: run.status, error_code: run.error_code }).toEqual({ status: 'failed', error_code: 'page_too_complex' });
      expect(run.error_message).toBe('The page nests elements more than 1,000 deep');
      // A retry would be a delayed job: wait until the queue has run whatever it holds, and for
      // enough liveness answers to judge (the run may fail in a few hundred milliseconds).
      await t.settled(QUEUES.checks);
      await waitFor(async () => probes.latencies.length > 5, 'six liveness probes', 10_000);
    } finally {
      await probes.stop();
    }
    expect(probes.latencies.length).toBeGreaterThan(5);
    expect(Math.max(...probes.busy)).toBeLessThan(1000);
    expect(site.hits.filter((path) => path === '/deep')).toHaveLength(1);

    const [after] = await t.db.query(`SELECT status, error_code, attempts FROM runs WHERE id = $1`, [runId]);
    expect(after).toEqual({ status: 'failed', error_code: 'page_too_complex', attempts: 1 });
    const monitor = await s.get(`/monitors/${monitorId}`).expect(200);
    expect(monitor.body.monitor.last_run).toMatchObject({ status: 'failed', error_code: 'page_too_complex' });
    if (t.config.redisUrl) {
      const redis = new IORedis(t.config.redisUrl);
      try {
        const job = await redis.hgetall(`${t.config.redisPrefix}:checks:check-${runId}`);
        // The job finished cleanly on its first attempt (started once, made once): no failure, no retry, no stall.
        expect(job).toMatchObject({ ats: '1', atm: '1', returnvalue: 'null' });
        expect(job.failedReason).toBeUndefined();
        expect(job.stc).toBeUndefined();
        expect(Number(job.finishedOn)).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    }
  });

  it('fails the discovery of a 50,000-deep homepage with page_too_complex, answering /health/live within 1 s', async () => {
    const probes = probeLiveness(t.baseUrl);
    let competitorId: number;
    try {
      const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/') }).expect(202);
      competitorId = added.body.competitor.id;
      expect(await waitForDiscovery(s, competitorId)).toBe('failed');
    } finally {
      await probes.stop();
    }
    expect(Math.max(...probes.busy)).toBeLessThan(1000);
    const detail = await s.get(`/competitors/${competitorId}`).expect(200);
    expect(detail.body.competitor.discovery.error).toBe('homepage could not be read (page_too_complex): The page nests elements more than 1,000 deep');
    expect(detail.body.competitor.monitors).toEqual([]);
  });
});
