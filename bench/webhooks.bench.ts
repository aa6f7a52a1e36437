/**
 * npm run bench:webhooks — webhook deliveries per second with one real worker process against a
 * local receiver, and the digest build time for a workspace with 50 competitors and 100,000
 * changes in the period. Own database (rw_bench_webhooks) and Redis prefix. Prints figures;
 * asserts nothing.
 */
import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { CliModule } from '../src/cli/cli.module';
import { loadConfig } from '../src/config/config';
import { apiDigestPlan, notificationDigestPlan } from '../src/digest/digest-plan';
import { DigestBuilder } from '../src/digest/digest.builder';
import type { DigestPeriod } from '../src/digest/digest.types';
import { Queue } from 'bullmq';
import { bullMqJobOptions } from '../src/queue/bullmq-driver';
import { jobIds, QUEUES, WEBHOOK_CONCURRENCY } from '../src/queue/queue.constants';
import { NotificationsService } from '../src/webhooks/notifications.service';
import { EVENT_MAX_ATTEMPTS } from '../src/webhooks/retry-policy';
import { verifyWebhookSignature } from '../src/webhooks/channels/webhook/verify-signature';
import { deleteRedisPrefix } from '../test/support/services';
import { BENCH_REDIS, fmt, freshDatabase, percentile } from './support/bench-db';
import { startWorkers, stopWorkers } from './support/workers';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 5000);
const DIGEST_COMPETITORS = 50;
const DIGEST_CHANGES = Number(process.env.BENCH_DIGEST_CHANGES ?? 100_000);
const DIGEST_RUNS = 25;
const SECRET = 'whsec_bench_0123456789abcdef';

/** A receiver that answers 200 at once, counts, and checks a sample of signatures. */
class Receiver {
  url = '';
  received = 0;
  badSignatures = 0;
  private server: Server | null = null;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received++;
        if (this.received % 50 === 0) {
          const ok = verifyWebhookSignature({
            secret: SECRET,
            timestamp: String(req.headers['x-service-timestamp']),
            signature: String(req.headers['x-service-signature']),
            rawBody: Buffer.concat(chunks),
          });
          if (!ok) this.badSignatures++;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

interface Seeded {
  accountId: number;
  workspaceId: number;
  competitorIds: number[];
  monitorIds: number[];
}

async function seedWorkspace(db: DataSource, name: string, competitors: number): Promise<Seeded> {
  const [account] = await db.query(`INSERT INTO accounts (name, plan_id) VALUES ($1, 'pro') RETURNING id`, [name]);
  const [ws] = await db.query(`INSERT INTO workspaces (account_id, name, slug) VALUES ($1, $2, $2) RETURNING id`, [account.id, name]);
  const comps: { id: number }[] = await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, logo_url, discovery_status)
     SELECT $1, $2, 'Rival ' || i, 'https://rival' || i || '.example/', 'rival' || i || '.example', 'rival' || i || '.example',
            'rival-' || i, CASE WHEN i % 3 = 0 THEN NULL ELSE 'https://rival' || i || '.example/logo.png' END, 'completed'
       FROM generate_series(1, $3) AS i ORDER BY i RETURNING id`,
    [account.id, ws.id, competitors],
  );
  // Two monitors per competitor; one in seven last failed.
  const monitors: { id: number }[] = await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, next_check_at)
     SELECT $1, $2, c, t || ' ' || c, 'https://rival' || c || '.example/' || t, t, now() + interval '1 day'
       FROM unnest($3::int[]) AS c, unnest(ARRAY['pricing', 'blog']) AS t RETURNING id`,
    [account.id, ws.id, comps.map((c) => c.id)],
  );
  await db.query(
    `WITH r AS (
       INSERT INTO runs (monitor_id, kind, status, error_code, started_at, finished_at)
       SELECT id, 'scheduled', CASE WHEN id % 7 = 0 THEN 'failed' ELSE 'no_change' END,
              CASE WHEN id % 7 = 0 THEN 'http_500' END, now(), now()
         FROM unnest($1::int[]) AS id RETURNING id, monitor_id)
     UPDATE monitors m SET last_run_id = r.id FROM r WHERE m.id = r.monitor_id`,
    [monitors.map((m) => m.id)],
  );
  return { accountId: account.id, workspaceId: ws.id, competitorIds: comps.map((c) => c.id), monitorIds: monitors.map((m) => m.id) };
}

/**
 * `count` changes spread over the last `days` days (over the workspace's monitors), in one
 * statement. `bulk` loads without the per-row triggers (a large history loads in seconds rather
 * than minutes) and then brings change_counts and reviewed_at to what the triggers would give.
 */
async function insertChanges(db: DataSource, s: Seeded, count: number, days: number, o: { bulk?: boolean } = {}): Promise<number[]> {
  const fieldDiffs = JSON.stringify([
    { op: 'updated', change_type: 'price_increased', path: 'plans[pro].prices[month].amount', tier: 'alertable', old: 49, new: 59 },
  ]);
  const evidence = JSON.stringify({
    captured_at: new Date().toISOString(),
    previous_captured_at: new Date(Date.now() - 86_400_000).toISOString(),
    diffs: [{ op: 'updated', change_type: 'price_increased', path: 'plans[pro].prices[month].amount', tier: 'alertable' }],
  });
  const runner = db.createQueryRunner();
  await runner.connect();
  if (o.bulk) await runner.query(`SET session_replication_role = replica`);
  const rows: { id: number }[] = await runner.query(
    `INSERT INTO changes (account_id, workspace_id, competitor_id, monitor_id, monitor_type, severity, severity_rank,
                          severity_score, summary, why_it_matters, opportunity_score, review_status, category, direction,
                          delta, field_diffs, evidence, interpreted_by, interpreted_at, source_url, created_at, reviewed_at)
     SELECT $1, $2, m.competitor_id, m.id, m.monitor_type,
            (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + i % 5], i % 5, (i % 5) * 20 + 5,
            'Rival changed its ' || m.monitor_type || ' page (' || i || ')', 'Because it matters (' || i || ').',
            CASE WHEN i % 4 = 0 THEN 0 ELSE (i * 37) % 100 END,
            (ARRAY['unreviewed', 'unreviewed', 'acknowledged', 'dismissed'])[1 + i % 4], 'pricing', 'advanced',
            '{"added": 1, "removed": 0, "modified": 1}'::jsonb, $5::jsonb, $6::jsonb, 'rules-v1', now(), m.url,
            t.created_at, CASE WHEN i % 4 >= 2 THEN LEAST(t.created_at + interval '1 hour', now()) END
       FROM generate_series(1, $3) AS i
       -- A deterministic scatter over the period (the same data on every run).
       CROSS JOIN LATERAL (SELECT now() - ((i * 7919) % 100003)::float8 / 100003 * $4 * interval '1 day' AS created_at) t
       JOIN monitors m ON m.id = ($7::int[])[1 + i % cardinality($7::int[])]
     RETURNING id`,
    [s.accountId, s.workspaceId, count, days, fieldDiffs, evidence, s.monitorIds],
  );
  const ids = rows.map((r) => r.id);
  if (o.bulk) {
    await runner.query(`RESET session_replication_role`);
    await runner.query(
      `INSERT INTO change_counts AS cc (workspace_id, competitor_id, monitor_type, review_status, severity_rank, count)
       SELECT workspace_id, competitor_id, monitor_type, review_status, severity_rank, count(*)::int
         FROM changes WHERE id = ANY($1::int[]) GROUP BY 1, 2, 3, 4, 5
       ON CONFLICT (workspace_id, competitor_id, monitor_type, review_status, severity_rank)
       DO UPDATE SET count = cc.count + EXCLUDED.count`,
      [ids],
    );
  }
  await runner.release();
  return ids;
}

/** Signed webhook notifications for the workspace, written around the API as a seed. */
async function configureWebhook(db: DataSource, workspaceId: number, url: string, minSeverity: string): Promise<void> {
  await db.query(`INSERT INTO notification_settings (workspace_id, signing_secret, realtime_min_severity) VALUES ($1, $2, $3)`, [workspaceId, SECRET, minSeverity]);
  await db.query(`INSERT INTO notification_destinations (workspace_id, channel, destination, address) VALUES ($1, 'webhook', to_jsonb($2::text), $2)`, [workspaceId, url]);
}

async function waitDelivered(db: DataSource, workspaceId: number, expected: number): Promise<void> {
  for (;;) {
    const [row] = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done, count(*) FILTER (WHERE status IN ('failed', 'gone'))::int AS bad
         FROM webhook_deliveries WHERE workspace_id = $1`,
      [workspaceId],
    );
    if (row.bad) throw new Error(`${row.bad} deliveries failed`);
    if (row.done >= expected) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function deliveries(app: INestApplicationContext, db: DataSource, url: string, prefix: string, receiver: Receiver): Promise<void> {
  console.log(`\nWebhook deliveries, one worker process (concurrency ${WEBHOOK_CONCURRENCY}), local receiver answering 200:`);
  const [worker] = await startWorkers(1, {
    DATABASE_URL: url,
    REDIS_URL: BENCH_REDIS,
    REDIS_PREFIX: prefix,
    ALLOW_PRIVATE_NETWORK_TARGETS: 'true',
    SCHEDULER_TICK_SECONDS: '3600',
  });
  const jobs = new Queue(QUEUES.webhooks, { connection: { url: BENCH_REDIS }, prefix, defaultJobOptions: bullMqJobOptions(QUEUES.webhooks) });
  try {
    // 1. Queued deliveries: rows created in bulk, one job each, as a burst of events would leave them.
    const a = await seedWorkspace(db, 'bench-queued', 5);
    await configureWebhook(db, a.workspaceId, receiver.url, 'medium');
    const changeIds = await insertChanges(db, a, DELIVERIES, 1);
    const created: { id: number }[] = await db.query(
      `INSERT INTO webhook_deliveries (workspace_id, event, idempotency_key, url, payload, max_attempts, next_attempt_at)
       SELECT c.workspace_id, 'change.detected', 'change:' || c.id, $2,
              json_build_object('id', c.id, 'workspace_id', c.workspace_id, 'summary', c.summary, 'why_it_matters', c.why_it_matters,
                                'field_diffs', c.field_diffs, 'evidence', c.evidence, 'source_url', c.source_url), $3, now()
         FROM changes c WHERE c.id = ANY($1::int[]) RETURNING id`,
      [changeIds, receiver.url, EVENT_MAX_ATTEMPTS],
    );
    const before = receiver.received;
    const started = performance.now();
    for (let i = 0; i < created.length; i += 1000) {
      await jobs.addBulk(created.slice(i, i + 1000).map((d) => ({ name: QUEUES.webhooks, data: { deliveryId: d.id }, opts: { jobId: jobIds.webhook(d.id, 1) } })));
    }
    await waitDelivered(db, a.workspaceId, created.length);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${'queued deliveries → signed POST → recorded'.padEnd(52)} ${fmt(created.length / seconds).padStart(7)} deliveries/s  (${created.length} in ${fmt(seconds, 2)} s, ${receiver.received - before} received)`,
    );

    // 2. End to end: changeDetected (load change, route, create the row, queue) in this process while the worker sends.
    const b = await seedWorkspace(db, 'bench-e2e', 5);
    await configureWebhook(db, b.workspaceId, receiver.url, 'info');
    const ids = await insertChanges(db, b, DELIVERIES, 1);
    const notifications = app.get(NotificationsService);
    const e2eStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < ids.length) await notifications.changeDetected(ids[next++]);
      }),
    );
    const routedSeconds = (performance.now() - e2eStarted) / 1000;
    await waitDelivered(db, b.workspaceId, ids.length);
    const e2eSeconds = (performance.now() - e2eStarted) / 1000;
    console.log(`  ${'changeDetected → delivery created and queued'.padEnd(52)} ${fmt(ids.length / routedSeconds).padStart(7)} changes/s`);
    console.log(
      `  ${'changeDetected → … → delivered (end to end)'.padEnd(52)} ${fmt(ids.length / e2eSeconds).padStart(7)} deliveries/s  (${ids.length} in ${fmt(e2eSeconds, 2)} s)`,
    );
    console.log(`  signatures checked by the receiver: ${Math.floor(receiver.received / 50)} sampled, ${receiver.badSignatures} bad`);
  } finally {
    await jobs.close();
    await stopWorkers([worker]);
  }
}

async function digest(app: INestApplicationContext, db: DataSource): Promise<void> {
  const s = await seedWorkspace(db, 'bench-digest', DIGEST_COMPETITORS);
  const loadStarted = performance.now();
  const ids = await insertChanges(db, s, DIGEST_CHANGES, 7, { bulk: true });
  // Older history and another busy workspace: the digest must not pay for either.
  await insertChanges(db, s, DIGEST_CHANGES / 2, 60, { bulk: true });
  const other = await seedWorkspace(db, 'bench-other', DIGEST_COMPETITORS);
  await insertChanges(db, other, DIGEST_CHANGES, 7, { bulk: true });
  await db.query(`VACUUM ANALYZE changes`);
  console.log(
    `\nDigest build, ${DIGEST_COMPETITORS} competitors, ${DIGEST_CHANGES.toLocaleString('en')} changes in the last 7 days ` +
      `(+${(DIGEST_CHANGES / 2).toLocaleString('en')} older, +${DIGEST_CHANGES.toLocaleString('en')} in another workspace; loaded in ${fmt((performance.now() - loadStarted) / 1000, 1)} s):`,
  );
  const builder = app.get(DigestBuilder);
  const measure = async (label: string, build: () => Promise<unknown>) => {
    await build(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < DIGEST_RUNS; i++) {
      const started = performance.now();
      await build();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(52)} median ${fmt(percentile(times, 50)).padStart(6)} ms   p95 ${fmt(percentile(times, 95)).padStart(6)} ms   (${DIGEST_RUNS} builds)`);
  };
  for (const period of ['7d', '30d', '1d'] as DigestPeriod[]) {
    await measure(`GET digest, period ${period}`, () => builder.build(apiDigestPlan(s.workspaceId, period, new Date())));
  }
  const buffered = ids.slice(0, 5000);
  await measure(`digest.ready from ${buffered.length.toLocaleString('en')} buffered changes`, () => {
    const now = new Date();
    return builder.build(
      notificationDigestPlan({ workspaceId: s.workspaceId, period: '7d', windowStart: new Date(now.getTime() - 7 * 86_400_000), windowEnd: now, changeIds: buffered, now }),
    );
  });
}

async function main(): Promise<void> {
  const { url, db } = await freshDatabase('rw_bench_webhooks');
  const prefix = `rwbench:webhooks:${Date.now()}`;
  const receiver = new Receiver();
  await receiver.start();
  const app = await NestFactory.createApplicationContext(
    CliModule.forRoot(loadConfig({ DATABASE_URL: url, REDIS_URL: BENCH_REDIS, REDIS_PREFIX: prefix, ALLOW_PRIVATE_NETWORK_TARGETS: 'true', LOG_LEVEL: 'error' })),
    { logger: ['error'] },
  );
  try {
    await deliveries(app, db, url, prefix, receiver);
    await digest(app, db);
  } finally {
    await app.close();
    await db.destroy();
    await receiver.stop();
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
