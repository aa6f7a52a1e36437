import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const BUILD_INFO = join(ROOT, 'dist', 'tsconfig.build.tsbuildinfo');
const INPUTS = ['src', 'scripts', 'ormconfig.ts', 'nest-cli.json', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/**
 * The compiled service and CLI that tests start as child processes: node loads them in about a
 * second, where ts-node would compile the whole application in every process.
 */
export const MAIN_JS = join(ROOT, 'dist', 'src', 'main.js');
export const CLI_JS = join(ROOT, 'dist', 'src', 'cli', 'main.js');
/**
 * Node's arguments for a service the tests start: MAIN_JS, ending when the test process does. Start
 * it with its stdin a pipe (`stdio: ['pipe', …]`): that pipe's end is the test's death.
 */
export const SERVICE_ARGS = ['-r', join(__dirname, 'exit-with-parent.js'), MAIN_JS];

function newestInput(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return path.endsWith('.spec.ts') ? 0 : stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestInput(join(path, name))));
}

/**
 * Builds `dist/` the way `npm run build` does, incrementally (the build info lives in dist/, so
 * removing dist/ starts afresh), and not at all when no source is newer than the last build.
 * Type errors are printed but do not stop the suite: `tsc --noEmit` is CI's type check. The
 * Swagger CLI plugin runs as in `npm run build` (scripts/build.js).
 */
export async function buildDist(): Promise<void> {
  const built = statSync(BUILD_INFO, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (existsSync(MAIN_JS) && Math.max(...INPUTS.map((p) => newestInput(join(ROOT, p)))) <= built) return;
  // A source saved while the build runs must count as newer than this build.
  const started = new Date();
  const args = [join(ROOT, 'scripts', 'build.js'), '--incremental', BUILD_INFO];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (c) => (text += c));
    child.stderr.on('data', (c) => (text += c));
    child.once('exit', (exit) => resolve({ code: exit, output: text }));
  });
  // The build exits 2, as tsc does, when it found errors but wrote every file.
  if (code !== 0 && (code !== 2 || !existsSync(MAIN_JS))) throw new Error(`building dist/ failed:\n${output}`);
  if (code === 2) process.stdout.write(`\n[rivalwatch tests] dist/ built with type errors:\n${output}\n`);
  if (existsSync(BUILD_INFO)) utimesSync(BUILD_INFO, started, started);
}
