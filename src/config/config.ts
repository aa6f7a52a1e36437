/** The only reader of process.env: validated once at boot, typed and frozen. */
import { availableParallelism } from 'node:os';

export const ROLES = ['all', 'api', 'worker', 'scheduler'] as const;
export type Role = (typeof ROLES)[number];

export interface AppConfig {
  port: number;
  /** PORT was given: background roles then serve /health and /metrics on it. */
  portSet: boolean;
  role: Role;
  databaseUrl: string | null;
  databasePoolSize: number;
  redisUrl: string | null;
  /** Prefix for Redis keys and BullMQ queues, so test files and tenants do not collide. */
  redisPrefix: string;
  publicBaseUrl: string;
  /** Where the web application lives: PUBLIC_BASE_URL without its `/v1`; links in mail and chat point here. */
  appBaseUrl: string;
  /**
   * Proxies in front of the process whose `X-Forwarded-For` is believed (express `trust proxy`):
   * the client address (sign-in and sign-up limits) is the one that many hops back. 0 believes none.
   */
  trustProxy: number;
  /** SMTP server of the email channel; without it mail goes to the outbox table. */
  smtpUrl: string | null;
  mailFrom: string;
  allowPrivateNetworkTargets: boolean;
  /** Host names exempt from the private-address check (exact match); for fixture sites in tests. */
  allowPrivateHosts: string[];
  checkMinIntervalSeconds: number;
  schedulerTickSeconds: number;
  /** How often the scheduler looks for unfinished runs with no live job (the run sweep). */
  runSweepSeconds: number;
  /** A run unfinished for this long with no live job is queued again. */
  runSweepAgeSeconds: number;
  chromiumPath: string | null;
  anthropicApiKey: string | null;
  anthropicBaseUrl: string | null;
  anthropicModel: string;
  webhookRetryBaseSeconds: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  dataDir: string;
  /**
   * This process is a client of the embedded database (the CLI): when a server runs on dataDir
   * it goes through that server's socket. Set by the CLI, not by the environment.
   */
  embeddedClient: boolean;
  /**
   * Checks in flight per worker process (a job may carry several). High, because a check mostly waits on the network
   * (and on its host's politeness limit): CPU work is bounded by EXTRACT_THREADS, not by this.
   */
  workerConcurrency: number;
  /** Requests in flight to one host (politeness). */
  fetchPerHostConcurrency: number;
  /** Chromium pages rendering at once per worker. */
  browserPages: number;
  /**
   * Worker threads for page extraction per process; 0 extracts on the event loop. As many as the
   * cores, at most 2: an extraction thread only runs when a page changed, and when changed pages
   * pile up (the end of a round of checks) the event loop is idle, so a core kept for it is lost.
   */
  extractThreads: number;
  /** Deadline for one page fetch, all redirects included. */
  fetchTotalTimeoutMs: number;
  /** Largest page body accepted. */
  fetchMaxBytes: number;
  /** Time in-flight jobs and requests get to finish after SIGTERM/SIGINT. */
  shutdownGraceSeconds: number;
  /** Bearer token `/metrics` asks for; open when unset. */
  metricsToken: string | null;
  /** `open`: anyone may create an account (plan trial) at /app/sign-up. */
  signup: 'open' | 'closed';
  /** Signs session cookies; generated once and kept in the database when unset. */
  sessionSecret: string | null;
  /** Runs older than this many days are deleted (each monitor's last run and runs a change points to stay); 0 keeps all. */
  retentionRunsDays: number;
  /** Snapshots older than this many days that no change and no monitor needs are deleted; 0 keeps all. */
  retentionSnapshotsDays: number;
  /** Screenshots and change crops older than this many days are deleted (each monitor's newest screenshot stays); 0 keeps all. */
  retentionEvidenceDays: number;
  /** Rows one retention statement deletes at most: short transactions, short locks. */
  retentionBatchSize: number;
  /** How often the scheduler runs a retention pass. */
  retentionIntervalMinutes: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function boolVar(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function urlVar(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  return raw;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const port = intVar(env, 'PORT', 3000);
  const publicBaseUrl = (urlVar(env, 'PUBLIC_BASE_URL') ?? `http://localhost:${port}/v1`).replace(/\/+$/, '');
  return Object.freeze({
    port,
    portSet: env.PORT !== undefined && env.PORT !== '',
    role: oneOf(env, 'ROLE', ROLES, 'all'),
    databaseUrl: urlVar(env, 'DATABASE_URL'),
    databasePoolSize: intVar(env, 'DATABASE_POOL_SIZE', 20, 1),
    redisUrl: urlVar(env, 'REDIS_URL'),
    redisPrefix: env.REDIS_PREFIX || 'rw',
    publicBaseUrl,
    appBaseUrl: publicBaseUrl.replace(/\/v1$/, ''),
    trustProxy: intVar(env, 'TRUST_PROXY', 0),
    smtpUrl: urlVar(env, 'SMTP_URL'),
    mailFrom: env.MAIL_FROM || 'Rivalwatch <notifications@rivalwatch.localhost>',
    allowPrivateNetworkTargets: boolVar(env, 'ALLOW_PRIVATE_NETWORK_TARGETS'),
    allowPrivateHosts: (env.ALLOW_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    checkMinIntervalSeconds: intVar(env, 'CHECK_MIN_INTERVAL_SECONDS', 300),
    schedulerTickSeconds: intVar(env, 'SCHEDULER_TICK_SECONDS', 15, 1),
    runSweepSeconds: intVar(env, 'RUN_SWEEP_SECONDS', 30, 1),
    runSweepAgeSeconds: intVar(env, 'RUN_SWEEP_AGE_SECONDS', 60, 1),
    chromiumPath: env.CHROMIUM_PATH || null,
    anthropicApiKey: env.ANTHROPIC_API_KEY || null,
    anthropicBaseUrl: urlVar(env, 'ANTHROPIC_BASE_URL'),
    anthropicModel: env.ANTHROPIC_MODEL || 'claude-sonnet-4-5',
    webhookRetryBaseSeconds: intVar(env, 'WEBHOOK_RETRY_BASE_SECONDS', 30),
    logLevel: oneOf(env, 'LOG_LEVEL', ['error', 'warn', 'log', 'debug'] as const, 'log'),
    dataDir: env.DATA_DIR || '.data',
    embeddedClient: false,
    workerConcurrency: intVar(env, 'WORKER_CONCURRENCY', 256, 1),
    fetchPerHostConcurrency: intVar(env, 'FETCH_PER_HOST_CONCURRENCY', 4, 1),
    browserPages: intVar(env, 'BROWSER_PAGES', 4, 1),
    extractThreads: intVar(env, 'EXTRACT_THREADS', Math.min(2, availableParallelism()), 0),
    fetchTotalTimeoutMs: intVar(env, 'FETCH_TOTAL_TIMEOUT_MS', 20_000, 100),
    fetchMaxBytes: intVar(env, 'FETCH_MAX_BYTES', 5 * 1024 * 1024, 1024),
    shutdownGraceSeconds: intVar(env, 'SHUTDOWN_GRACE_SECONDS', 25, 0),
    metricsToken: env.METRICS_TOKEN || null,
    signup: oneOf(env, 'SIGNUP', ['open', 'closed'] as const, 'open'),
    sessionSecret: env.SESSION_SECRET || null,
    retentionRunsDays: intVar(env, 'RETENTION_RUNS_DAYS', 90),
    retentionSnapshotsDays: intVar(env, 'RETENTION_SNAPSHOTS_DAYS', 7),
    retentionEvidenceDays: intVar(env, 'RETENTION_EVIDENCE_DAYS', 180),
    retentionBatchSize: intVar(env, 'RETENTION_BATCH_SIZE', 1000, 1),
    retentionIntervalMinutes: intVar(env, 'RETENTION_INTERVAL_MINUTES', 60, 1),
  });
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function runsApi(config: AppConfig): boolean {
  return config.role === 'all' || config.role === 'api';
}
export function runsWorker(config: AppConfig): boolean {
  return config.role === 'all' || config.role === 'worker';
}
export function runsScheduler(config: AppConfig): boolean {
  return config.role === 'all' || config.role === 'scheduler';
}
