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
});
