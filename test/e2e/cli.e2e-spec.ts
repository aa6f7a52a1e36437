import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import request from 'supertest';
import { AccountsService } from '../../src/accounts/accounts.service';
import { UsersService } from '../../src/users/users.service';
import { CLI_JS } from '../support/build';
import { count } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

const ROOT = resolve(__dirname, '..', '..');
const CLI_TIMEOUT_MS = 60_000;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('CLI (npm run --silent cli -- …)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  /**
   * Runs the CLI against the test app's database and Redis prefix: the documented command
   * `npm run --silent cli -- …` itself (it compiles the CLI on every run), or the built CLI it runs.
   */
  function runCli(how: 'documented' | 'built', args: string[]): Promise<CliResult> {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error' };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'DATA_DIR']) delete env[name];
    if (t.config.databaseUrl) env.DATABASE_URL = t.config.databaseUrl;
    if (t.config.redisUrl) env.REDIS_URL = t.config.redisUrl;
    env.REDIS_PREFIX = t.config.redisPrefix;
    if (!t.config.databaseUrl) env.DATA_DIR = t.config.dataDir;
    return new Promise((done, fail) => {
      const [command, argv]: [string, string[]] = how === 'documented' ? ['npm', ['run', '--silent', 'cli', '--', ...args]] : [process.execPath, [CLI_JS, ...args]];
      const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(new Error(`cli ${args.join(' ')} timed out:\n${stdout}\n${stderr}`));
      }, CLI_TIMEOUT_MS);
      child.once('error', fail);
      child.once('exit', (code) => {
        clearTimeout(timer);
        done({ code, stdout, stderr });
      });
    });
  }
  const cli = (...args: string[]) => runCli('built', args);

  const get = (apiKey: string, path: string) => request(t.app.getHttpServer()).get(`/v1${path}`).set('Authorization', `Bearer ${apiKey}`);

  /** The server caches keys for up to 2 s; wait (bounded) until it sees the CLI's change. */
  async function eventually(check: () => Promise<boolean>, timeoutMs = 6000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it(
    'creates an account whose key works, then revokes the key and changes the plan',
    async () => {
      const created = await runCli('documented', ['accounts:create', '--name', 'CLI Corp', '--plan', 'trial']);
      expect(created.code).toBe(0);
      expect(created.stdout.endsWith('\n')).toBe(true);
      expect(created.stdout.trim().split('\n')).toHaveLength(1);
      const out = JSON.parse(created.stdout);
      expect(out).toEqual({ account: { id: expect.any(Number), name: 'CLI Corp', plan: 'trial' }, api_key: expect.stringMatching(/^rw_live_\S{20,}$/) });
      const accountId: number = out.account.id;

      const account = await get(out.api_key, '/account').expect(200);
      expect(account.body.account).toMatchObject({ id: accountId, name: 'CLI Corp', plan: 'trial' });
      expect(account.headers['x-ratelimit-limit']).toBe('60');

      // A second key (made in process) must survive the revocation of the first.
      const second = await t.app.get(AccountsService).createKey(accountId);
      const [{ id: keyId }] = await t.db.query(`SELECT id FROM api_keys WHERE account_id = $1 ORDER BY id LIMIT 1`, [accountId]);
      const [revoked, plan] = await Promise.all([
        cli('keys:revoke', '--key', String(keyId)),
        cli('accounts:set-plan', '--account', String(accountId), '--plan', 'pro'),
      ]);
      expect(revoked.code).toBe(0);
      expect(JSON.parse(revoked.stdout)).toEqual({ revoked: true, key: { id: keyId } });
      expect(plan.code).toBe(0);
      expect(JSON.parse(plan.stdout)).toEqual({ account: { id: accountId, name: 'CLI Corp', plan: 'pro' } });

      await eventually(async () => (await get(out.api_key, '/workspaces')).status === 401);
      const denied = await get(out.api_key, '/workspaces');
      expect(denied.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
      await eventually(async () => (await get(second.apiKey, '/account')).body.account?.plan === 'pro');
      expect((await get(second.apiKey, '/account').expect(200)).headers['x-ratelimit-limit']).toBe('1200');
    },
    3 * CLI_TIMEOUT_MS,
  );

  it(
    'keys:create refuses a key over the plan cap with a non-zero exit and the cap on stderr',
    async () => {
      const { account } = await t.app.get(AccountsService).createAccount('Two keys', 'trial');
      const second = await cli('keys:create', '--account', String(account.id));
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout)).toEqual({ api_key: expect.stringMatching(/^rw_live_/), key: { id: expect.any(Number), prefix: expect.any(String) } });
      const third = await cli('keys:create', '--account', String(account.id));
      expect(third.code).not.toBe(0);
      expect(third.code).not.toBeNull();
      expect(third.stdout).toBe('');
      expect(third.stderr.trim()).toBe('The trial plan allows at most 2 active API keys; revoke one first.');
      expect(await count(t.db, `api_keys WHERE account_id = $1`, [account.id])).toBe(2);
    },
    2 * CLI_TIMEOUT_MS,
  );

  it(
    'users:create adds a person who signs in to the application',
    async () => {
      const { account } = await t.app.get(AccountsService).createAccount('People', 'starter');
      const created = await cli('users:create', '--account', String(account.id), '--email', 'Lead@Example.test', '--password', 'a long enough password');
      expect(created.code).toBe(0);
      const out = JSON.parse(created.stdout);
      expect(out).toEqual({ user: { id: expect.any(Number), email: expect.stringMatching(/^lead@example\.test$/i), account_id: account.id } });
      const agent = request.agent(t.app.getHttpServer());
      const page = await agent.get('/app/sign-in').expect(200);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
      await agent.post('/app/sign-in').type('form').send({ _csrf: csrf, email: 'lead@example.test', password: 'a long enough password' }).expect(303).expect('Location', '/app/workspaces');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'users:set-password gives a person a new password (the old one stops working, their sessions end) and fails on an unknown email',
    async () => {
      const { account } = await t.app.get(AccountsService).createAccount('Locked out', 'trial');
      const user = await t.app.get(UsersService).create(account.id, 'forgot@example.test', 'the old password here', 'owner');
      const signIn = async (password: string) => {
        const agent = request.agent(t.app.getHttpServer());
        const page = await agent.get('/app/sign-in').expect(200);
        const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
        return { agent, res: await agent.post('/app/sign-in').type('form').send({ _csrf: csrf, email: 'forgot@example.test', password }) };
      };
      const before = await signIn('the old password here');
      expect(before.res.status).toBe(303);

      const [set, unknown, short] = await Promise.all([
        cli('users:set-password', '--email', 'Forgot@Example.test', '--password', 'a brand new password'),
        cli('users:set-password', '--email', 'nobody@example.test', '--password', 'a brand new password'),
        cli('users:set-password', '--email', 'forgot@example.test', '--password', 'short'),
      ]);
      expect(set.code).toBe(0);
      expect(JSON.parse(set.stdout)).toEqual({ user: { id: user.id, email: 'forgot@example.test', account_id: account.id } });
      for (const [result, message] of [
        [unknown, /no user with the email nobody@example\.test/],
        [short, /at least 8 characters/],
      ] as const) {
        expect(result.code).not.toBe(0);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(message);
      }
      // The session signed in with the old password has ended.
      await before.agent.get('/app/workspaces').expect(303).expect('Location', '/app/sign-in');
      expect((await signIn('the old password here')).res.status).toBe(401);
      expect((await signIn('a brand new password')).res.status).toBe(303);
    },
    2 * CLI_TIMEOUT_MS,
  );

  it(
    'fails with a non-zero exit and a message on stderr, printing nothing on stdout',
    async () => {
      const before = await count(t.db, 'accounts');
      const [badPlan, noName, unknownCommand] = await Promise.all([
        cli('accounts:create', '--name', 'Nope', '--plan', 'platinum'),
        cli('accounts:create', '--plan', 'trial'),
        cli('accounts:delete', '--account', '1'),
      ]);
      for (const [result, message] of [
        [badPlan, /unknown plan "platinum"/],
        [noName, /--name is required/],
        [unknownCommand, /usage:/],
      ] as const) {
        expect(result.code).not.toBe(0);
        expect(result.code).not.toBeNull();
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(message);
      }
      expect(await count(t.db, 'accounts')).toBe(before);
    },
    2 * CLI_TIMEOUT_MS,
  );
});
