import { Store, type SessionData } from 'express-session';
import type { DataSource } from 'typeorm';

const DEFAULT_TTL_MS = 14 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 15 * 60 * 1000;

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * Sessions of the application in Postgres (`app_sessions`): every API replica sees them, and they
 * work on the embedded PGlite through the same driver. Expired rows are pruned now and then.
 */
export class PgSessionStore extends Store {
  private lastPrune = 0;

  constructor(private readonly db: DataSource) {
    super();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.db
      .query(`SELECT sess FROM app_sessions WHERE sid = $1 AND expires_at > now()`, [sid])
      .then((rows: { sess: SessionData }[]) => callback(undefined, rows[0]?.sess ?? null), callback);
  }

  override set(sid: string, session: SessionData, callback?: Callback): void {
    this.db
      .query(
        `INSERT INTO app_sessions (sid, sess, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expires_at = EXCLUDED.expires_at`,
        [sid, JSON.stringify(session), expiry(session)],
      )
      .then(() => this.pruneNowAndThen())
      .then(() => callback?.(), (err) => callback?.(err));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db.query(`DELETE FROM app_sessions WHERE sid = $1`, [sid]).then(() => callback?.(), (err) => callback?.(err));
  }

  override touch(sid: string, session: SessionData, callback?: Callback): void {
    this.db
      .query(`UPDATE app_sessions SET expires_at = $2 WHERE sid = $1`, [sid, expiry(session)])
      .then(() => callback?.(), (err) => callback?.(err));
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.db.query(`DELETE FROM app_sessions WHERE expires_at < now()`);
  }
}

function expiry(session: SessionData): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
}
