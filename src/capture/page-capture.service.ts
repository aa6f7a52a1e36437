import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { fetchDuration } from '../health/metrics';
import type { ExtractedPage, MonitorType } from './capture.types';
import { ExtractionPool, markdownToStore } from './extract/extraction-pool';
import type { DiffSide, PageDiff } from './extract/page-tasks';
import { plainlyNoShell } from './extract/js-shell';
import { isTextSource } from './extract/parse-page';
import { BrowserFetcher } from './fetch/browser-fetcher';
import { FetchError, isTransient } from './fetch/fetch-error';
import type { FetchOptions, FetchResult } from './fetch/fetch.types';
import { HttpFetcher } from './fetch/http-fetcher';

/** `unchanged`: a 304, or the same bytes as the last capture (for a JavaScript shell, the same DOM). */
export interface FetchedDocument extends FetchResult {
  unchanged: boolean;
}

/** Transient fetch failures are retried in the check with these pauses before the run fails. */
export const FETCH_RETRY_DELAYS_MS = [500, 2000];

/** Fetch (HTTP first, Chromium when the page needs JavaScript) and extract one page. */
@Injectable()
export class PageCaptureService implements OnApplicationShutdown {
  private readonly logger = new Logger('Capture');

  /** The fetchers and the extraction pool are providers of CaptureModule; tests swap them through DI. */
  constructor(
    private readonly http: HttpFetcher,
    private readonly browser: BrowserFetcher,
    private readonly extraction: ExtractionPool,
  ) {}

  private browserFetcher(): BrowserFetcher {
    return this.browser;
  }

  /**
   * Fetches the raw document, retrying transient failures. With `lastRawHash` (the body hash of
   * the last capture), a document identical to the last one comes back `unchanged` without being
   * decoded, inspected or tested for being a JavaScript shell; the caller skips extraction.
   * The shell test parses the page, so it runs on the extraction threads; a page past the page
   * limits fails there with `page_too_complex`, final like any non-transient failure. A page whose
   * first 64K characters hold plenty of text (most changed pages) is no shell, known without the thread.
   */
  async fetch(
    url: string,
    options: { renderMode?: 'auto' | 'browser'; conditional?: FetchOptions; lastRawHash?: string | null } = {},
  ): Promise<FetchedDocument> {
    const viaBrowser = options.renderMode === 'browser';
    const conditional = { ...options.conditional, unlessHash: options.lastRawHash };
    let result = await this.withRetries(() => (viaBrowser ? this.browserFetcher().fetch(url) : this.http.fetch(url, conditional)));
    if (result.notModified) return { ...result, unchanged: true };
    if (!viaBrowser && !isTextSource(result.contentType) && !plainlyNoShell(result.html) && (await this.extraction.looksLikeJavaScriptShell(result.html))) {
      const browser = this.browserFetcher();
      if (browser.isAvailable()) {
        result = await this.withRetries(() => browser.fetch(result.url));
      } else {
        this.logger.warn(`${url} needs JavaScript but no Chromium was found; capturing the static HTML`);
        // Not remembered as the page's bytes: once Chromium is there, the next check must render
        // the page rather than find the shell unchanged.
        return { ...result, bodyHash: null, unchanged: false };
      }
    }
    return { ...result, unchanged: result.bodyHash === options.lastRawHash };
  }

  /**
   * Extraction runs on the pool's threads (EXTRACT_THREADS), off the event loop. A body fetched
   * over HTTP is read as its content type says (Markdown and plain text are rendered first); the
   * browser's document is HTML whatever the server sent. With `previousHash` (the last capture's
   * content hash) a changed page stays on its thread for its diff.
   */
  extract(fetched: FetchResult, monitorType: MonitorType, previousHash: string | null = null): Promise<ExtractedPage> {
    return this.extraction.extract(fetched.html, fetched.url, monitorType, fetched.via === 'http' ? fetched.contentType : null, previousHash);
  }

  /** A page's markdown as the snapshot stores it: UTF-8 already when it came from a thread. */
  markdownToStore(page: ExtractedPage): string | Buffer {
    return markdownToStore(page);
  }

  /** The diff of a changed page's captures (diffCaptures) runs on the pool's threads as well. */
  diff(monitorType: MonitorType, before: DiffSide, after: DiffSide): Promise<PageDiff> {
    return this.extraction.diff(monitorType, before, after);
  }

  private async withRetries(fetchOnce: () => Promise<FetchResult>): Promise<FetchResult> {
    for (let attempt = 0; ; attempt++) {
      const timer = fetchDuration.startTimer();
      try {
        const result = await fetchOnce();
        timer({ via: result.via, result: 'ok' });
        return result;
      } catch (err) {
        timer({ via: 'unknown', result: (err as { code?: string }).code ?? 'error' });
        if (attempt >= FETCH_RETRY_DELAYS_MS.length || !isTransient(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, FETCH_RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  /** Closed after the job consumers have drained (they run in beforeApplicationShutdown), never under a running check. */
  async onApplicationShutdown(): Promise<void> {
    await this.http.close();
    await this.browser.close();
    await this.extraction.close();
  }
}

