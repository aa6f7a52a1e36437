import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../database/redis.module';

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

type Kind = 'email' | 'ip';

/**
 * Sign-in attempts are counted per email and per IP for 15 minutes (in Redis, shared by replicas;
 * in process when embedded). An attempt is counted before its password is checked, so parallel
 * guesses cannot outrun the limit; a successful sign-in takes its attempt back.
 */
@Injectable()
export class SignInLimiter {
  private readonly local = new Map<string, { count: number; until: number }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts a sign-in attempt; answers the seconds to wait when it is over a limit, else 0. */
  async attempt(email: string, ip: string): Promise<number> {
    const [byEmail, byIp] = await Promise.all([this.bump(this.key('email', email)), this.bump(this.key('ip', ip))]);
    if (byEmail.count > MAX_FAILURES_PER_EMAIL) return byEmail.ttl;
    if (byIp.count > MAX_FAILURES_PER_IP) return byIp.ttl;
    return 0;
  }

  /** A successful sign-in: the email starts afresh and the address gets its attempt back. */
  async succeeded(email: string, ip: string): Promise<void> {
    const emailKey = this.key('email', email);
    const ipKey = this.key('ip', ip);
    this.local.delete(emailKey);
    const ipEntry = this.local.get(ipKey);
    if (ipEntry && ipEntry.count > 0) ipEntry.count--;
    await this.redis?.multi().del(emailKey).decr(ipKey).exec().catch(() => undefined);
  }

  private key(kind: Kind, value: string): string {
    return `${this.config.redisPrefix}:signin:${kind}:${value.trim().toLowerCase()}`;
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
