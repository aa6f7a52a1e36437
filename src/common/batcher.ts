/**
 * Coalesces the calls made in one turn of the event loop into one call of `run` with all their
 * inputs (at most `maxBatch` at a time): under load, many concurrent jobs then share one database
 * round trip instead of taking one each. With `maxInFlight`, at most that many calls of `run` are
 * under way; calls made meanwhile wait and go together once one ends (group commit): when calls
 * trickle in one at a time (checks of pages that answer after a delay), a batch gathers what came
 * during the previous round trip instead of each call taking its own, and an idle batcher still
 * runs a call at once. `run` answers in input order; if it throws, every call of the batch rejects
 * with that error.
 */
export class Batcher<I, O> {
  private pending: { input: I; resolve: (value: O) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  private running = 0;

  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly maxBatch = 200,
    private readonly maxInFlight = Infinity,
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || !this.pending.length || this.running >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.pending.length && this.running < this.maxInFlight) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.running++;
      this.run(batch.map((b) => b.input))
        .then(
          (outputs) => batch.forEach((b, k) => b.resolve(outputs[k])),
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.running--;
          this.schedule();
        });
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
