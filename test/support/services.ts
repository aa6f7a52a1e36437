import net from 'node:net';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** True when something accepts TCP connections at the URL's host and port. */
export function reachable(url: string, defaultPort: number, timeoutMs = 1500): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function databaseUrl(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Set by the global setup: `server` (real Postgres and Redis) or `embedded` (PGlite, in-process jobs). */
export type TestMode = 'server' | 'embedded';

/**
 * The migrated database each test file clones, one per run: `rw_t_<pid>_template`, named like the
 * files' databases so that the clean-up of killed runs drops it too and concurrent runs never share it.
 */
export function templateDatabase(pid = process.pid): string {
  return process.env.RW_TEST_TEMPLATE ?? `rw_t_${pid}_template`;
}

export function testMode(): TestMode {
  return process.env.RW_TEST_MODE === 'embedded' ? 'embedded' : 'server';
}

/** Runs `work` on a connection to the test server's maintenance database (creating and dropping databases). */
export async function withAdmin<T>(url: string, work: (admin: DataSource) => Promise<T>): Promise<T> {
  const admin = new DataSource({ type: 'postgres', url });
  await admin.initialize();
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

/** Deletes every Redis key under `prefix:` (queues, rate-limit counters) once a test or benchmark is done with it. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
