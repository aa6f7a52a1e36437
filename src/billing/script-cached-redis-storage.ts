import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { ThrottlerStorageRecord } from './throttler-storage-record';
import type { Redis } from 'ioredis';

const COMMAND = 'rwThrottlerIncrement';

type WithIncrement = Redis & {
  [COMMAND](hitKey: string, blockKey: string, name: string, ttl: number, limit: number, blockDuration: number): Promise<unknown>;
};

/**
 * `@nest-lab/throttler-storage-redis` with its Lua script sent by digest. The package sends the
 * whole script (about 1 KB) with EVAL on every request, and Redis hashes it each time; as an
 * ioredis command it goes as EVALSHA (EVAL once, after a Redis restart or SCRIPT FLUSH). Same
 * script, same keys, same record.
 */
export class ScriptCachedRedisStorage extends ThrottlerStorageRedisService {
  private readonly client: WithIncrement;

  constructor(redis: Redis) {
    super(redis);
    if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: this.scriptSrc });
    this.client = redis as WithIncrement;
  }

  override async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const hitKey = `{${key}:${throttlerName}}:hits`;
    const blockKey = `{${key}:${throttlerName}}:blocked`;
    const result = await this.client[COMMAND](hitKey, blockKey, throttlerName, ttl, limit, blockDuration);
    if (!Array.isArray(result) || result.length !== 4 || !result.every((n) => typeof n === 'number')) {
      throw new TypeError(`the rate limit script answered ${JSON.stringify(result)}`);
    }
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = result as number[];
    return {
      totalHits,
      timeToExpire: Math.ceil(timeToExpire / 1000),
      isBlocked: isBlocked === 1,
      timeToBlockExpire: Math.ceil(timeToBlockExpire / 1000),
    };
  }
}
