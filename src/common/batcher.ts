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
