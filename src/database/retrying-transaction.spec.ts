import type { DataSource, EntityManager } from 'typeorm';
import { retryingTransaction, TRANSACTION_ATTEMPTS } from './retrying-transaction';

/** A data source whose transactions fail with the given errors in turn, then succeed. */
function failingThen(errors: unknown[]): { db: DataSource; calls: () => number } {
  let calls = 0;
  const db = {
    transaction: async <T>(work: (m: EntityManager) => Promise<T>): Promise<T> => {
      const err = errors[calls++];
      if (err) throw err;
      return work({} as EntityManager);
    },
  } as unknown as DataSource;
  return { db, calls: () => calls };
}

const pgError = (code: string) => Object.assign(new Error(code), { driverError: { code } });

describe('retryingTransaction', () => {
  it('runs a transaction again after a deadlock and a serialization failure', async () => {
    const { db, calls } = failingThen([pgError('40P01'), pgError('40001')]);
    await expect(retryingTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} lost races and throws the last one`, async () => {
    const { db, calls } = failingThen(Array.from({ length: TRANSACTION_ATTEMPTS }, () => pgError('40P01')));
    await expect(retryingTransaction(db, async () => 'done')).rejects.toMatchObject({ driverError: { code: '40P01' } });
    expect(calls()).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not repeat a transaction that failed for another reason', async () => {
    const { db, calls } = failingThen([pgError('23505')]);
    await expect(retryingTransaction(db, async () => 'done')).rejects.toMatchObject({ driverError: { code: '23505' } });
    expect(calls()).toBe(1);
  });
});
