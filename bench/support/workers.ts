import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Starts `count` real worker processes (ROLE=worker) and resolves once each is consuming. */
export async function startWorkers(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  await Promise.all(
    Array.from({ length: count }, () => {
      const child = spawnRivalwatch({ ...env, ROLE: 'worker', LOG_LEVEL: 'log' });
      children.push(child);
      return whenReady(child, 'running role worker');
    }),
  );
  return children;
}

/** Starts one Rivalwatch process with every role (ROLE=all) and resolves once its API listens. */
export async function startAllRoles(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawnRivalwatch({ ...env, ROLE: 'all' });
  await whenReady(child, 'role all');
  return child;
}

let built = false;

/**
 * The service as `npm start` runs it: compiled once per bench run. Run from its TypeScript sources
 * (ts-node) each process would also carry the compiler, about 35 MB more heap for every full garbage
 * collection to mark.
 */
function buildOnce(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], { cwd: ROOT, stdio: 'ignore' });
  built = true;
}

function spawnRivalwatch(env: Record<string, string>): ChildProcess {
  buildOnce();
  // BENCH_PROFILE_DIR: each process writes a V8 CPU profile there when it stops. BENCH_NODE_ARGS:
  // more Node options for it, space-separated (`--trace-gc`, `--max-semi-space-size=16`). BENCH_CHILD_LOG:
  // a file its output is appended to (otherwise it is read and dropped).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...profile, ...nodeArgs, path.join(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (process.env.BENCH_CHILD_LOG) {
    // Both streams write to the file: neither ends it, the child's exit does.
    const log = createWriteStream(process.env.BENCH_CHILD_LOG, { flags: 'a' });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    child.once('close', () => log.end());
  }
  return child;
}

/** Resolves when the process prints `readyText`; its later output is read and dropped. */
function whenReady(child: ChildProcess, readyText: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`process did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      if (output.includes(readyText)) return;
      output += chunk.toString();
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code}:\n${output}`));
    });
  });
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
