import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100;
const PAUSE_MS = 50;

/**
 * CPU time of this process's main thread (the event loop), in ms, from /proc; null off Linux.
 * Worker threads (the extraction pool) and GC helpers run on threads of their own and are not counted.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface LivenessProbes {
  /** Wall-clock time of each answer from when its request was due, in ms. */
  latencies: number[];
  /**
   * How long the event loop was busy while each answer was awaited, in ms: the main thread's CPU
   * time from the pause before the request to its answer, at most the latency (the latency alone
   * where /proc cannot tell). On a loaded machine an answer can wait a second for a core while the
   * loop is idle; a loop held by a parse spends that second on the CPU.
   */
  busy: number[];
  stop(): Promise<void>;
}

/**
 * Asks `/health/live` again and again (one request at a time, 50 ms apart) until stopped. For a
 * service in this process (a test app): the probe's CPU is counted with the service's, which is
 * the same event loop.
 */
export function probeLiveness(baseUrl: string): LivenessProbes {
  const url = `${new URL(baseUrl).origin}/health/live`;
  const latencies: number[] = [];
  const busy: number[] = [];
  let running = true;
  const loop = (async () => {
    // Each answer is timed from when its request was due, at the end of the pause: a loop held
    // during the pause fires the timer late, and a client elsewhere would have waited as long.
    let pauseStarted = performance.now();
    let cpuAtPause = mainThreadCpuMs();
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const res = await fetch(url);
      await res.arrayBuffer();
      const answered = performance.now();
      const cpuAtAnswer = mainThreadCpuMs();
      const latency = answered - (pauseStarted + PAUSE_MS);
      latencies.push(latency);
      busy.push(cpuAtPause === null || cpuAtAnswer === null ? latency : Math.min(latency, cpuAtAnswer - cpuAtPause));
      if (res.status !== 200) throw new Error(`/health/live answered ${res.status}`);
      pauseStarted = answered;
      cpuAtPause = cpuAtAnswer;
    }
  })();
  return {
    latencies,
    busy,
    async stop() {
      running = false;
      await loop;
    },
  };
}
