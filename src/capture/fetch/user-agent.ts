/**
 * A current desktop Chrome on Windows, in the reduced form Chrome itself sends (minor versions
 * zeroed). Sites serve their normal page to it; an honest bot UA gets challenge pages far more
 * often. Kept in one place so it is bumped with the installed Chromium.
 */
export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** The Accept headers Chrome sends for a top-level navigation. */
export const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
export const DEFAULT_ACCEPT_LANGUAGE = 'en-US,en;q=0.9';
