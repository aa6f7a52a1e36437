import { TypeOrmModule } from '@nestjs/typeorm';
import { SnapshotEntity } from './snapshot.entity';
import { Module, Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ExtractionPool } from './extract/extraction-pool';
import { BrowserFetcher } from './fetch/browser-fetcher';
import { HttpFetcher } from './fetch/http-fetcher';
import { PageCaptureService } from './page-capture.service';
import { SnapshotsRepository } from './snapshots.repository';

/** The fetchers and the extraction pool, built from the configuration (Chromium starts on first use, threads too). */
export function captureProviders(): Provider[] {
  return [
    {
      provide: HttpFetcher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new HttpFetcher({
          allowPrivate: config.allowPrivateNetworkTargets,
          allowPrivateHosts: config.allowPrivateHosts,
          perHostConcurrency: config.fetchPerHostConcurrency,
          totalTimeoutMs: config.fetchTotalTimeoutMs,
          maxBytes: config.fetchMaxBytes,
        }),
    },
    {
      provide: BrowserFetcher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new BrowserFetcher({
          executablePath: config.chromiumPath,
          allowPrivate: config.allowPrivateNetworkTargets,
          allowPrivateHosts: config.allowPrivateHosts,
          maxPages: config.browserPages,
          navigationTimeoutMs: config.fetchTotalTimeoutMs,
          maxBytes: config.fetchMaxBytes,
        }),
    },
    { provide: ExtractionPool, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ExtractionPool(config.extractThreads) },
  ];
}

/** Page capture: fetch (HTTP, Chromium), extract, and the snapshots it leaves. */
@Module({
  exports: [BrowserFetcher, ExtractionPool, HttpFetcher, PageCaptureService, SnapshotsRepository],
  imports: [TypeOrmModule.forFeature([SnapshotEntity])],
  providers: [...captureProviders(), PageCaptureService, SnapshotsRepository],
})
export class CaptureModule {}
