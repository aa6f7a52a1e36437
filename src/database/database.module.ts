import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { dataSourceOptions } from './data-source-options';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

const EMBEDDED = Symbol('EMBEDDED_POSTGRES');

/** The embedded server (PGlite) when DATABASE_URL is unset, else null. */
@Module({
  providers: [
    {
      provide: EMBEDDED,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.databaseUrl ? null : startEmbeddedPostgres(config.dataDir)),
    },
  ],
  exports: [EMBEDDED],
})
class EmbeddedPostgresModule {}

function connectionOptions(config: AppConfig, embedded: EmbeddedPostgres | null): DataSourceOptions {
  return embedded
    ? dataSourceOptions({ socketDir: embedded.socketDir, port: embedded.port, poolSize: 1 })
    : dataSourceOptions({ url: config.databaseUrl!, poolSize: config.databasePoolSize });
}

async function openMigrated(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  if (applied.length) new Logger('Database').log(`applied ${applied.length} migration(s)`);
  return dataSource;
}

/**
 * Owns the Postgres connection through `@nestjs/typeorm`: the configured server, or PGlite when
 * DATABASE_URL is unset; migrations run on connect. Features take their repositories with
 * `TypeOrmModule.forFeature([...])` and `@InjectRepository`.
 */
@Global()
@Module({
  imports: [
    EmbeddedPostgresModule,
    TypeOrmModule.forRootAsync({
      imports: [EmbeddedPostgresModule],
      inject: [APP_CONFIG, EMBEDDED],
      useFactory: (config: AppConfig, embedded: EmbeddedPostgres | null) => ({
        ...connectionOptions(config, embedded),
        // Fail at boot like before: no silent reconnect loop behind a dead server.
        retryAttempts: 0,
      }),
      dataSourceFactory: (options) => openMigrated(options!),
    }),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule implements OnApplicationShutdown {
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
