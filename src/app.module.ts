import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AuthMiddleware } from './accounts/auth.middleware';
import { BillingModule } from './billing/billing.module';
import { ChangesModule } from './changes/changes.module';
import { ErrorEnvelopeFilter } from './common/error.filter';
import { JsonBodyMiddleware } from './common/json-body.middleware';
import { AppValidationPipe } from './common/validation.pipe';
import { CompetitorsModule } from './competitors/competitors.module';
import { AppConfig, runsScheduler, runsWorker } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './database/redis.module';
import { DigestModule } from './digest/digest.module';
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
    DatabaseModule,
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
export class AppModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(config),
        ChangesModule,
        CompetitorsModule,
        DigestModule,
        MonitorsModule,
        WebhooksModule,
        WorkspacesModule,
        ...backgroundImports(config),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AuthMiddleware, JsonBodyMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}

/** Worker and scheduler processes: the same features without HTTP. */
@Module({})
export class BackgroundModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: BackgroundModule, imports: [...coreImports(config), ...backgroundImports(config)] };
  }
}
