import { Store, type SessionData } from 'express-session';
import { LessThan, MoreThan, type Repository } from 'typeorm';
import { AppSessionEntity } from './app-session.entity';

const DEFAULT_TTL_MS = 14 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 15 * 60 * 1000;

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * Sessions of the application in Postgres (`app_sessions`): every API replica sees them, and they
 * work on the embedded PGlite through the same driver. Expired rows are pruned now and then.
 */
export class PgSessionStore extends Store {
  private lastPrune = 0;

  constructor(private readonly sessions: Repository<AppSessionEntity>) {
    super();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.sessions
      .findOne({ select: { sess: true }, where: { sid, expires_at: MoreThan(new Date()) } })
      .then((row) => callback(undefined, (row?.sess as SessionData | undefined) ?? null), callback);
  }

  override set(sid: string, session: SessionData, callback?: Callback): void {
    this.sessions
      .upsert({ sid, sess: session, expires_at: expiry(session) }, ['sid'])
      .then(() => this.pruneNowAndThen())
      .then(() => callback?.(), (err) => callback?.(err));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.sessions.delete({ sid }).then(() => callback?.(), (err) => callback?.(err));
  }

  override touch(sid: string, session: SessionData, callback?: Callback): void {
    this.sessions
      .update({ sid }, { expires_at: expiry(session) })
      .then(() => callback?.(), (err) => callback?.(err));
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.sessions.delete({ expires_at: LessThan(new Date()) });
  }
}

function expiry(session: SessionData): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
}
