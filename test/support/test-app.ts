import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AccountsService } from '../../src/accounts/accounts.service';
import { createHttpApp } from '../../src/bootstrap';
import { AppConfig, loadConfig } from '../../src/config/config';
import { LIVE_JOB_STATES } from '../../src/queue/job-queue';
import { JobHandler, QueueDriver } from '../../src/queue/queue-driver';
import type { PayloadByQueue, QueueName } from '../../src/queue/queue.constants';
import { databaseUrl, deleteRedisPrefix, templateDatabase, testMode, withAdmin } from './services';
import { waitFor } from './wait';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  db: DataSource;
  /** Consumes a queue in this test the way a worker's processor does (for apps whose role runs no worker). */
  consume<Q extends QueueName>(queue: Q, handler: JobHandler<PayloadByQueue[Q]>, concurrency: number): void;
  /**
   * Waits until the queue holds no job that waits, is delayed or runs: whatever it was going to
   * do (a delivery, a retry) has been done, so a test can assert that nothing more happened.
   */
  settled(queue: QueueName, timeoutMs?: number): Promise<void>;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  close(): Promise<void>;
}

async function cloneTemplate(name: string): Promise<string> {
  await withAdmin(process.env.RW_TEST_PG_URL!, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`));
  return databaseUrl(process.env.RW_TEST_PG_URL!, name);
}

async function dropDatabase(name: string): Promise<void> {
  await withAdmin(process.env.RW_TEST_PG_URL!, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Environment for a test app or worker on its own database and Redis prefix. */
export async function testEnvironment(env: Record<string, string> = {}): Promise<{
  env: Record<string, string>;
  dispose(): Promise<void>;
}> {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (testMode() === 'embedded') {
    const dir = mkdtempSync(join(tmpdir(), 'rw-test-'));
    return {
      env: { DATA_DIR: dir, ...env },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `rw_t_${id}`;
  const url = await cloneTemplate(name);
  return {
    env: { DATABASE_URL: url, REDIS_URL: process.env.RW_TEST_REDIS_URL!, REDIS_PREFIX: `rwt:${id}`, ...env },
    dispose: async () => {
      await dropDatabase(name);
      await deleteRedisPrefix(process.env.RW_TEST_REDIS_URL!, `rwt:${id}`);
    },
  };
}

/** Boots the whole app (API, worker, scheduler unless ROLE says otherwise) on its own database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const environment = await testEnvironment({
    ALLOW_PRIVATE_NETWORK_TARGETS: 'true',
    LOG_LEVEL: 'error',
    SCHEDULER_TICK_SECONDS: '3600',
    // A test app parses a handful of small pages: inline (the pool's size 0), with the same page
    // limits. Under ts-node a thread compiles the extraction modules as it starts, about 5 s of CPU
    // the whole suite shares; the threads are tested where they matter (extraction-pool.spec,
    // hostile-pages, and every spec that starts the built service as a child process).
    EXTRACT_THREADS: '0',
    ...env,
  });
  const config = loadConfig({ ...environment.env, PORT: '0' });
  const app = await createHttpApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const queues = app.get(QueueDriver);
  return {
    app,
    config,
    db: app.get(DataSource),
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    consume(queue, handler, concurrency) {
      queues.consume(queue, handler, concurrency);
    },
    async settled(queue, timeoutMs = 20_000) {
      const jobs = queues.queue(queue);
      await waitFor(
        async () => Object.values(await jobs.getJobCounts(...LIVE_JOB_STATES)).every((n) => n === 0),
        `the ${queue} queue to settle`,
        timeoutMs,
      );
    },
    async close() {
      await app.close();
      await environment.dispose();
    },
  };
}

export interface Session {
  accountId: number;
  apiKey: string;
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  patch(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  delete(path: string): request.Test;
}

/** An account on the given plan with a key, and an agent that sends it. */
export async function createSession(t: TestApp, plan = 'pro', name = 'Test account'): Promise<Session> {
  const { account, apiKey } = await t.app.get(AccountsService).createAccount(name, plan);
  const server = t.app.getHttpServer();
  const auth = (r: request.Test) => r.set('Authorization', `Bearer ${apiKey}`);
  return {
    accountId: account.id,
    apiKey,
    get: (path) => auth(request(server).get(`/v1${path}`)),
    post: (path, body) => auth(request(server).post(`/v1${path}`)).send(body as object),
    patch: (path, body) => auth(request(server).patch(`/v1${path}`)).send(body as object),
    put: (path, body) => auth(request(server).put(`/v1${path}`)).send(body as object),
    delete: (path) => auth(request(server).delete(`/v1${path}`)),
  };
}
