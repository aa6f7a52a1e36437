import { Injectable, Logger } from '@nestjs/common';
import type { AccountContext } from '../accounts/account-context';
import { FetchError } from '../capture/fetch/fetch-error';
import type { FetchedImage } from '../capture/fetch/fetch.types';
import { HttpFetcher } from '../capture/fetch/http-fetcher';
import { notFound } from '../common/errors';
import { LogosRepository, StoredLogo } from './logos.repository';

export const LOGO_MAX_BYTES = 256 * 1024;

/**
 * Competitor logos (DESIGN §5g): the service fetches them at discovery, under the same URL guards
 * as pages, and the application serves them, so viewers' browsers never contact a competitor.
 */
@Injectable()
export class LogosService {
  private readonly logger = new Logger('Logos');

  constructor(
    private readonly http: HttpFetcher,
    private readonly logos: LogosRepository,
  ) {}

  /** The logo at the URL discovery found; one refused by the guards, too big or not an image is not kept. */
  async fetch(url: string | null): Promise<FetchedImage | null> {
    if (!url) return null;
    try {
      const image = await this.http.fetchImage(url, LOGO_MAX_BYTES);
      if (!image) this.logger.log(`logo ${url} not kept: not an image`);
      return image;
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      this.logger.log(`logo ${url} not kept: ${err.message}`);
      return null;
    }
  }

  /** Stores discovery's logo in its transaction; none forgets the previous one. */
  keep(competitorId: number, logo: FetchedImage | null): Promise<void> {
    return this.logos.replace(competitorId, logo);
  }

  async get(account: AccountContext, competitorId: number): Promise<StoredLogo> {
    const logo = await this.logos.ofAccount(account.accountId, competitorId);
    if (!logo) throw notFound('logo');
    return logo;
  }

  storedAmong(competitorIds: number[]): Promise<Set<number>> {
    return this.logos.storedAmong(competitorIds);
  }
}
