import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { ExtractedPage, MonitorType } from './capture.types';
import { extractPage } from './extract/extract-page';
import { looksLikeJavaScriptShell } from './extract/js-shell';
import { BrowserFetcher } from './fetch/browser-fetcher';
import { FetchError, isTransient } from './fetch/fetch-error';
import type { FetchOptions, FetchResult } from './fetch/fetch.types';
import { HttpFetcher } from './fetch/http-fetcher';

/** Transient fetch failures are retried in the check with these pauses before the run fails. */
export const FETCH_RETRY_DELAYS_MS = [500, 2000];

/** Fetch (HTTP first, Chromium when the page needs JavaScript) and extract one page. */
@Injectable()
export class PageCaptureService implements OnModuleDestroy {
  private readonly logger = new Logger('Capture');
  private readonly http: HttpFetcher;
  private browser: BrowserFetcher | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.http = new HttpFetcher({
      allowPrivate: config.allowPrivateNetworkTargets,
      allowPrivateHosts: config.allowPrivateHosts,
      perHostConcurrency: config.fetchPerHostConcurrency,
      totalTimeoutMs: config.fetchTotalTimeoutMs,
      maxBytes: config.fetchMaxBytes,
    });
  }

  private browserFetcher(): BrowserFetcher {
    this.browser ??= new BrowserFetcher({
      executablePath: this.config.chromiumPath,
      allowPrivate: this.config.allowPrivateNetworkTargets,
      allowPrivateHosts: this.config.allowPrivateHosts,
      maxPages: this.config.browserPages,
      navigationTimeoutMs: this.config.fetchTotalTimeoutMs,
      maxBytes: this.config.fetchMaxBytes,
    });
    return this.browser;
  }

  /** Fetches the raw document, retrying transient failures. */
  async fetch(url: string, options: { renderMode?: 'auto' | 'browser'; conditional?: FetchOptions } = {}): Promise<FetchResult> {
    const viaBrowser = options.renderMode === 'browser';
    let result = await this.withRetries(() =>
      viaBrowser ? this.browserFetcher().fetch(url) : this.http.fetch(url, options.conditional),
    );
    if (!viaBrowser && !result.notModified && looksLikeJavaScriptShell(result.html)) {
      const browser = this.browserFetcher();
      if (browser.isAvailable()) {
        result = await this.withRetries(() => browser.fetch(result.url));
      } else {
        this.logger.warn(`${url} needs JavaScript but no Chromium was found; capturing the static HTML`);
      }
    }
    return result;
  }

  extract(fetched: FetchResult, monitorType: MonitorType): ExtractedPage {
    return extractPage(fetched.html, fetched.url, monitorType);
  }

  /** Hash of the document as fetched: equal hashes mean the page is byte-for-byte unchanged. */
  rawHash(fetched: FetchResult): string {
    return createHash('sha256').update(fetched.html).digest('hex');
  }

  private async withRetries(fetchOnce: () => Promise<FetchResult>): Promise<FetchResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchOnce();
      } catch (err) {
        if (attempt >= FETCH_RETRY_DELAYS_MS.length || !isTransient(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, FETCH_RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.http.close();
    await this.browser?.close();
  }
}

