import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { DiscoveryType } from '../capture/capture.types';

export type DiscoveryStatus = 'pending' | 'running' | 'completed' | 'failed';
export type SurfaceOutcome = 'monitored' | 'skipped_plan_limit' | 'skipped_by_request';

export interface DiscoveredSurface {
  monitor_type: DiscoveryType;
  url: string;
  outcome: SurfaceOutcome;
}

export interface CompetitorRow {
  id: number;
  account_id: number;
  workspace_id: number;
  name: string;
  homepage_url: string;
  normalized_url: string;
  domain: string;
  slug: string;
  logo_url: string | null;
  discovery_status: DiscoveryStatus;
  discovery_monitor_types: DiscoveryType[] | null;
  discovery_started_at: Date | null;
  discovery_finished_at: Date | null;
  discovery_error: string | null;
  discovery_surfaces: DiscoveredSurface[];
  discovered_at: Date | null;
  created_at: Date;
}

export interface NoteRow {
  id: number;
  competitor_id: number;
  body: string;
  created_at: Date;
}

export interface NewCompetitor {
  account_id: number;
  workspace_id: number;
  name: string;
  homepage_url: string;
  normalized_url: string;
  domain: string;
  slug: string;
  monitor_types: DiscoveryType[] | null;
}

@Injectable()
export class CompetitorsRepository {
  constructor(private readonly db: DataSource) {}

  async list(workspaceId: number): Promise<CompetitorRow[]> {
    return this.db.query(`SELECT * FROM competitors WHERE workspace_id = $1 ORDER BY id`, [workspaceId]);
  }

  async byId(id: number, manager: EntityManager = this.db.manager): Promise<CompetitorRow | null> {
    const [row] = await manager.query(`SELECT * FROM competitors WHERE id = $1`, [id]);
    return row ?? null;
  }

  async byNormalizedUrl(workspaceId: number, normalizedUrl: string, manager: EntityManager = this.db.manager): Promise<CompetitorRow | null> {
    const [row] = await manager.query(`SELECT * FROM competitors WHERE workspace_id = $1 AND normalized_url = $2`, [
      workspaceId,
      normalizedUrl,
    ]);
    return row ?? null;
  }

  async activeDiscovery(workspaceId: number, manager: EntityManager = this.db.manager): Promise<CompetitorRow | null> {
    const [row] = await manager.query(
      `SELECT * FROM competitors WHERE workspace_id = $1 AND discovery_status IN ('pending', 'running') LIMIT 1`,
      [workspaceId],
    );
    return row ?? null;
  }

  /** Inserts with the first free slug; the partial unique index refuses a second active discovery. */
  async insert(c: NewCompetitor, manager: EntityManager): Promise<CompetitorRow> {
    const [row] = await manager.query(
      `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_monitor_types)
       SELECT $1, $2, $3, $4, $5, $6, candidate, $8 FROM (
         SELECT CASE WHEN n = 1 THEN $7 ELSE $7 || '-' || n END AS candidate, n
           FROM generate_series(1, 1000) AS n) c
        WHERE NOT EXISTS (SELECT 1 FROM competitors x WHERE x.workspace_id = $2 AND x.slug = c.candidate)
        ORDER BY n LIMIT 1
       RETURNING *`,
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
    await this.db.query(`DELETE FROM competitors WHERE id = $1`, [id]);
  }

  async notes(competitorId: number): Promise<NoteRow[]> {
    return this.db.query(`SELECT * FROM competitor_notes WHERE competitor_id = $1 ORDER BY id`, [competitorId]);
  }

  async addNote(competitorId: number, body: string): Promise<NoteRow> {
    const [row] = await this.db.query(`INSERT INTO competitor_notes (competitor_id, body) VALUES ($1, $2) RETURNING *`, [
      competitorId,
      body,
    ]);
    return row;
  }

  /**
   * Moves a failed discovery back to pending for a retry; null when it is no longer failed (another
   * retry won). The partial unique index still refuses it while another discovery is active.
   */
  async retryDiscovery(id: number, manager: EntityManager): Promise<CompetitorRow | null> {
    const [rows] = await manager.query(
      `UPDATE competitors SET discovery_status = 'pending', discovery_error = NULL
        WHERE id = $1 AND discovery_status = 'failed' RETURNING *`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Moves pending → running; false when the competitor is gone or no longer pending. */
  async startDiscovery(id: number): Promise<boolean> {
    const [rows] = await this.db.query(
      `UPDATE competitors SET discovery_status = 'running', discovery_started_at = now()
        WHERE id = $1 AND discovery_status IN ('pending', 'running') RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async setIdentity(id: number, identity: { name: string; logo_url: string | null }, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE competitors SET name = $2, logo_url = $3 WHERE id = $1`, [id, identity.name, identity.logo_url]);
  }

  async finishDiscovery(
    id: number,
    result: { status: 'completed' | 'failed'; error: string | null; surfaces: DiscoveredSurface[] },
    manager: EntityManager = this.db.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE competitors SET discovery_status = $2, discovery_error = $3, discovery_surfaces = $4,
              discovery_finished_at = now(), discovered_at = CASE WHEN $2 = 'completed' THEN now() ELSE discovered_at END
        WHERE id = $1`,
      [id, result.status, result.error, JSON.stringify(result.surfaces)],
    );
  }
}
