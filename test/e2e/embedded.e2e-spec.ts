import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLI_JS, SERVICE_ARGS } from '../support/build';

const ROOT = resolve(__dirname, '..', '..');
const START_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** The real entrypoint, built as `npm start` runs it, with no DATABASE_URL or REDIS_URL. */
function startServer(dataDir: string, port: number): Server {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'ROLE']) delete env[name];
  const child = spawn(process.execPath, SERVICE_ARGS, {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

async function waitFor<T>(what: string, server: Server, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (exited) throw new Error(`server exited before ${what}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The built CLI (what `npm run --silent cli -- …` runs; cli.e2e-spec.ts runs that command itself) on the embedded data directory. */
function cli(dataDir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'ROLE']) delete env[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI_JS, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c) => (stdout += c));
    child.stderr!.on('data', (c) => (stderr += c));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

describe('embedded mode (no DATABASE_URL, no REDIS_URL)', () => {
  let dataDir: string;
  let first: Server | undefined;
  let second: Server | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rw-embedded-'));
  });
  afterAll(async () => {
    await Promise.all([stop(first), stop(second)]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts on PGlite, prints the first API key, serves it, and refuses a second process on the same data',
    async () => {
      const port = await freePort();
      first = startServer(dataDir, port);
      const apiKey = await waitFor('the first API key', first, () => /API key, shown once:\s+(rw_live_\S+)/.exec(first!.output())?.[1], START_TIMEOUT_MS);
      expect(first.output()).toMatch(/embedded Postgres/i);
      expect(first.output()).toContain(`http://localhost:${port}/app/sign-up`);
      const signUp = await fetch(`http://127.0.0.1:${port}/app/sign-up`);
      expect(signUp.status).toBe(200);
      expect(await signUp.text()).toContain('Create account');

      const res = await fetch(`http://127.0.0.1:${port}/v1/workspaces`, { headers: { Authorization: `Bearer ${apiKey}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ workspaces: [] });
      expect(res.headers.get('x-ratelimit-limit')).toBe('1200');
      const created = await fetch(`http://127.0.0.1:${port}/v1/workspaces`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Embedded' }),
      });
      expect(created.status).toBe(201);
      const denied = await fetch(`http://127.0.0.1:${port}/v1/workspaces`);
      expect(denied.status).toBe(401);

      second = startServer(dataDir, await freePort());
      const code = await Promise.race([
        second.exited,
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), START_TIMEOUT_MS).unref()),
      ]);
      expect(code).not.toBe('timeout');
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/one process only/);
      expect(second.output()).not.toMatch(/API key, shown once/);

      // The first process is unharmed and still serves.
      const again = await fetch(`http://127.0.0.1:${port}/v1/workspaces`, { headers: { Authorization: `Bearer ${apiKey}` } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { workspaces: { name: string }[] }).workspaces.map((w) => w.name)).toEqual(['Embedded']);
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    'the CLI works while the server runs: accounts and keys it creates or revokes take effect at once',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rw-embedded-cli-'));
      const port = await freePort();
      const server = startServer(dir, port);
      try {
        await waitFor('the first API key', server, () => /API key, shown once:\s+(rw_live_\S+)/.exec(server.output())?.[1], START_TIMEOUT_MS);
        const get = (apiKey: string) => fetch(`http://127.0.0.1:${port}/v1/workspaces`, { headers: { Authorization: `Bearer ${apiKey}` } });

        const created = await cli(dir, 'accounts:create', '--name', 'Second', '--plan', 'starter');
        expect(created.stderr).toBe('');
        expect(created.code).toBe(0);
        const { account, api_key: apiKey } = JSON.parse(created.stdout);
        const first = await get(apiKey);
        expect(first.status).toBe(200);
        expect(first.headers.get('x-ratelimit-limit')).toBe('600');

        const key = await cli(dir, 'keys:create', '--account', String(account.id));
        expect(key.code).toBe(0);
        const second = JSON.parse(key.stdout);
        expect((await get(second.api_key)).status).toBe(200);
        const revoked = await cli(dir, 'keys:revoke', '--key', String(second.key.id));
        expect(revoked.code).toBe(0);
        expect((await get(second.api_key)).status).toBe(401);
        expect((await get(apiKey)).status).toBe(200);
        expect(server.child.exitCode).toBeNull();
      } finally {
        await stop(server);
        rmSync(dir, { recursive: true, force: true });
      }
      // With no server running the CLI opens the files itself, as before.
      const alone = mkdtempSync(join(tmpdir(), 'rw-embedded-cli-'));
      try {
        const created = await cli(alone, 'accounts:create', '--name', 'Alone');
        expect(created.code).toBe(0);
      } finally {
        rmSync(alone, { recursive: true, force: true });
      }
    },
    3 * START_TIMEOUT_MS,
  );
});
