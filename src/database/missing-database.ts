import { Client } from 'pg';

/** Postgres's invalid_catalog_name: the database named in the URL does not exist. */
export function isMissingDatabase(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '3D000';
}

/**
 * First run against a server whose database does not exist yet: create it through the server's
 * maintenance database (`postgres`, else `template1`). When that is not allowed, the error says
 * exactly what to run. A database created meanwhile by another process is fine.
 */
export async function createMissingDatabase(url: string): Promise<string> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  let lastError: unknown = null;
  for (const maintenance of ['postgres', 'template1']) {
    const admin = new URL(url);
    admin.pathname = `/${maintenance}`;
    const client = new Client({ connectionString: admin.toString() });
    try {
      await client.connect();
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return name;
    } catch (err) {
      if ((err as { code?: string }).code === '42P04') return name; // duplicate_database: created meanwhile
      lastError = err;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(
    `database "${name}" does not exist and could not be created (${(lastError as Error)?.message ?? 'unknown error'}); ` +
      `create it with: ${createdbCommand(target, name)}`,
  );
}

/** The createdb command for the URL's server and user; never the password. */
export function createdbCommand(url: URL, name: string): string {
  const parts = ['createdb'];
  if (url.hostname) parts.push('-h', url.hostname);
  if (url.port) parts.push('-p', url.port);
  if (url.username) parts.push('-U', decodeURIComponent(url.username));
  parts.push(shellWord(name));
  return parts.join(' ');
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function shellWord(word: string): string {
  return /^[\w.-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
