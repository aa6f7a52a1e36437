import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../database/redis.module';

/** Each probe gets this long: readiness must answer quickly even when a backing service hangs. */
const PROBE_TIMEOUT_MS = 1500;

function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Readiness probes: Postgres reachable with every migration applied, and Redis when configured. */
@Injectable()
export class BackingServicesIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  async postgres(): Promise<HealthIndicatorResult> {
    const probe = this.health.check('postgres');
    try {
      await within(this.db.query('SELECT 1'), 'Postgres');
      return probe.up();
    } catch (err) {
      return probe.down({ message: (err as Error).message });
    }
  }

  async migrations(): Promise<HealthIndicatorResult> {
    const probe = this.health.check('migrations');
    try {
      const pending = await within(this.db.showMigrations(), 'Postgres');
      return pending ? probe.down({ message: 'migrations are pending' }) : probe.up();
    } catch (err) {
      return probe.down({ message: (err as Error).message });
    }
  }

  async redisReady(): Promise<HealthIndicatorResult> {
    const probe = this.health.check('redis');
    if (!this.redis) return probe.up({ mode: 'embedded (in process)' });
    try {
      if (this.redis.status !== 'ready') throw new Error(`Redis connection is ${this.redis.status}`);
      await within(this.redis.ping(), 'Redis');
      return probe.up();
    } catch (err) {
      return probe.down({ message: (err as Error).message });
    }
  }
}
