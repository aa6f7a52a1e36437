import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { dataSourceOptions } from './data-source-options';
import { migrate } from './migrate';
import { EmbeddedPostgres, runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { createMissingDatabase, isMissingDatabase } from './missing-database';

const EMBEDDED = Symbol('EMBEDDED_POSTGRES');

async function openDataSource(config: AppConfig, embedded: EmbeddedPostgres | null): Promise<DataSource> {
  const options = embedded
    ? dataSourceOptions({ socketDir: embedded.socketDir, port: embedded.port, poolSize: 1 })
    : dataSourceOptions({ url: config.databaseUrl!, poolSize: config.databasePoolSize });
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
  if (applied) new Logger('Database').log(`applied ${applied} migration(s)`);
  return dataSource;
}

/** Owns the Postgres connection: the configured server, or PGlite when DATABASE_URL is unset. */
@Global()
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
    {
      provide: DataSource,
      inject: [APP_CONFIG, EMBEDDED],
      useFactory: openDataSource,
    },
  ],
  exports: [DataSource],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EMBEDDED) private readonly embedded: EmbeddedPostgres | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.embedded?.stop();
  }
}
