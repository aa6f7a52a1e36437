import { existsSync, mkdirSync, openSync, closeSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';

export interface EmbeddedPostgres {
  /** Absolute directory holding the unix socket; pass it to pg as `host`. */
  socketDir: string;
  port: number;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
/** The server's own pool holds one connection; the others are for the CLI while it serves. */
const SOCKET_CONNECTIONS = 4;

/** What the lock file records: the serving process, and the socket other local clients use. */
interface LockRecord {
  pid: number;
  socketDir?: string;
  port?: number;
}

function readLock(lockPath: string): LockRecord | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as LockRecord;
  } catch {
    // A lock written before it recorded the socket held the pid alone.
    return { pid: Number(text) };
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Two processes on one PGlite directory silently lose writes, so the second one is refused. */
function takeLock(lockPath: string, record: LockRecord): () => void {
  const text = JSON.stringify(record);
  try {
    const fd = openSync(lockPath, 'wx');
    writeFileSync(fd, text);
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = readLock(lockPath)?.pid;
    if (holder && holder !== process.pid && processAlive(holder)) {
      throw new Error(
        `embedded database in ${lockPath} is used by process ${holder}; the embedded mode serves one process only (set DATABASE_URL to scale out)`,
      );
    }
    writeFileSync(lockPath, text);
  }
  return () => {
    try {
      unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  };
}

/**
 * The socket of a server already running on dataDir, for a local client (the CLI) to use instead
 * of opening the files itself; null when no live server holds them.
 */
export function runningEmbeddedPostgres(dataDir: string): EmbeddedPostgres | null {
  const lock = readLock(resolve(dataDir, 'pglite.lock'));
  if (!lock?.socketDir || !lock.port || lock.pid === process.pid || !processAlive(lock.pid)) return null;
  if (!existsSync(resolve(lock.socketDir, `.s.PGSQL.${lock.port}`))) return null;
  return { socketDir: lock.socketDir, port: lock.port, stop: async () => undefined };
}

const EXTENDED_QUERY_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H']);

/**
 * PGlite has one session. The socket server runs one protocol message at a time and keeps an open
 * transaction's messages to the connection that began it, but an extended-protocol query (Parse,
 * Bind, Execute, … up to Sync) is several messages, and another connection's must not land in
 * between (it would replace the unnamed statement). Until its Sync, such a sequence counts as
 * a transaction for the server's scheduling.
 */
/** The part of PGlite the socket server schedules with. */
interface ProtocolSession {
  isInTransaction(): boolean;
  execProtocolRawStream(message: Uint8Array, options?: unknown): Promise<unknown>;
  exec(query: string, options?: unknown): Promise<unknown>;
}

function keepExtendedQueriesTogether<T extends ProtocolSession>(db: T): T {
  let open = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'isInTransaction') return () => open || target.isInTransaction();
      if (prop === 'execProtocolRawStream') {
        return async (message: Uint8Array, options?: unknown) => {
          const type = String.fromCharCode(message[0]);
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            if (type === 'S' || type === 'Q') open = false;
            else if (EXTENDED_QUERY_MESSAGES.has(type)) open = true;
          }
        };
      }
      if (prop === 'exec') {
        // The server rolls back what a client left open when it disconnects.
        return (query: string, options?: unknown) => {
          open = false;
          return target.exec(query, options);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Serves PGlite (files under dataDir) over a unix socket so the normal `pg` driver,
 * TypeORM and migrations run unchanged above it. The lock file beside the data records the
 * socket, so the CLI can work through this server while it runs.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const root = resolve(dataDir);
  const socketDir = resolve(root, 'socket');
  mkdirSync(socketDir, { recursive: true });
  const release = takeLock(resolve(root, 'pglite.lock'), { pid: process.pid, socketDir, port: SOCKET_PORT });
  const socketPath = resolve(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  try {
    unlinkSync(socketPath);
  } catch {
    /* no stale socket */
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create(resolve(root, 'pgdata'));
  const server = new PGLiteSocketServer({ db: keepExtendedQueriesTogether(db), path: socketPath, maxConnections: SOCKET_CONNECTIONS });
  await server.start();
  new Logger('Database').warn(`embedded Postgres (PGlite) in ${root}: for trying the service, one process only`);
  return {
    socketDir,
    port: SOCKET_PORT,
    async stop() {
      await server.stop();
      await db.close();
      release();
    },
  };
}
