import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import type { DiscoveryType } from '../capture/capture.types';
import { CompetitorNoteEntity } from './competitor-note.entity';
import { CompetitorEntity } from './competitor.entity';
import type { DiscoveredSurface } from './competitor.types';

export type CompetitorRow = Omit<CompetitorEntity, 'account'>;

export type NoteRow = Omit<CompetitorNoteEntity, 'competitor'>;

export type NewCompetitor = Pick<CompetitorEntity, 'account_id' | 'workspace_id' | 'name' | 'homepage_url' | 'normalized_url' | 'domain' | 'slug'> & {
  monitor_types: DiscoveryType[] | null;
};

/** Raw: picks the first free slug inside the INSERT (generate_series), one statement with no read-then-write race. */
const INSERT_WITH_FREE_SLUG_SQL = `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_monitor_types)
 SELECT $1, $2, $3, $4, $5, $6, candidate, $8 FROM (
   SELECT CASE WHEN n = 1 THEN $7 ELSE $7 || '-' || n END AS candidate, n
     FROM generate_series(1, 1000) AS n) c
  WHERE NOT EXISTS (SELECT 1 FROM competitors x WHERE x.workspace_id = $2 AND x.slug = c.candidate)
  ORDER BY n LIMIT 1
 RETURNING *`;

@Injectable()
export class CompetitorsRepository {
  constructor(
    @InjectRepository(CompetitorEntity) private readonly competitors: Repository<CompetitorEntity>,
    @InjectRepository(CompetitorNoteEntity) private readonly notesRepo: Repository<CompetitorNoteEntity>,
  ) {}

  list(workspaceId: number): Promise<CompetitorRow[]> {
    return this.competitors.find({ where: { workspace_id: workspaceId }, order: { id: 'ASC' } });
  }

  byId(id: number, manager: EntityManager = this.competitors.manager): Promise<CompetitorRow | null> {
    return manager.getRepository(CompetitorEntity).findOneBy({ id });
  }

  byNormalizedUrl(workspaceId: number, normalizedUrl: string, manager: EntityManager = this.competitors.manager): Promise<CompetitorRow | null> {
    return manager.getRepository(CompetitorEntity).findOneBy({ workspace_id: workspaceId, normalized_url: normalizedUrl });
  }

  activeDiscovery(workspaceId: number, manager: EntityManager = this.competitors.manager): Promise<CompetitorRow | null> {
    return manager.getRepository(CompetitorEntity).findOneBy({ workspace_id: workspaceId, discovery_status: In(['pending', 'running']) });
  }

  /**
   * Inserts with the first free slug; the partial unique index refuses a second active discovery.
   */
  async insert(c: NewCompetitor, manager: EntityManager): Promise<CompetitorRow> {
    const [row] = await manager.query(
      INSERT_WITH_FREE_SLUG_SQL,
      [
        c.account_id,
        c.workspace_id,
        c.name,
        c.homepage_url,
        c.normalized_url,
        c.domain,
        c.slug,
        c.monitor_types ? JSON.stringify(c.monitor_types) : null,
      ],
    );
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.competitors.delete({ id });
  }

  notes(competitorId: number): Promise<NoteRow[]> {
    return this.notesRepo.find({ where: { competitor_id: competitorId }, order: { id: 'ASC' } });
  }

  async addNote(competitorId: number, body: string): Promise<NoteRow> {
    const { raw } = await this.notesRepo
      .createQueryBuilder()
      .insert()
      .values({ competitor_id: competitorId, body })
      .returning(['id', 'competitor_id', 'body', 'created_at'])
      .execute();
    return raw[0];
  }

  /**
   * Moves a failed discovery back to pending for a retry; null when it is no longer failed (another
   * retry won). The partial unique index still refuses it while another discovery is active.
   */
  async retryDiscovery(id: number, manager: EntityManager): Promise<CompetitorRow | null> {
    const { raw } = await manager
      .createQueryBuilder()
      .update(CompetitorEntity)
      .set({ discovery_status: 'pending', discovery_error: null })
      .where(`id = :id AND discovery_status = 'failed'`, { id })
      .returning('*')
      .execute();
    return raw[0] ?? null;
  }

  /** Moves pending → running; false when the competitor is gone or no longer pending. */
  async startDiscovery(id: number): Promise<boolean> {
    const { affected } = await this.competitors
      .createQueryBuilder()
      .update()
      .set({ discovery_status: 'running', discovery_started_at: () => 'now()' })
      .where(`id = :id AND discovery_status IN ('pending', 'running')`, { id })
      .execute();
    return (affected ?? 0) > 0;
  }

  async setIdentity(id: number, identity: { name: string; logo_url: string | null }, manager: EntityManager): Promise<void> {
    await manager.getRepository(CompetitorEntity).update({ id }, { name: identity.name, logo_url: identity.logo_url });
  }

  async finishDiscovery(
    id: number,
    result: { status: 'completed' | 'failed'; error: string | null; surfaces: DiscoveredSurface[] },
    manager: EntityManager = this.competitors.manager,
  ): Promise<void> {
    await manager.getRepository(CompetitorEntity).update(
      { id },
      {
        discovery_status: result.status,
        discovery_error: result.error,
        discovery_surfaces: result.surfaces,
        discovery_finished_at: () => 'now()',
        ...(result.status === 'completed' ? { discovered_at: () => 'now()' } : {}),
      },
    );
  }
}
