import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, as a share of
 * it. By default the limit sits about 30–45% above a live heap of some 75 MB here, and a round of
 * checks (answers read, pages and captures held while they are extracted and stored) reaches it
 * three to five times a second: each full collection marks the whole heap, on the event loop that
 * fetches. Doubling the heap before the next one costs at most the same again in memory and cut a
 * check's CPU by about a fifth in `npm run bench:peer` (docs/benchmarks.md, "Issue 24, seventh pass").
 * Set at start, before the heap grows: V8 reads it at every full collection.
 */
const HEAP_GROWING_PERCENT = 100;

export function tuneHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
