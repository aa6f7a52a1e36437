import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { normalizeEmail } from '../common/email';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../database/redis.module';

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 20;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2000;

type Kind = 'pair' | 'email' | 'ip';

/**
 * How long to hold the answer to an email's `attempts`-th attempt in the window: nothing for the
 * first five, then 250 ms doubling up to 2 s.
 */
function slowdownMs(attempts: number): number {
  if (attempts <= MAX_FAILURES_PER_EMAIL_AND_IP) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (attempts - MAX_FAILURES_PER_EMAIL_AND_IP - 1), MAX_DELAY_MS);
}

/**
 * Sign-in attempts are counted for 15 minutes (in Redis, shared by replicas; in process when
 * embedded) per (email, address) and per address, each refused over its limit; per email across
 * addresses they only slow the answers, so guesses from elsewhere never lock the owner out. An
 * attempt is counted before its password is checked, so parallel guesses cannot outrun the limit;
 * a successful sign-in takes its attempt back. Emails are counted in their normal form, the one
 * the users lookup compares.
 */
@Injectable()
export class SignInLimiter {
  private readonly local = new Map<string, { count: number; until: number }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts a sign-in attempt, holding it while the email is slowed; answers the seconds to wait when it is over a limit, else 0. */
  async attempt(email: string, ip: string): Promise<number> {
    const [byPair, byIp, byEmail] = await Promise.all(this.keys(email, ip).map((key) => this.bump(key)));
    await sleep(slowdownMs(byEmail.count));
    if (byPair.count > MAX_FAILURES_PER_EMAIL_AND_IP) return byPair.ttl;
    if (byIp.count > MAX_FAILURES_PER_IP) return byIp.ttl;
    return 0;
  }

  /** A successful sign-in: the email starts afresh from this address, and the address and the email get their attempt back. */
  async succeeded(email: string, ip: string): Promise<void> {
    const [pairKey, ipKey, emailKey] = this.keys(email, ip);
    this.local.delete(pairKey);
    for (const key of [ipKey, emailKey]) {
      const entry = this.local.get(key);
      if (entry && entry.count > 0) entry.count--;
    }
    await this.redis?.multi().del(pairKey).decr(ipKey).decr(emailKey).exec().catch(() => undefined);
  }

  /** The (email, address), address and email counters of an attempt, in that order. */
  private keys(email: string, ip: string): [string, string, string] {
    const address = normalizeEmail(email);
    // An address never holds a '/', so the pair's parts cannot run into each other.
    return [this.key('pair', `${ip}/${address}`), this.key('ip', ip), this.key('email', address)];
  }

  private key(kind: Kind, value: string): string {
    return `${this.config.redisPrefix}:signin:${kind}:${value}`;
  }

  /**
   * Adds one to a counter and answers its new value and seconds left. When Redis cannot be
   * reached the count is kept in process, so the limit never fails open.
   */
  private async bump(key: string): Promise<{ count: number; ttl: number }> {
    if (this.redis) {
      const result = await this.redis
        .multi()
        .incr(key)
        .expire(key, WINDOW_SECONDS, 'NX')
        .ttl(key)
        .exec()
        .catch(() => null);
      const count = Number(result?.[0]?.[1]);
      if (result && !result.some(([err]) => err) && Number.isFinite(count)) return { count, ttl: Math.max(Number(result[2][1]), 1) };
    }
    const now = Date.now();
    const entry = this.local.get(key);
    if (!entry || entry.until <= now) {
      this.local.set(key, { count: 1, until: now + WINDOW_SECONDS * 1000 });
      return { count: 1, ttl: WINDOW_SECONDS };
    }
    entry.count++;
    return { count: entry.count, ttl: Math.ceil((entry.until - now) / 1000) };
  }
}
