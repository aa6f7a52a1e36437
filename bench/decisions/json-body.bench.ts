/**
 * Decision 0002 (docs/decisions/0002-json-body-guard.md): Express's json() body parser as
 * middleware (Nest's `useBodyParser('json', { limit: '1mb' })`) against `JsonBodyGuard`, which
 * runs the same parser after the API-key guard. Two bare Nest apps (express, 127.0.0.1, random
 * ports, the API's error filter, a bearer-token guard standing in for the API-key guard) take
 * POST /v1/items with a 1 KB and a 1 MB JSON body, and a 1 MB body with a wrong key, in
 * alternating rounds of autocannon load; then one request of each error case shows what each
 * answers.
 *
 * Knobs: BENCH_ROUNDS (6), BENCH_SLICE_SECONDS (3), BENCH_CONNECTIONS (4).
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Body, CanActivate, Controller, ExecutionContext, INestApplication, Injectable, Module, Post, UnauthorizedException } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { ErrorEnvelopeFilter } from '../../src/common/error.filter';
import { JsonBodyGuard } from '../../src/common/json-body.guard';
import { API_PREFIX } from '../../src/common/rest-api';
import { interleave, log } from './support/interleave';
import { loadSlice } from './support/load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const TOKEN = 'bench-token';

@Injectable()
class BearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<Request>().headers.authorization !== `Bearer ${TOKEN}`) throw new UnauthorizedException();
    return true;
  }
}

@Controller('items')
class ItemsController {
  @Post()
  create(@Body() body: Record<string, unknown>): { fields: number } {
    return { fields: Object.keys(body).length };
  }
}

const filter = { provide: APP_FILTER, useClass: ErrorEnvelopeFilter };
const bearer = { provide: APP_GUARD, useClass: BearerGuard };

@Module({ controllers: [ItemsController], providers: [filter, bearer] })
class MiddlewareModule {}

@Module({ controllers: [ItemsController], providers: [filter, bearer, { provide: APP_GUARD, useClass: JsonBodyGuard }] })
class GuardModule {}

async function start(parser: 'middleware' | 'guard'): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create<NestExpressApplication>(parser === 'guard' ? GuardModule : MiddlewareModule, { bodyParser: false, logger: false });
  if (parser === 'middleware') app.useBodyParser('json', { limit: '1mb' });
  app.setGlobalPrefix(API_PREFIX);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}/${API_PREFIX}/items` };
}

/** A JSON object of about `bytes` bytes, shaped like a request body (short fields, a list of entries). */
function body(bytes: number): string {
  const entry = { name: 'Pro plan', url: 'https://competitor.example/pricing', price: 49, currency: 'USD', note: 'billed monthly' };
  const entries: (typeof entry)[] = [];
  const shell = { name: 'Acme', homepage_url: 'https://acme.example/', entries };
  while (JSON.stringify(shell).length + JSON.stringify(entry).length + 1 <= bytes) entries.push(entry);
  return JSON.stringify(shell);
}

async function answer(url: string, authorization: string, payload: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: payload });
  const text = await res.text();
  return `${res.status} ${res.headers.get('content-type')?.split(';')[0]} ${text.length > 90 ? `${text.slice(0, 90)}…` : text}`;
}

async function main(): Promise<void> {
  log(`bench:decisions json-body — ${ROUNDS} rounds of ${SLICE_SECONDS} s per variant, ${CONNECTIONS} connections`);
  const apps = { middleware: await start('middleware'), guard: await start('guard') };
  try {
    const good = `Bearer ${TOKEN}`;
    const small = body(1024);
    const large = body(1_000_000);
    log(`bodies: ${small.length} and ${large.length} bytes`);
    const scenarios: [string, string, string, number][] = [
      ['1 KB body', good, small, 201],
      ['1 MB body', good, large, 201],
      ['1 MB body, wrong key', 'Bearer wrong', large, 401],
    ];
    for (const [label, authorization, payload, status] of scenarios) {
      const slice = (url: string) => () =>
        loadSlice({
          url,
          seconds: SLICE_SECONDS,
          connections: CONNECTIONS,
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: payload,
          expectStatus: status,
        });
      await interleave(
        `POST /v1/items, ${label}`,
        [
          { name: 'json() middleware', measure: slice(apps.middleware.url) },
          { name: 'JsonBodyGuard', measure: slice(apps.guard.url) },
        ],
        ROUNDS,
      );
    }

    log('\nwhat each answers (status, content type, body)');
    const cases: [string, string, string][] = [
      ['malformed JSON', good, '{"name": "Acme",'],
      ['body over 1 MB', good, body(1_100_000)],
      ['malformed JSON, wrong key', 'Bearer wrong', '{"name": "Acme",'],
      ['body over 1 MB, wrong key', 'Bearer wrong', body(1_100_000)],
    ];
    for (const [label, authorization, payload] of cases) {
      log(`  ${label}`);
      for (const [name, { url }] of Object.entries(apps)) log(`    ${name.padEnd(10)} ${await answer(url, authorization, payload)}`);
    }
  } finally {
    await apps.middleware.app.close();
    await apps.guard.app.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
