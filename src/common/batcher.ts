/**
 * Coalesces the calls made in one turn of the event loop into one call of `run` with all their
 * inputs (at most `maxBatch` at a time): under load, many concurrent jobs then share one database
 * round trip instead of taking one each. `run` answers in input order; if it throws, every call of
 * the batch rejects with that error.
 */
export class Batcher<I, O> {
  private pending: { input: I; resolve: (value: O) => void; reject: (err: unknown) => void }[] = [];

  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly maxBatch = 200,
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const all = this.pending;
    this.pending = [];
    for (let i = 0; i < all.length; i += this.maxBatch) {
      const batch = all.slice(i, i + this.maxBatch);
      this.run(batch.map((b) => b.input)).then(
        (outputs) => batch.forEach((b, k) => b.resolve(outputs[k])),
        (err) => batch.forEach((b) => b.reject(err)),
      );
    }
  }
}

/**
 * Splits a batch into layers in which no key appears twice, keeping the order: an UPDATE … FROM
 * applies one source row per target row, so two items for one row must go in turn.
 */
export function distinctLayers<T>(items: T[], keyOf: (item: T) => number): T[][] {
  const layers: { keys: Set<number>; items: T[] }[] = [];
  for (const item of items) {
    const key = keyOf(item);
    let layer = layers.find((l) => !l.keys.has(key));
    if (!layer) layers.push((layer = { keys: new Set(), items: [] }));
    layer.keys.add(key);
    layer.items.push(item);
  }
  return layers.map((l) => l.items);
}
