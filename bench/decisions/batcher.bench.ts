/**
 * Decision 0004 (docs/decisions/0004-batched-writes.md): `Batcher` against one statement per
 * write, for the write it batches on the notification path: ending a change's routing
 * (`ChangeEventsRepository.markNotified`, the outbox flag). BENCH_IN_FLIGHT callers (a webhook
 * worker's concurrency) mark BENCH_ROWS changes per round, either through the repository (the
 * calls of one event-loop turn share one UPDATE) or each with its own single-row UPDATE, on a
 * pool of BENCH_POOL connections; the flags are set again and the table vacuumed between
 * rounds, outside the timing. Real Postgres, a throwaway database (migrated, dropped at the end).
 *
 * Knobs: BENCH_ROUNDS (6), BENCH_ROWS (5000), BENCH_IN_FLIGHT (100), BENCH_POOL (20, DATABASE_POOL_SIZE's default).
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ChangeEntity } from '../../src/changes/change.entity';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { WEBHOOK_CONCURRENCY } from '../../src/queue/queue.constants';
import { ChangeEventsRepository } from '../../src/webhooks/change-events.repository';
import { dropDatabase, freshDatabase } from '../support/bench-db';
import { insertChanges, seedFeedAccount } from '../support/feed-seed';
import { cpuMicros, interleave, log, type Figures } from './support/interleave';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? WEBHOOK_CONCURRENCY);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const DATABASE = 'rw_bench_decisions_batcher';

async function markAll(db: DataSource, ids: number[], mark: (id: number) => Promise<unknown>): Promise<Figures> {
  await db.query(`UPDATE changes SET notify_pending = true WHERE id = ANY($1::bigint[])`, [ids]);
  await db.query(`VACUUM ANALYZE changes`);
  let next = 0;
  const { micros, seconds } = await cpuMicros(() =>
    Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < ids.length) await mark(ids[next++]);
      }),
    ),
  );
  const [{ left }] = await db.query(`SELECT count(*)::int AS left FROM changes WHERE id = ANY($1::bigint[]) AND notify_pending`, [ids]);
  if (left !== 0) throw new Error(`${left} changes still pending after the round`);
  return { 'rows/s': ids.length / seconds, 'CPU µs/row (client)': micros / ids.length };
}

async function main(): Promise<void> {
  log(`bench:decisions batcher — ${ROUNDS} rounds of ${ROWS} rows per variant, ${IN_FLIGHT} callers, pool of ${POOL}`);
  const fresh = await freshDatabase(DATABASE);
  await fresh.db.destroy();
  const db = new DataSource(dataSourceOptions({ url: fresh.url, poolSize: POOL }, ENTITIES));
  try {
    await db.initialize();
    const { monitorIds } = await seedFeedAccount(db, 10);
    await insertChanges(db, monitorIds, ROWS, 0);
    const ids: number[] = (await db.query(`SELECT id FROM changes ORDER BY id`)).map((r: { id: string }) => Number(r.id));
    const repository = new ChangeEventsRepository(db.getRepository(ChangeEntity));
    const single = (id: number) => db.query(`UPDATE changes SET notify_pending = false WHERE id = $1 AND notify_pending`, [id]);

    await interleave(
      `marking ${ROWS} changes notified, ${IN_FLIGHT} callers at a time`,
      [
        { name: 'one statement each', measure: () => markAll(db, ids, single) },
        { name: 'Batcher', measure: () => markAll(db, ids, (id) => repository.markNotified(id)) },
      ],
      ROUNDS,
    );
  } finally {
    if (db.isInitialized) await db.destroy();
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
