/**
 * Recognises challenge and captcha interstitials served instead of the page. A false positive
 * hides a real page behind an error, so strong signals (a vendor's challenge header, its
 * challenge script) count on any status, while weak ones (a captcha widget, a "verify you are
 * human" title) count only on a blocking status or a page too small to be the real thing.
 */
export interface ResponseHeaders {
  get(name: string): string | null | undefined;
}

const BLOCKING_STATUSES = new Set([401, 403, 405, 429, 503]);
/** Challenge pages are a few KB; a real page with a captcha form is usually much larger. */
const SMALL_PAGE = 16 * 1024;
/** Markers sit in the head or the first screen; reading more only costs time. */
const SCAN_CHARS = 64 * 1024;

// Only markers that appear on the interstitial itself: Cloudflare injects
// /cdn-cgi/challenge-platform/scripts/jsd/ and Imperva /_Incapsula_Resource into ordinary pages,
// and AWS WAF's challenge.js is also loaded by pages using its SDK, so those are weak markers.
const STRONG_BODY_MARKERS: [RegExp, string][] = [
  [/window\._cf_chl_opt|\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate\//i, 'Cloudflare challenge'],
  [/<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i, 'Cloudflare challenge'],
  [/(geo|ct)\.captcha-delivery\.com/i, 'DataDome captcha'],
  [/id=["']px-captcha["']|captcha\.px-cdn\.net/i, 'PerimeterX captcha'],
  [/Incapsula incident ID/i, 'Imperva challenge'],
  [/Sucuri WebSite Firewall - (Access Denied|CloudProxy)/i, 'Sucuri firewall'],
];

const WEAK_VENDOR_MARKERS: [RegExp, string][] = [
  [/\/_Incapsula_Resource\?/i, 'Imperva challenge'],
  [/awswaf\.com\/[^"']*challenge\.js/i, 'AWS WAF challenge'],
];

const CLOUDFLARE_WEAK_MARKERS = /Just a moment\.\.\.|Checking your browser|Checking if the site connection is secure|Attention Required|cf-chl|cf-browser-verification|Enable JavaScript and cookies to continue/i;

const GENERIC_WEAK_MARKERS = [
  /<title>[^<]*(verify(ing)? you are (a )?human|are you a robot|human verification|security check|bot (check|detection)|captcha|access denied|pardon our interruption)[^<]*<\/title>/i,
  /class=["'][^"']*(g-recaptcha|h-captcha|cf-turnstile)[^"']*["']/i,
  /(please|kindly) (complete|solve) the (security check|captcha)|unusual traffic from your (computer|network)/i,
];

/** Returns what protected the page (e.g. "Cloudflare challenge"), or null for an ordinary response. */
export function detectBotProtection(status: number, headers: ResponseHeaders, body: string): string | null {
  if (headers.get('cf-mitigated')?.toLowerCase() === 'challenge') return 'Cloudflare challenge';
  const wafAction = headers.get('x-amzn-waf-action')?.toLowerCase();
  if (wafAction === 'captcha' || wafAction === 'challenge') return 'AWS WAF challenge';
  if (headers.get('x-datadome') && BLOCKING_STATUSES.has(status)) return 'DataDome captcha';

  const head = body.length > SCAN_CHARS ? body.slice(0, SCAN_CHARS) : body;
  for (const [pattern, vendor] of STRONG_BODY_MARKERS) {
    if (pattern.test(head)) return vendor;
  }

  const blocking = BLOCKING_STATUSES.has(status);
  const small = body.length <= SMALL_PAGE;
  if (!blocking && !small) return null;

  const server = headers.get('server')?.toLowerCase() ?? '';
  if (server.includes('cloudflare') && blocking && CLOUDFLARE_WEAK_MARKERS.test(head)) return 'Cloudflare challenge';
  if (blocking && small) {
    for (const [pattern, vendor] of WEAK_VENDOR_MARKERS) if (pattern.test(head)) return vendor;
  }
  if (blocking && small && GENERIC_WEAK_MARKERS.some((p) => p.test(head))) return 'captcha interstitial';
  if (!blocking && small && GENERIC_WEAK_MARKERS[0].test(head) && GENERIC_WEAK_MARKERS[1].test(head)) return 'captcha interstitial';
  return null;
}
