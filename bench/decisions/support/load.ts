import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { Figures } from './interleave';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Status every answer must have (a slice with any other fails the run). */
  expectStatus: number;
}

/**
 * One autocannon slice from a child process (the load generator does not share this event loop);
 * the server runs in this process, so this process's CPU time during the slice is the server's.
 */
export function loadSlice(options: LoadOptions): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, '..', '..', 'support', 'autocannon-child.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.url}: autocannon did not finish`));
    }, (options.seconds + 60) * 1000);
    let before: NodeJS.CpuUsage | null = null;
    child.once('message', (message: { ok: boolean; result?: any; error?: string }) => {
      clearTimeout(timer);
      const used = process.cpuUsage(before ?? undefined);
      if (!message.ok) return reject(new Error(message.error));
      const r = message.result;
      const unexpected = r.errors + r.timeouts + Object.entries(r.statusCodeStats ?? {})
        .filter(([status]) => Number(status) !== options.expectStatus)
        .reduce((n, [, stat]) => n + (stat as { count: number }).count, 0);
      if (unexpected > 0) return reject(new Error(`${options.method ?? 'GET'} ${options.url}: ${unexpected} answers other than ${options.expectStatus} (${JSON.stringify(r.statusCodeStats)})`));
      resolve({
        'requests/s': r.requests.total / r.duration,
        'CPU µs/request': (used.user + used.system) / r.requests.total,
      });
    });
    child.once('exit', (code) => {
      if (code !== 0) {
        clearTimeout(timer);
        reject(new Error(`${options.url}: autocannon exited with ${code}`));
      }
    });
    child.once('spawn', () => {
      before = process.cpuUsage();
      child.send({
        url: options.url,
        duration: options.seconds,
        connections: options.connections,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
      });
    });
  });
}
