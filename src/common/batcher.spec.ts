import { Batcher } from './batcher';

describe('Batcher', () => {
  it('runs the calls of one turn together, answering each in order', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number, number>(async (inputs) => {
      runs.push(inputs);
      return inputs.map((n) => n * 10);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.call(n)));
    expect(answers).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
    expect(await batcher.call(4)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a turn into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(async (inputs) => {
      sizes.push(inputs.length);
      return inputs;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.call(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('rejects every call of a failed batch and keeps working after it', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (inputs) => {
      if (fail) throw new Error('database down');
      return inputs;
    });
    const results = await Promise.allSettled([batcher.call(1), batcher.call(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.call(3)).toBe(3);
  });

  it('with maxInFlight, runs calls made while a batch is under way together once it ends', async () => {
    const runs: number[][] = [];
    const ends: (() => void)[] = [];
    const batcher = new Batcher<number, number>(
      (inputs) => {
        runs.push(inputs);
        return new Promise((resolve) => ends.push(() => resolve(inputs)));
      },
      200,
      1,
    );
    const first = batcher.call(1);
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1]]);
    // Three calls in three turns while the first batch is under way: none runs yet.
    const later: Promise<number>[] = [];
    for (const n of [2, 3, 4]) {
      later.push(batcher.call(n));
      await new Promise((r) => setImmediate(r));
    }
    expect(runs).toEqual([[1]]);
    ends[0]();
    expect(await first).toBe(1);
    // The batch's end frees its slot after its callers are answered; the next one starts a turn later.
    for (let turn = 0; turn < 2; turn++) await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1], [2, 3, 4]]);
    ends[1]();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });

  it('with maxInFlight, a failed batch lets the next one run', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(
      async (inputs) => {
        if (fail) throw new Error('database down');
        return inputs;
      },
      200,
      1,
    );
    await expect(batcher.call(1)).rejects.toThrow('database down');
    fail = false;
    expect(await Promise.all([batcher.call(2), batcher.call(3)])).toEqual([2, 3]);
  });
});
