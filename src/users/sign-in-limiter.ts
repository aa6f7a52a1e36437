import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../database/redis.module';

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/**
 * Failed sign-ins are counted per email and per IP for 15 minutes (in Redis, shared by replicas;
 * in process when embedded). Past the limit, sign-in is refused until the window passes.
 */
@Injectable()
export class SignInLimiter {
  private readonly local = new Map<string, { count: number; until: number }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Seconds to wait before trying again, or 0 when sign-in may be tried. */
  async blockedFor(email: string, ip: string): Promise<number> {
    const [byEmail, byIp] = await Promise.all([this.read(this.key('email', email)), this.read(this.key('ip', ip))]);
    if (byEmail.count >= MAX_FAILURES_PER_EMAIL) return byEmail.ttl;
    if (byIp.count >= MAX_FAILURES_PER_IP) return byIp.ttl;
    return 0;
  }

  async failed(email: string, ip: string): Promise<void> {
    await Promise.all([this.bump(this.key('email', email)), this.bump(this.key('ip', ip))]);
  }

  async succeeded(email: string): Promise<void> {
    const key = this.key('email', email);
    this.local.delete(key);
    await this.redis?.del(key).catch(() => undefined);
  }

  private key(kind: 'email' | 'ip', value: string): string {
    return `${this.config.redisPrefix}:signin:${kind}:${value.trim().toLowerCase()}`;
  }

  private async read(key: string): Promise<{ count: number; ttl: number }> {
    if (this.redis) {
      const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]).catch(() => [null, 0] as const);
      return { count: Number(count ?? 0), ttl: Math.max(Number(ttl), 1) };
    }
    const entry = this.local.get(key);
    if (!entry || entry.until <= Date.now()) return { count: 0, ttl: 0 };
    return { count: entry.count, ttl: Math.ceil((entry.until - Date.now()) / 1000) };
  }

  private async bump(key: string): Promise<void> {
    if (this.redis) {
      await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS, 'NX').exec().catch(() => undefined);
      return;
    }
    const entry = this.local.get(key);
    if (!entry || entry.until <= Date.now()) this.local.set(key, { count: 1, until: Date.now() + WINDOW_SECONDS * 1000 });
    else entry.count++;
  }
}
