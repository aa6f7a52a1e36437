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
    try {
      const url = await assertPublicUrl(raw, {
        allowPrivate: this.config.allowPrivateNetworkTargets,
        allowPrivateHosts: this.config.allowPrivateHosts,
      });
      if (options.httpsOnly && url.protocol !== 'https:' && !this.config.allowPrivateNetworkTargets) {
        throw new UnsafeUrlError('only https URLs are allowed');
      }
      return url;
    } catch (err) {
      if (err instanceof UnsafeUrlError) throw validationFailed([{ field, message: err.message }]);
      // A name that does not resolve today may resolve later; the fetch classifies it then.
      return new URL(raw);
    }
  }
}
