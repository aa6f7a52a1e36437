/**
 * Decision 0001 (docs/decisions/0001-no-global-interceptor.md): what one global no-op interceptor
 * costs per request. Two measurements, each as alternating A/B rounds of autocannon load:
 *
 * 1. A bare Nest app (express, 127.0.0.1, random port) answering a trivial guarded GET, without
 *    and with `useGlobalInterceptors(noop)`: the interceptor's own cost in CPU µs per request;
 *    then without and with a no-op interceptor on another route only (`@UseInterceptors`), which
 *    Nest applies per route: the GET should not pay for it.
 * 2. The real HTTP app (`createHttpApp`, ROLE=api) on a throwaway database with a seeded change
 *    feed, without and with the same interceptor: what share of an authenticated GET /v1/changes
 *    (first page) and GET /v1/account that cost is.
 *
 * Knobs: BENCH_ROUNDS (8), BENCH_SLICE_SECONDS (3), BENCH_CONNECTIONS (4), BENCH_CHANGES (20000).
 */
import 'reflect-metadata';
import {
  CallHandler,
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  INestApplication,
  Injectable,
  Module,
  NestInterceptor,
  UnauthorizedException,
  UseInterceptors,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { createHttpApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/config';
import { deleteRedisPrefix } from '../../test/support/services';
import { BENCH_REDIS, dropDatabase, freshDatabase } from '../support/bench-db';
import { insertChanges, seedFeedAccount } from '../support/feed-seed';
import { interleave, log, median, type Comparison } from './support/interleave';
import { loadSlice } from './support/load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20_000);
const DATABASE = 'rw_bench_decisions_interceptor';
const REDIS_PREFIX = `rwbench:decisions:${process.pid}`;
const TOKEN = 'bench-token';

@Injectable()
class NoopInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

@Injectable()
class BearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<Request>().headers.authorization !== `Bearer ${TOKEN}`) throw new UnauthorizedException();
    return true;
  }
}

@Controller()
class PingController {
  @Get('ping')
  ping(): { ok: boolean } {
    return { ok: true };
  }
}

@Controller()
@UseInterceptors(NoopInterceptor)
class InterceptedController {
  @Get('intercepted')
  intercepted(): { ok: boolean } {
    return { ok: true };
  }
}

const guard = { provide: APP_GUARD, useClass: BearerGuard };

@Module({ controllers: [PingController], providers: [guard] })
class PingModule {}

@Module({ controllers: [PingController, InterceptedController], providers: [guard] })
class PingBesideInterceptedModule {}

async function listening(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${app.getHttpServer().address().port}`;
}

async function bareApp(interceptor: 'none' | 'global' | 'other route'): Promise<{ app: INestApplication; origin: string }> {
  const app = await NestFactory.create<NestExpressApplication>(interceptor === 'other route' ? PingBesideInterceptedModule : PingModule, { logger: false });
  if (interceptor === 'global') app.useGlobalInterceptors(new NoopInterceptor());
  return { app, origin: await listening(app) };
}

/** The interceptor's cost: the median of the rounds' CPU differences, over the median CPU per request without it. */
function cost(result: Comparison): string {
  const [without, withIt] = [...result.samples.values()].map((runs) => runs.map((r) => r['CPU µs/request']));
  const delta = median(without.map((base, i) => withIt[i] - base));
  return `${delta >= 0 ? '+' : ''}${delta.toFixed(1)} µs CPU per request, ${((delta / median(without)) * 100).toFixed(1)}% of ${median(without).toFixed(0)} µs`;
}

async function main(): Promise<void> {
  log(`bench:decisions interceptor — ${ROUNDS} rounds of ${SLICE_SECONDS} s per variant, ${CONNECTIONS} connections`);
  const apps: INestApplication[] = [];
  const { url, db } = await freshDatabase(DATABASE);
  try {
    const bare = [await bareApp('none'), await bareApp('global'), await bareApp('other route')];
    apps.push(...bare.map((b) => b.app));
    const headers = { authorization: `Bearer ${TOKEN}` };
    const ping = (origin: string) => () => loadSlice({ url: `${origin}/ping`, seconds: SLICE_SECONDS, connections: CONNECTIONS, headers, expectStatus: 200 });
    const bareResult = await interleave(
      'bare Nest app, guarded GET /ping',
      [
        { name: 'no interceptor', measure: ping(bare[0].origin) },
        { name: 'noop interceptor', measure: ping(bare[1].origin) },
      ],
      ROUNDS,
    );
    const besideResult = await interleave(
      'bare Nest app, guarded GET /ping, a no-op interceptor on another route only',
      [
        { name: 'no interceptor', measure: ping(bare[0].origin) },
        { name: 'on another route', measure: ping(bare[2].origin) },
      ],
      ROUNDS,
    );

    const seeded = await seedFeedAccount(db, 10);
    await insertChanges(db, seeded.monitorIds, CHANGES, 0);
    await db.query(`VACUUM ANALYZE changes`);
    const config = loadConfig({ DATABASE_URL: url, REDIS_URL: BENCH_REDIS, REDIS_PREFIX, ROLE: 'api', LOG_LEVEL: 'error', PORT: '0' });
    const real: string[] = [];
    for (const withInterceptor of [false, true]) {
      const app = await createHttpApp(config);
      if (withInterceptor) app.useGlobalInterceptors(new NoopInterceptor());
      apps.push(app);
      real.push(`${await listening(app)}/v1`);
    }
    const auth = { authorization: `Bearer ${seeded.apiKey}` };
    const feeds: Record<string, Comparison> = {};
    for (const [label, path] of [
      ['GET /v1/changes (first page)', `/changes?workspace_id=${seeded.workspaceId}`],
      ['GET /v1/account', '/account'],
    ]) {
      for (const base of real) {
        const res = await fetch(`${base}${path}`, { headers: auth });
        if (res.status !== 200) throw new Error(`${base}${path} answered ${res.status}: ${await res.text()}`);
      }
      feeds[label] = await interleave(
        `the application, ${label}, ${CHANGES.toLocaleString()} changes`,
        [
          { name: 'no interceptor', measure: () => loadSlice({ url: `${real[0]}${path}`, seconds: SLICE_SECONDS, connections: CONNECTIONS, headers: auth, expectStatus: 200 }) },
          { name: 'noop interceptor', measure: () => loadSlice({ url: `${real[1]}${path}`, seconds: SLICE_SECONDS, connections: CONNECTIONS, headers: auth, expectStatus: 200 }) },
        ],
        ROUNDS,
      );
    }

    log('\nsummary (medians of the per-round differences)');
    log(`  interceptor on a bare guarded GET: ${cost(bareResult)}`);
    log(`  interceptor on another route, the same GET: ${cost(besideResult)}`);
    for (const [label, result] of Object.entries(feeds)) log(`  interceptor on ${label}: ${cost(result)}`);
  } finally {
    for (const app of apps) await app.close();
    await db.destroy();
    await dropDatabase(DATABASE);
    await deleteRedisPrefix(BENCH_REDIS, REDIS_PREFIX);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
