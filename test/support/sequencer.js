// Longest files first, so that no worker starts a long file while the others run out of work.
// jest orders by the durations of an earlier run on this machine when it has them; on a fresh clone
// (CI) it has none and orders by file size. Most files take time in proportion to their size, but
// these take much longer than their size says (measured in the full suite, 4 workers on 2 cores,
// 2026-11-26): without them first, the metamorphic tests started at 336 s and ended the suite at 451 s.
const Sequencer = require('@jest/test-sequencer').default;

const LONG_FOR_THEIR_SIZE = [
  ['test/e2e/faults.e2e-spec.ts', 126], // stops and restarts Postgres and Redis, waits out retries
  ['test/unit/metamorphic-eval.spec.ts', 114], // extracts 1,600 mutations of the corpus pages
  ['test/e2e/embedded.e2e-spec.ts', 74], // starts PGlite and the embedded queue
  ['test/e2e/cli.e2e-spec.ts', 59], // starts the service as child processes
  ['test/unit/extraction-eval.spec.ts', 46], // extracts every corpus page
  ['test/e2e/app-manage-browser.e2e-spec.ts', 44],
  ['src/capture/fetch/browser-fetcher.spec.ts', 42],
  ['src/capture/extract/extraction-pool.spec.ts', 38],
  ['test/e2e/pipeline-failures.e2e-spec.ts', 38],
  ['test/e2e/toast-compression.e2e-spec.ts', 35], // migrates the test database and an embedded (PGlite) one
  ['test/unit/lint.spec.ts', 28], // lints the whole of src/
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => this.time(test) != null)) return sorted;
    const known = (test) => LONG_FOR_THEIR_SIZE.find(([file]) => test.path.endsWith(file))?.[1] ?? 0;
    return sorted.map((test, order) => ({ test, order })).sort((a, b) => known(b.test) - known(a.test) || a.order - b.order).map(({ test }) => test);
  }
}

module.exports = LongestFirst;
