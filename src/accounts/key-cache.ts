import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../database/redis.module';
import type { AccountContext } from './account-context';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Keeps the hot authentication path off Postgres while a key change still takes effect at once
 * on every API replica: a revocation or plan change is published on Redis and every process
 * drops its cache. Without a live subscription (embedded mode, or Redis down) nothing is cached,
 * because an invalidation could be missed.
 */
@Injectable()
export class KeyCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('KeyCache');
  private readonly entries = new Map<string, { context: AccountContext | null; until: number }>();
  private subscriber: Redis | null = null;
  private listening = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get channel(): string {
    return `${this.config.redisPrefix}:keys:changed`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    // A missed message is possible while the subscription is down: forget everything then.
    subscriber.on('ready', () => void subscriber.subscribe(this.channel).then(() => (this.listening = true), () => undefined));
    subscriber.on('close', () => {
      this.listening = false;
      this.entries.clear();
    });
    subscriber.on('message', () => this.entries.clear());
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }

  get(hash: string): AccountContext | null | undefined {
    const entry = this.entries.get(hash);
    if (!entry || entry.until <= Date.now() || !this.listening) return undefined;
    return entry.context;
  }

  set(hash: string, context: AccountContext | null): void {
    if (!this.listening) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(hash, { context, until: Date.now() + TTL_MS });
  }

  /** Tells every process (this one included) that keys or plans changed. */
  async invalidate(): Promise<void> {
    this.entries.clear();
    if (!this.redis) return;
    try {
      await this.redis.publish(this.channel, 'changed');
    } catch (err) {
      this.logger.warn(`could not publish a key change: ${(err as Error).message}`);
    }
  }
}
