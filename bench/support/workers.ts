import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Starts `count` real worker processes (ROLE=worker) and resolves once each is consuming. */
export async function startWorkers(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  await Promise.all(
    Array.from({ length: count }, () => {
      // BENCH_PROFILE_DIR: each worker writes a V8 CPU profile there when it stops.
      const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
      const child = spawn(process.execPath, [...profile, '-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...env, ROLE: 'worker', LOG_LEVEL: 'log' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('running role worker')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`worker exited with ${code}:\n${output}`));
        });
      });
    }),
  );
  return children;
}

export async function stopWorkers(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.removeAllListeners('exit');
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
}
