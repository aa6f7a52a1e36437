import os from 'node:os';

/** One measurement of one variant: named figures (requests/s, µs of CPU per request, …). */
export type Figures = Record<string, number>;

export interface Variant {
  name: string;
  measure: () => Promise<Figures>;
}

export interface Comparison {
  /** Per variant, per figure: every round's value in order. */
  samples: Map<string, Figures[]>;
  /** Per figure: each round's ratio of the second variant to the first. */
  ratios: Record<string, number[]>;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const log = (line = ''): void => void process.stdout.write(`${line}\n`);

/**
 * Measures two variants in alternating rounds (A B, then B A, …), so both see the same share of
 * whatever else the machine runs: only the ratio of interleaved runs means anything on a busy host.
 */
export async function interleave(label: string, [a, b]: [Variant, Variant], rounds: number): Promise<Comparison> {
  const samples = new Map<string, Figures[]>([
    [a.name, []],
    [b.name, []],
  ]);
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0 ? [a, b] : [b, a]) samples.get(variant.name)!.push(await variant.measure());
  }
  const ratios: Record<string, number[]> = {};
  for (const figure of Object.keys(samples.get(a.name)![0])) {
    ratios[figure] = samples.get(a.name)!.map((first, i) => samples.get(b.name)![i][figure] / first[figure]);
  }
  report(label, [a.name, b.name], { samples, ratios }, rounds);
  return { samples, ratios };
}

/** Medians per variant and the median of the per-round ratios, one line per figure. */
function report(label: string, [a, b]: [string, string], { samples, ratios }: Comparison, rounds: number): void {
  log(`\n${label} (${rounds} alternating rounds; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)`);
  log(`${'figure'.padEnd(26)} ${a.padStart(22)} ${b.padStart(22)} ${`${b} / ${a}`.padStart(14)}`);
  for (const figure of Object.keys(ratios)) {
    const m = (name: string) => median(samples.get(name)!.map((s) => s[figure]));
    log(
      `${figure.padEnd(26)} ${format(m(a)).padStart(22)} ${format(m(b)).padStart(22)} ` +
        `${median(ratios[figure]).toFixed(3).padStart(14)}   (rounds: ${ratios[figure].map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
}

function format(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/** CPU time (user + system) of this process while `work` runs, in microseconds. */
export async function cpuMicros<T>(work: () => Promise<T>): Promise<{ micros: number; result: T; seconds: number }> {
  const started = performance.now();
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { micros: used.user + used.system, result, seconds: (performance.now() - started) / 1000 };
}
