import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { ApiKeyGuard } from './accounts/api-key.guard';
import { BillingModule } from './billing/billing.module';
import { ChangesModule } from './changes/changes.module';
import { ErrorEnvelopeFilter } from './common/error.filter';
import { JsonBodyGuard } from './common/json-body.guard';
import { LoggingModule } from './common/logging';
import { McpModule } from './mcp/mcp.module';
import { HealthModule } from './health/health.module';
import { IntelligenceModule } from './intelligence/intelligence.module';
import { WebAppModule } from './app/web.module';
import { NotFoundModule } from './common/not-found.controller';
import { PlanThrottlerGuard } from './billing/plan-throttler.guard';
import { StrictInputGuard } from './common/strict-input.guard';
import { AppValidationPipe } from './common/validation.pipe';
import { CompetitorsModule } from './competitors/competitors.module';
import { AppConfig, runsScheduler, runsWorker } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './database/redis.module';
import { DigestModule } from './digest/digest.module';
import { ENTITIES } from './entities';
import { EvidenceModule } from './evidence/evidence.module';
import { MonitorsModule } from './monitors/monitors.module';
import { QueueModule } from './queue/queue.module';
import { SchedulerModule } from './scheduler/scheduler.module';
import { ScopingModule } from './scoping/scoping.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WorkerModule } from './worker/worker.module';
import { WorkspacesModule } from './workspaces/workspaces.module';

/** Infrastructure and features shared by every role. */
function coreImports(config: AppConfig) {
  return [
    AccountsModule,
    BillingModule,
    ConfigModule.forRoot(config),
    DatabaseModule.forRoot(ENTITIES),
    HealthModule,
    LoggingModule.forRoot(config),
    QueueModule.forRoot(config),
    RedisModule,
    ScopingModule,
  ];
}

function backgroundImports(config: AppConfig) {
  return [...(runsWorker(config) ? [WorkerModule] : []), ...(runsScheduler(config) ? [SchedulerModule] : [])];
}

/** The HTTP app: every feature with its controllers, plus the worker and scheduler when the role runs them. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(config),
        ChangesModule,
        CompetitorsModule,
        DigestModule,
        EvidenceModule,
        IntelligenceModule,
        McpModule,
        MonitorsModule,
        WebhooksModule,
        WorkspacesModule,
        ...backgroundImports(config),
        WebAppModule,
        NotFoundModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        // Guards run in this order: who is calling, then their plan's rate limit; then the body is
        // read and the input checked against what the route declares.
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useExisting: PlanThrottlerGuard },
        { provide: APP_GUARD, useClass: JsonBodyGuard },
        { provide: APP_GUARD, useClass: StrictInputGuard },
        { provide: APP_PIPE, useClass: AppValidationPipe },
      ],
    };
  }
}

/** Worker and scheduler processes: the same features without HTTP. */
@Module({})
export class BackgroundModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: BackgroundModule,
      imports: [...coreImports(config), ...backgroundImports(config)],
      providers: [{ provide: APP_FILTER, useClass: ErrorEnvelopeFilter }],
    };
  }
}
