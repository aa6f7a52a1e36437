import { DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BillingModule } from '../billing/billing.module';
import { AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { RedisModule } from '../database/redis.module';
import { ENTITIES } from '../entities';
import { QueueModule } from '../queue/queue.module';
import { ScopingModule } from '../scoping/scoping.module';
import { UsersModule } from '../users/users.module';
import { WebhooksModule } from '../webhooks/webhooks.module';

/** What the CLI needs: the database (migrated on open), accounts, billing and webhooks; no HTTP, no workers. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig, extra: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: CliModule,
      imports: [
        AccountsModule,
        BillingModule,
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(ENTITIES),
        QueueModule.forRoot(config),
        RedisModule,
        ScopingModule,
        UsersModule,
        WebhooksModule,
        ...(extra ?? []),
      ],
    };
  }
}
