/** What a fetcher returns for one page, whichever way it was fetched. */
export interface FetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** The server answered 304 to a conditional request: `html` is empty, keep the previous capture. */
  notModified: boolean;
  /** The decoded document (for the browser, the DOM after scripts ran). */
  html: string;
  etag: string | null;
  lastModified: string | null;
  contentType: string | null;
  /** Size of the decoded body in bytes (the serialised DOM for the browser). */
  bytes: number;
  durationMs: number;
  via: 'http' | 'browser';
}

export interface FetchOptions {
  /** Validators from the previous capture, sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
}

/** Both fetchers: HTTP first, the browser when a page needs JavaScript. */
export interface PageFetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  close(): Promise<void>;
}
