import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckUsageEntity } from './check-usage.entity';
import { PlanEntity } from './plan.entity';
import { Global, Module } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorageService } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { REDIS } from '../database/redis.module';
import { FailOpenStorage } from './fail-open-storage';
import { PlansRepository } from './plans.repository';
import { QuotaService } from './quota.service';
import { ScriptCachedRedisStorage } from './script-cached-redis-storage';
import { PlanRequest, PlanThrottlerGuard, WINDOW_SECONDS } from './plan-throttler.guard';

/**
 * Plans, the check quota and request rate limits. The limiter is `@nestjs/throttler` with the
 * shared Redis storage (in process when embedded); each request's limit is its key's plan.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([CheckUsageEntity, PlanEntity]),
    ThrottlerModule.forRootAsync({
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis | null, config: AppConfig) => ({
        throttlers: [
          {
            ttl: WINDOW_SECONDS * 1000,
            limit: (context) => context.switchToHttp().getRequest<PlanRequest>().account?.plan.requests_per_minute ?? 0,
          },
        ],
        storage: new FailOpenStorage(redis ? new ScriptCachedRedisStorage(redis) : new ThrottlerStorageService(), config.redisPrefix),
      }),
    }),
  ],
  providers: [PlansRepository, PlanThrottlerGuard, QuotaService],
  exports: [PlansRepository, PlanThrottlerGuard, QuotaService],
})
export class BillingModule {}
