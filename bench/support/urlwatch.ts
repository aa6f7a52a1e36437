import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The installed urlwatch's version; installs the Debian package first when it is missing and we are root. */
export function urlwatchVersion(): string {
  const version = () => execFileSync('urlwatch', ['--version'], { encoding: 'utf8' }).trim();
  try {
    return version();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || process.getuid?.() !== 0) throw err;
  }
  console.log('urlwatch not found: apt-get install -y urlwatch');
  execFileSync('apt-get', ['install', '-y', 'urlwatch'], { stdio: 'ignore' });
  return version();
}

/**
 * One urlwatch installation of its own: job list, configuration (urlwatch's defaults, written by
 * its first run), cache and HOME in a temporary directory. Runs with its default thread pool.
 */
export class UrlwatchJobs {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'rw-peer-urlwatch-'));

  constructor(urls: string[]) {
    writeFileSync(this.file('urls.yaml'), urls.map((url) => `url: "${url}"\n`).join('---\n'));
  }

  /** Checks every job once; resolves when the process exits. */
  run(): Promise<void> {
    const args = ['--urls', 'urls.yaml', '--config', 'urlwatch.yaml', '--hooks', 'hooks.py', '--cache', 'cache.db'].map((a) =>
      a.includes('.') ? this.file(a) : a,
    );
    return new Promise((resolve, reject) => {
      const child = spawn('urlwatch', args, { cwd: this.dir, env: { ...process.env, HOME: this.dir }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`urlwatch exited with ${code}: ${stderr.slice(-2000)}`))));
    });
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private file(name: string): string {
    return path.join(this.dir, name);
  }
}
