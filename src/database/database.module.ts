import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { dataSourceOptions, type EntityList } from './data-source-options';
import { EmbeddedPostgres, runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';
import { createMissingDatabase, isMissingDatabase } from './missing-database';

const EMBEDDED = Symbol('EMBEDDED_POSTGRES');

/** The embedded server (PGlite) when DATABASE_URL is unset, else null. */
@Module({
  providers: [
    {
      provide: EMBEDDED,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (config.databaseUrl) return null;
        // The CLI works through a running server's socket; a second server is refused by the lock.
        return (config.embeddedClient && runningEmbeddedPostgres(config.dataDir)) || startEmbeddedPostgres(config.dataDir);
      },
    },
  ],
  exports: [EMBEDDED],
})
class EmbeddedPostgresModule {}

function connectionOptions(config: AppConfig, embedded: EmbeddedPostgres | null, entities: EntityList): DataSourceOptions {
  return embedded
    ? dataSourceOptions({ socketDir: embedded.socketDir, port: embedded.port, poolSize: 1 }, entities)
    : dataSourceOptions({ url: config.databaseUrl!, poolSize: config.databasePoolSize }, entities);
}

/** Connects (creating a missing database on first run) and migrates under the advisory lock. */
async function openMigrated(options: DataSourceOptions, config: AppConfig, embedded: EmbeddedPostgres | null): Promise<DataSource> {
  let dataSource = new DataSource(options);
  try {
    await dataSource.initialize();
  } catch (err) {
    // First run: DATABASE_URL names a database the server does not have yet.
    if (embedded || !isMissingDatabase(err)) throw err;
    const name = await createMissingDatabase(config.databaseUrl!);
    new Logger('Database').log(`created database "${name}"`);
    dataSource = new DataSource(options);
    await dataSource.initialize();
  }
  const applied = await migrate(dataSource);
  if (applied) new Logger('Database').log(`applied ${applied} migration${applied === 1 ? '' : 's'}`);
  return dataSource;
}

/**
 * Owns the Postgres connection through `@nestjs/typeorm`: the configured server, or PGlite when
 * DATABASE_URL is unset; migrations run on connect. Features take their repositories with
 * `TypeOrmModule.forFeature([...])` and `@InjectRepository`; the composition root passes every
 * entity (`forRoot(ENTITIES)`), so this layer imports no feature.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  static forRoot(entities: EntityList): DynamicModule {
    return {
      exports: [TypeOrmModule],
      imports: [
        EmbeddedPostgresModule,
        TypeOrmModule.forRootAsync({
          imports: [EmbeddedPostgresModule],
          inject: [APP_CONFIG, EMBEDDED],
          useFactory: (config: AppConfig, embedded: EmbeddedPostgres | null) => ({
            ...connectionOptions(config, embedded, entities),
            // Fail at boot like before: no silent reconnect loop behind a dead server.
            retryAttempts: 0,
            config,
            embedded,
          }),
          dataSourceFactory: (options) => {
            const { config, embedded, ...rest } = options as DataSourceOptions & { config: AppConfig; embedded: EmbeddedPostgres | null };
            return openMigrated(rest as DataSourceOptions, config, embedded);
          },
        }),
      ],
      module: DatabaseModule,
    };
  }

  constructor(
    private readonly dataSource: DataSource,
    @Inject(EMBEDDED) private readonly embedded: EmbeddedPostgres | null,
  ) {}

  /** The embedded server stops only once the connections to it are closed. */
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.embedded?.stop();
  }
}
