/** What a fetcher returns for one page, whichever way it was fetched. */
export interface FetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /**
   * The server answered 304 to a conditional request, or the body hashed to `unlessHash`: `html`
   * is empty, keep the previous capture.
   */
  notModified: boolean;
  /** SHA-256 (hex) of the decoded body (for the browser, of the DOM); null with `notModified`. */
  bodyHash: string | null;
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

/** An image's bytes (decompressed) and its media type without parameters, e.g. `image/png`. */
export interface FetchedImage {
  url: string;
  contentType: string;
  body: Buffer;
}

export interface FetchOptions {
  /** Validators from the previous capture, sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  /**
   * The last capture's `bodyHash`: a body that hashes the same is answered as not modified before
   * it is decoded or inspected (most checks of a page that sends no validators end here).
   */
  unlessHash?: string | null;
}

/** Both fetchers: HTTP first, the browser when a page needs JavaScript. */
export interface PageFetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  close(): Promise<void>;
}
