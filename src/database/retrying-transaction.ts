import { DataSource } from 'typeorm';
import { transientConflict } from '../common/pg-errors';
import { transaction } from './transaction-context';

/** A transaction that lost a deadlock or serialization race runs again this many times in all. */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * Runs `work` in a new transaction, the current one of its async context (`transaction-context`),
 * again from the start when Postgres aborted it for a deadlock (40P01) or a serialization failure
 * (40001), after a short random pause so the contenders do not meet again. Such a failure never
 * reaches a client unless every attempt lost.
 *
 * Lock order for transactions that touch an account's rows: the `accounts` row first
 * (`ScopedLookup.lockAccount`), then monitors (in id order), then `check_usage`, then `runs`.
 */
export async function retryingTransaction<T>(db: DataSource, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(db, work);
    } catch (err) {
      if (!transientConflict(err) || attempt >= TRANSACTION_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
