import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { FetchedImage } from '../capture/fetch/fetch.types';
import { CompetitorLogoEntity } from './competitor-logo.entity';
import { CompetitorEntity } from './competitor.entity';
import { currentManager } from '../database/transaction-context';

export type StoredLogo = Pick<CompetitorLogoEntity, 'content_type' | 'body' | 'fetched_at'>;

@Injectable()
export class LogosRepository {
  constructor(@InjectRepository(CompetitorLogoEntity) private readonly logos: Repository<CompetitorLogoEntity>) {}

  /** Keeps the logo discovery fetched, or forgets the previous one when it kept none. */
  async replace(competitorId: number, logo: FetchedImage | null): Promise<void> {
    const manager = currentManager(this.logos.manager);
    const repo = manager.getRepository(CompetitorLogoEntity);
    if (!logo) {
      await repo.delete({ competitor_id: competitorId });
      return;
    }
    await repo.upsert({ competitor_id: competitorId, content_type: logo.contentType, body: logo.body, fetched_at: new Date() }, ['competitor_id']);
  }

  /** The logo, when the competitor is the account's (another account's competitor has none). */
  async ofAccount(accountId: number, competitorId: number): Promise<StoredLogo | null> {
    return this.logos
      .createQueryBuilder('l')
      .select(['l.content_type', 'l.body', 'l.fetched_at'])
      .innerJoin(CompetitorEntity, 'c', 'c.id = l.competitor_id')
      .where('l.competitor_id = :competitorId AND c.account_id = :accountId', { competitorId, accountId })
      .getOne();
  }

  /** Which of these competitors have a stored logo. */
  async storedAmong(competitorIds: number[]): Promise<Set<number>> {
    if (!competitorIds.length) return new Set();
    const rows = await this.logos.find({ select: { competitor_id: true }, where: { competitor_id: In([...new Set(competitorIds)]) } });
    return new Set(rows.map((r) => r.competitor_id));
  }
}
