import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createHttpApp } from '../../src/bootstrap';
import { domainOf, normalizeHomepageUrl } from '../../src/common/homepage-url';
import { SEVERITIES, type Severity } from '../../src/common/severity';
import type { TestApp } from './test-app';

/**
 * Records inserted directly with SQL, for tests that need existing competitors, monitors, runs,
 * snapshots or changes without running discovery or the capture pipeline. Defaults are
 * realistic; every column a test asserts on can be set.
 */

export interface WorkspaceRecord {
  id: number;
  account_id: number;
  name: string;
  slug: string;
  created_at: Date;
}

export interface CompetitorRecord {
  id: number;
  account_id: number;
  workspace_id: number;
  name: string;
  homepage_url: string;
  domain: string;
  slug: string;
  logo_url: string | null;
  discovery_status: string;
}

export interface MonitorRecord {
  id: number;
  account_id: number;
  workspace_id: number;
  competitor_id: number;
  name: string;
  url: string;
  monitor_type: string;
  cadence: string;
  status: string;
}

export interface SnapshotRecord {
  id: number;
  monitor_id: number;
  captured_at: Date;
  content_hash: string;
  markdown: string;
  fields: unknown;
}

export interface ChangeRecord {
  id: number;
  workspace_id: number;
  competitor_id: number;
  monitor_id: number;
  monitor_type: string;
  severity: Severity;
  review_status: string;
  created_at: Date;
}

let sequence = 0;
const next = () => ++sequence;

export async function insertWorkspace(db: DataSource, o: { accountId: number; name?: string }): Promise<WorkspaceRecord> {
  const n = next();
  const name = o.name ?? `Workspace ${n}`;
  const [row] = await db.query(`INSERT INTO workspaces (account_id, name, slug) VALUES ($1, $2, $3) RETURNING *`, [
    o.accountId,
    name,
    `ws-${n}-${Math.random().toString(36).slice(2, 8)}`,
  ]);
  return row;
}

export async function insertCompetitor(
  db: DataSource,
  o: {
    workspace: Pick<WorkspaceRecord, 'id' | 'account_id'>;
    name?: string;
    homepageUrl?: string;
    logoUrl?: string | null;
    discoveryStatus?: 'pending' | 'running' | 'completed' | 'failed';
    surfaces?: { monitor_type: string; url: string; outcome: string }[];
    discoveryError?: string | null;
  },
): Promise<CompetitorRecord> {
  const n = next();
  const domain = `rival${n}.example`;
  const homepage = o.homepageUrl ?? `https://${domain}/`;
  const status = o.discoveryStatus ?? 'completed';
  const finished = status === 'completed' || status === 'failed';
  const [row] = await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, logo_url,
                              discovery_status, discovery_started_at, discovery_finished_at, discovered_at,
                              discovery_error, discovery_surfaces)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             CASE WHEN $9 = 'pending' THEN NULL ELSE now() - interval '1 hour' END,
             CASE WHEN $10 THEN now() - interval '59 minutes' END,
             CASE WHEN $9 = 'completed' THEN now() - interval '59 minutes' END,
             $11, $12)
     RETURNING *`,
    [
      o.workspace.account_id,
      o.workspace.id,
      o.name ?? `Rival ${n}`,
      homepage,
      normalizeHomepageUrl(homepage),
      domainOf(homepage),
      `rival-${n}`,
      o.logoUrl === undefined ? null : o.logoUrl,
      status,
      finished,
      o.discoveryError ?? null,
      JSON.stringify(o.surfaces ?? []),
    ],
  );
  return row;
}

export async function insertMonitor(
  db: DataSource,
  o: {
    competitor: Pick<CompetitorRecord, 'id' | 'account_id' | 'workspace_id'>;
    monitorType?: string;
    status?: 'active' | 'paused';
    cadence?: string;
    url?: string;
    name?: string;
    /** Sets last_run_started_at, e.g. to make an on-demand check throttled. */
    lastRunStartedAt?: Date | null;
  },
): Promise<MonitorRecord> {
  const n = next();
  const type = o.monitorType ?? 'pricing';
  const [row] = await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, status,
                           next_check_at, last_run_started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + interval '1 day', $9) RETURNING *`,
    [
      o.competitor.account_id,
      o.competitor.workspace_id,
      o.competitor.id,
      o.name ?? `Monitor ${n} ${type}`,
      o.url ?? `https://rival-site-${n}.example/${type}`,
      type,
      o.cadence ?? 'daily',
      o.status ?? 'active',
      o.lastRunStartedAt ?? null,
    ],
  );
  return row;
}

export async function insertRun(
  db: DataSource,
  o: { monitorId: number; kind?: string; status?: string; errorCode?: string | null; errorMessage?: string | null },
): Promise<{ id: number }> {
  const status = o.status ?? 'succeeded';
  const [row] = await db.query(
    `INSERT INTO runs (monitor_id, kind, status, error_code, error_message, started_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, now() - interval '2 minutes',
             CASE WHEN $3 IN ('pending', 'running') THEN NULL ELSE now() - interval '1 minute' END)
     RETURNING id`,
    [o.monitorId, o.kind ?? 'scheduled', status, o.errorCode ?? null, o.errorMessage ?? null],
  );
  await db.query(`UPDATE monitors SET last_run_id = $2 WHERE id = $1`, [o.monitorId, row.id]);
  return row;
}

/** A captured page; `asLatest` makes it the monitor's last snapshot (what include=capture shows). */
export async function insertSnapshot(
  db: DataSource,
  o: {
    monitorId: number;
    markdown?: string;
    fields?: unknown;
    contentHash?: string;
    capturedAt?: Date;
    asLatest?: boolean;
  },
): Promise<SnapshotRecord> {
  const n = next();
  const [row] = await db.query(
    `INSERT INTO snapshots (monitor_id, url, captured_at, content_hash, markdown, fields, http_status)
     SELECT $1, m.url, $2, $3, $4, $5, 200 FROM monitors m WHERE m.id = $1 RETURNING *`,
    [
      o.monitorId,
      o.capturedAt ?? new Date(),
      o.contentHash ?? `hash-${n}`,
      o.markdown ?? `# Page ${n}\n\nSome content.`,
      JSON.stringify(o.fields ?? { headline: `Headline ${n}` }),
    ],
  );
  if (o.asLatest ?? true) await db.query(`UPDATE monitors SET last_snapshot_id = $2 WHERE id = $1`, [o.monitorId, row.id]);
  return row;
}

export interface ChangeOptions {
  monitor: Pick<MonitorRecord, 'id' | 'account_id' | 'workspace_id' | 'competitor_id' | 'monitor_type'>;
  severity?: Severity;
  reviewStatus?: 'unreviewed' | 'acknowledged' | 'dismissed';
  createdAt?: Date;
  summary?: string;
  snapshotId?: number | null;
  previousSnapshotId?: number | null;
  rawDiff?: string | null;
  opportunityScore?: number;
}

export async function insertChange(db: DataSource, o: ChangeOptions): Promise<ChangeRecord> {
  const n = next();
  const severity = o.severity ?? 'medium';
  const rank = SEVERITIES.indexOf(severity);
  const fieldDiffs = [
    { op: 'updated', change_type: 'price_increased', path: 'plans[pro].prices[month].amount', tier: 'alertable', old: 49, new: 59 },
    { op: 'modified', change_type: 'feature_added', path: 'plans[pro].features', tier: 'alertable', old: null, new: 'SSO' },
  ];
  const [row] = await db.query(
    `INSERT INTO changes (account_id, workspace_id, competitor_id, monitor_id, snapshot_id, previous_snapshot_id,
                          monitor_type, severity, severity_rank, severity_score, summary, why_it_matters,
                          recommended_action, opportunity_score, review_status, category, direction, delta,
                          field_diffs, clusters, evidence, enrichment, interpreted_by, interpreted_at, source_url,
                          raw_diff, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'pricing', 'advanced',
            '{"added": 1, "removed": 0, "modified": 1}'::jsonb, $16::jsonb,
            '[{"headline": "Pro plan repriced", "meaning": "Moving up-market.", "diff_indexes": [0, 1]}]'::jsonb,
            $17::jsonb, '{"seo_opportunity": {"keywords": ["usage based pricing"]}}'::jsonb, 'rules-v1', $18, m.url, $19, $18
       FROM monitors m WHERE m.id = $4
     RETURNING id, workspace_id, competitor_id, monitor_id, monitor_type, severity, review_status, created_at`,
    [
      o.monitor.account_id,
      o.monitor.workspace_id,
      o.monitor.competitor_id,
      o.monitor.id,
      o.snapshotId ?? null,
      o.previousSnapshotId ?? null,
      o.monitor.monitor_type,
      severity,
      rank,
      rank * 20 + 10,
      o.summary ?? `Change ${n}: ${severity} on ${o.monitor.monitor_type}`,
      `Why change ${n} matters.`,
      rank >= 2 ? `Act on change ${n}.` : null,
      o.opportunityScore ?? rank * 15,
      o.reviewStatus ?? 'unreviewed',
      JSON.stringify(fieldDiffs),
      JSON.stringify({
        captured_at: new Date().toISOString(),
        previous_captured_at: null,
        diffs: fieldDiffs.map(({ op, path, tier, change_type }) => ({ op, path, tier, change_type })),
      }),
      o.createdAt ?? new Date(),
      o.rawDiff === undefined ? '--- before\n+++ after\n@@ -1 +1 @@\n-$49\n+$59\n' : o.rawDiff,
    ],
  );
  return row;
}

/** A workspace with one completed competitor and one monitor per type, all on the account. */
export async function seedWorkspace(
  db: DataSource,
  accountId: number,
  o: { types?: string[]; competitorName?: string; logoUrl?: string | null } = {},
): Promise<{ workspace: WorkspaceRecord; competitor: CompetitorRecord; monitors: MonitorRecord[] }> {
  const workspace = await insertWorkspace(db, { accountId });
  const competitor = await insertCompetitor(db, { workspace, name: o.competitorName, logoUrl: o.logoUrl });
  const monitors: MonitorRecord[] = [];
  for (const type of o.types ?? ['pricing']) monitors.push(await insertMonitor(db, { competitor, monitorType: type }));
  return { workspace, competitor, monitors };
}

function currentPeriod(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** Sets this month's spent checks for the account (the balance is the plan quota minus this). */
export async function setChecksUsed(db: DataSource, accountId: number, used: number): Promise<void> {
  await db.query(
    `INSERT INTO check_usage (account_id, period_start, checks_used) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, period_start) DO UPDATE SET checks_used = EXCLUDED.checks_used`,
    [accountId, currentPeriod(), used],
  );
}

export async function checksUsed(db: DataSource, accountId: number): Promise<number> {
  const rows = await db.query(`SELECT checks_used FROM check_usage WHERE account_id = $1 AND period_start = $2`, [
    accountId,
    currentPeriod(),
  ]);
  return rows[0]?.checks_used ?? 0;
}

export async function count(db: DataSource, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}

/**
 * A second API instance on the same database and Redis prefix as `t` (another replica);
 * closing it leaves the database to `t`.
 */
export async function createReplica(t: TestApp): Promise<{ app: INestApplication; agent: (apiKey: string) => Agent; close(): Promise<void> }> {
  const app = await createHttpApp(t.config);
  await app.listen(0, '127.0.0.1');
  return {
    app,
    agent: (apiKey) => agentFor(app, apiKey),
    close: () => app.close(),
  };
}

export interface Agent {
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
}

export function agentFor(app: INestApplication, apiKey: string): Agent {
  const server = app.getHttpServer();
  const auth = (r: request.Test) => r.set('Authorization', `Bearer ${apiKey}`);
  return {
    get: (path) => auth(request(server).get(`/v1${path}`)),
    post: (path, body) => auth(request(server).post(`/v1${path}`)).send(body as object),
  };
}

/** Seconds left in the current wall-clock minute (the rate-limit window). */
export function secondsLeftInMinute(): number {
  return 60 - (Math.floor(Date.now() / 1000) % 60);
}

/** Waits for a fresh rate-limit window when fewer than `needed` seconds remain in this one. */
export async function ensureWindowHas(neededSeconds: number): Promise<void> {
  const left = secondsLeftInMinute();
  if (left < neededSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The error envelope: exact status, JSON, `{error: {code, message, ...}}`. */
export function expectError(res: request.Response, status: number, code: string): void {
  if (res.status !== status || res.body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (!/^application\/json/.test(String(res.headers['content-type']))) {
    throw new Error(`error response is not JSON: ${res.headers['content-type']}`);
  }
  if (typeof res.body.error.message !== 'string' || !res.body.error.message) {
    throw new Error(`error without a message: ${JSON.stringify(res.body)}`);
  }
}
