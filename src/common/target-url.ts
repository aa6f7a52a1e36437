import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { validationFailed } from './errors';
import { assertPublicUrl, UnsafeUrlError } from './url-safety';

/**
 * Checks a competitor, monitor or webhook URL on create (DESIGN §6.17): a refused URL is a
 * 422 validation_failed on the named field. The fetchers enforce the same rule at connect time.
 */
@Injectable()
export class TargetUrlValidator {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async check(raw: string, field: string, options: { httpsOnly?: boolean } = {}): Promise<URL> {
    const refuse = (message: string) => validationFailed([{ field, message }]);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refuse('must be an absolute http(s) URL');
    }
    if (options.httpsOnly && url.protocol !== 'https:' && !this.config.allowPrivateNetworkTargets) {
      throw refuse('only https URLs are allowed');
    }
    try {
      return await assertPublicUrl(raw, {
        allowPrivate: this.config.allowPrivateNetworkTargets,
        allowPrivateHosts: this.config.allowPrivateHosts,
      });
    } catch (err) {
      if (err instanceof UnsafeUrlError) throw refuse(err.message);
      // A name that does not resolve today may resolve later; the fetch classifies it then.
      return url;
    }
  }
}
