import { assertPublicHost, type UrlSafetyOptions } from '../../common/url-safety';

const MAX_ENTRIES = 2_000;

/**
 * Remembers, per host name, whether it may be requested (null) or why not (the error), for a
 * short time: a rendered page asks about the same few hosts dozens of times. Lookups in flight
 * are shared. Failures are cached too, so a page hammering a refused host costs one lookup.
 */
export class HostVerdictCache {
  private readonly entries = new Map<string, { expires: number; verdict: Promise<Error | null> }>();

  constructor(
    private readonly options: UrlSafetyOptions,
    private readonly ttlMs: number,
  ) {}

  /** Null when the host may be requested, else the refusal or resolution error. */
  verdict(hostname: string): Promise<Error | null> {
    const host = hostname.toLowerCase();
    const now = Date.now();
    const hit = this.entries.get(host);
    if (hit && hit.expires > now) return hit.verdict;
    if (hit) this.entries.delete(host);
    const verdict = assertPublicHost(host, this.options).then(
      () => null,
      (err: Error) => err,
    );
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(host, { expires: now + this.ttlMs, verdict });
    return verdict;
  }

  /** Throws the refusal or resolution error for a host that may not be requested. */
  async check(hostname: string): Promise<void> {
    const err = await this.verdict(hostname);
    if (err) throw err;
  }
}
