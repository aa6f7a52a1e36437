import { mkdirSync, openSync, closeSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';

export interface EmbeddedPostgres {
  /** Absolute directory holding the unix socket; pass it to pg as `host`. */
  socketDir: string;
  port: number;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Two processes on one PGlite directory silently lose writes, so the second one is refused. */
function takeLock(lockPath: string): () => void {
  try {
    const fd = openSync(lockPath, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(lockPath, 'utf8'));
    if (holder && holder !== process.pid && processAlive(holder)) {
      throw new Error(
        `embedded database in ${lockPath} is used by process ${holder}; the embedded mode serves one process only (set DATABASE_URL to scale out)`,
      );
    }
    writeFileSync(lockPath, String(process.pid));
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
 * Serves PGlite (files under dataDir) over a unix socket so the normal `pg` driver,
 * TypeORM and migrations run unchanged above it.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const root = resolve(dataDir);
  const socketDir = resolve(root, 'socket');
  mkdirSync(socketDir, { recursive: true });
  const release = takeLock(resolve(root, 'pglite.lock'));
  const socketPath = resolve(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  try {
    unlinkSync(socketPath);
  } catch {
    /* no stale socket */
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create(resolve(root, 'pgdata'));
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
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
