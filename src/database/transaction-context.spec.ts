import type { EntityManager } from 'typeorm';
import { currentManager, inTransaction, joinOrOpenTransaction, transaction, type TransactionOpener } from './transaction-context';

const pool = { name: 'pool' } as unknown as EntityManager;

/** Opens "transactions" whose managers are numbered in order; counts them. */
function opener(): TransactionOpener & { opened: EntityManager[] } {
  const opened: EntityManager[] = [];
  return {
    opened,
    transaction: (async <T>(work: (m: EntityManager) => Promise<T>) => {
      const manager = { name: `tx${opened.length + 1}` } as unknown as EntityManager;
      opened.push(manager);
      return work(manager);
    }) as TransactionOpener['transaction'],
  };
}

const nameOf = (m: EntityManager) => (m as unknown as { name: string }).name;

describe('transaction context', () => {
  it('gives repositories their fallback outside a transaction', () => {
    expect(currentManager(pool)).toBe(pool);
    expect(inTransaction()).toBe(false);
  });

  it('gives the open transaction to everything its work awaits', async () => {
    const db = opener();
    const seen = await transaction(db, async (manager) => {
      await new Promise((resolve) => setImmediate(resolve));
      const deeper = await Promise.resolve().then(() => currentManager(pool));
      return { manager, deeper, inside: inTransaction() };
    });
    expect(seen.deeper).toBe(seen.manager);
    expect(nameOf(seen.deeper)).toBe('tx1');
    expect(seen.inside).toBe(true);
    expect(currentManager(pool)).toBe(pool);
  });

  it('opens a separate transaction inside one, and restores the outer one after it', async () => {
    const db = opener();
    const names = await transaction(db, async () => {
      const inner = await transaction(db, async () => nameOf(currentManager(pool)));
      return [inner, nameOf(currentManager(pool))];
    });
    expect(names).toEqual(['tx2', 'tx1']);
  });

  it('joins the open transaction or opens one', async () => {
    const db = opener();
    const joined = await transaction(db, () => joinOrOpenTransaction(db, async () => nameOf(currentManager(pool))));
    expect(joined).toBe('tx1');
    expect(db.opened).toHaveLength(1);
    expect(await joinOrOpenTransaction(db, async () => nameOf(currentManager(pool)))).toBe('tx2');
  });

  it('hands a promise left running after its transaction ended the fallback', async () => {
    const db = opener();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let late!: Promise<EntityManager>;
    await transaction(db, async () => {
      late = gate.then(() => currentManager(pool));
    });
    release();
    expect(await late).toBe(pool);
  });

  it('ends the transaction of work that failed', async () => {
    const db = opener();
    let late!: Promise<EntityManager>;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await expect(
      transaction(db, async () => {
        late = gate.then(() => currentManager(pool));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    release();
    expect(await late).toBe(pool);
  });
});
