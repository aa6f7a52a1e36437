import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';

/** What opens a transaction: a `DataSource`, or a repository's (non-transactional) `EntityManager`. */
export type TransactionOpener = Pick<EntityManager, 'transaction'>;

/** A transaction of this async context; `open` turns false when its work has settled. */
interface CurrentTransaction {
  readonly manager: EntityManager;
  open: boolean;
}

const current = new AsyncLocalStorage<CurrentTransaction>();

/**
 * The manager repositories run their queries on: the open transaction of the calling async
 * context, or `fallback` (the repository's own manager, the connection pool) outside one.
 * A promise left running after its transaction ended reads `fallback` again, as it would have
 * before the transaction.
 */
export function currentManager(fallback: EntityManager): EntityManager {
  const tx = current.getStore();
  return tx?.open ? tx.manager : fallback;
}

/** Whether the calling async context is inside an open transaction (one connection: no overlapping queries). */
export function inTransaction(): boolean {
  return current.getStore()?.open === true;
}

/**
 * Opens a transaction and runs `work` with it as the current transaction: repositories called
 * from `work` run on it. Always a new transaction, also inside an open one (as
 * `DataSource.transaction`); the outer one is current again when this returns.
 */
export function transaction<T>(db: TransactionOpener, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return db.transaction((manager) => {
    const tx: CurrentTransaction = { manager, open: true };
    return current.run(tx, async () => {
      try {
        return await work(manager);
      } finally {
        tx.open = false;
      }
    });
  });
}

/** Runs `work` in the current transaction when there is one, otherwise in a new one. */
export function joinOrOpenTransaction<T>(db: TransactionOpener, work: () => Promise<T>): Promise<T> {
  return inTransaction() ? work() : transaction(db, work);
}
