/**
 * The CPU time `work` takes in this process, in ms. Bounds that guard against a quadratic blow-up
 * are checked on it rather than on wall time, which other processes stretch on a loaded machine.
 */
export function cpuMs(work: () => unknown): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
