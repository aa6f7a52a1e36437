/**
 * Decision 0003 (docs/decisions/0003-prepared-query.md): `PreparedQuery` against building the
 * same QueryBuilder query on every call, for the two reads GET /v1/account makes on every request
 * (the account by id, this month's check usage). Real Postgres, a throwaway database (migrated,
 * dropped at the end). Each round runs BENCH_CALLS pairs of reads, BENCH_IN_FLIGHT at a time, and
 * meters this process's CPU (the builder, the driver, the answer's parsing); the variants
 * alternate. The builder's own cost (SQL built, nothing sent) is measured the same way.
 *
 * Knobs: BENCH_ROUNDS (8), BENCH_CALLS (2000), BENCH_IN_FLIGHT (4).
 */
import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { AccountEntity } from '../../src/accounts/account.entity';
import { CheckUsageEntity } from '../../src/billing/check-usage.entity';
import { PreparedQuery } from '../../src/database/prepared-query';
import { dropDatabase, freshDatabase } from '../support/bench-db';
import { seedFeedAccount } from '../support/feed-seed';
import { cpuMicros, interleave, log, median, type Figures } from './support/interleave';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const DATABASE = 'rw_bench_decisions_prepared';

type Read = (accountId: number, start: string) => Promise<unknown>;

/** The builders of AccountsRepository.byId and QuotaService.usage, as those files write them. */
function builders(db: DataSource) {
  return {
    account: () =>
      ['id', 'name', 'plan_id', 'created_at']
        .reduce((query, column) => query.addSelect(`a.${column}`, column), db.getRepository(AccountEntity).createQueryBuilder('a').select([]))
        .where('a.id = :id'),
    usage: () =>
      db
        .getRepository(CheckUsageEntity)
        .createQueryBuilder('u')
        .select('u.checks_used', 'checks_used')
        .where('u.account_id = :accountId AND u.period_start = :start'),
  };
}

/** `calls` runs of `work`, `inFlight` at a time; CPU µs per call and calls per second. */
async function meter(calls: number, inFlight: number, work: () => Promise<unknown>): Promise<Figures> {
  let next = 0;
  const { micros, seconds } = await cpuMicros(() =>
    Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next++ < calls) await work();
      }),
    ),
  );
  return { 'CPU µs/call': micros / calls, 'calls/s': calls / seconds };
}

async function main(): Promise<void> {
  log(`bench:decisions prepared-query — ${ROUNDS} rounds of ${CALLS} calls per variant, ${IN_FLIGHT} in flight`);
  const { db } = await freshDatabase(DATABASE);
  try {
    const { accountId } = await seedFeedAccount(db, 1);
    const start = new Date().toISOString().slice(0, 8) + '01';
    await db.query(`INSERT INTO check_usage (account_id, period_start, checks_used) VALUES ($1, $2, 17)`, [accountId, start]);
    const build = builders(db);
    const prepared = {
      account: new PreparedQuery<{ id: number }>(['id'], build.account),
      usage: new PreparedQuery<{ accountId: number; start: string }>(['accountId', 'start'], build.usage),
    };
    const preparedRead: Read = (id, s) => Promise.all([prepared.account.first({ id }), prepared.usage.first({ accountId: id, start: s })]);
    const builtRead: Read = (id, s) =>
      Promise.all([build.account().setParameters({ id }).getRawMany(), build.usage().setParameters({ accountId: id, start: s }).getRawMany()]);

    // Both answer the same rows before anything is timed.
    const fromPrepared = JSON.stringify(await preparedRead(accountId, start));
    const fromBuilt = JSON.stringify(((await builtRead(accountId, start)) as unknown[][]).map((rows) => rows[0]));
    if (fromPrepared !== fromBuilt) throw new Error(`the two reads differ: ${fromPrepared} vs ${fromBuilt}`);
    for (let i = 0; i < 500; i++) await Promise.all([preparedRead(accountId, start), builtRead(accountId, start)]);

    await interleave(
      'the two reads of GET /v1/account (one call = both reads)',
      [
        { name: 'PreparedQuery', measure: () => meter(CALLS, IN_FLIGHT, () => preparedRead(accountId, start)) },
        { name: 'built per call', measure: () => meter(CALLS, IN_FLIGHT, () => builtRead(accountId, start)) },
      ],
      ROUNDS,
    );
    const buildOnly: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures = await meter(CALLS * 5, 1, async () => {
        build.account().setParameters({ id: accountId }).getQueryAndParameters();
        build.usage().setParameters({ accountId, start }).getQueryAndParameters();
      });
      buildOnly.push(figures['CPU µs/call']);
    }
    log(`\nbuilding both queries' SQL only (nothing sent), what PreparedQuery does once: median ${median(buildOnly).toFixed(1)} µs CPU per call`);
  } finally {
    await db.destroy();
    await dropDatabase(DATABASE);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
