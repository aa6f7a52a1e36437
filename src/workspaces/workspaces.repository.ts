import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface WorkspaceRow {
  id: number;
  account_id: number;
  name: string;
  slug: string;
  created_at: Date;
}

export interface WorkspaceStats {
  workspace_id: number;
  needs_review_count: number;
  max_unreviewed_rank: number | null;
  competitors_count: number;
  monitors_total: number;
  monitors_paused: number;
}

export interface CompetitorLogo {
  competitor_id: number;
  name: string;
  logo_url: string;
}

@Injectable()
export class WorkspacesRepository {
  constructor(private readonly db: DataSource) {}

  async listForAccount(accountId: number): Promise<WorkspaceRow[]> {
    return this.db.query(`SELECT * FROM workspaces WHERE account_id = $1 ORDER BY id`, [accountId]);
  }

  async findForAccount(accountId: number, id: number, manager: EntityManager = this.db.manager): Promise<WorkspaceRow | null> {
    const [row] = await manager.query(`SELECT * FROM workspaces WHERE id = $1 AND account_id = $2`, [id, accountId]);
    return row ?? null;
  }

  async countForAccount(accountId: number, manager: EntityManager): Promise<number> {
    const [row] = await manager.query(`SELECT count(*)::int AS n FROM workspaces WHERE account_id = $1`, [accountId]);
    return row.n;
  }

  /** Inserts with the first free slug; the unique index settles races between two creates. */
  async insert(accountId: number, name: string, slug: string, manager: EntityManager): Promise<WorkspaceRow> {
    const [row] = await manager.query(
      `INSERT INTO workspaces (account_id, name, slug)
       SELECT $1, $2, candidate FROM (
         SELECT CASE WHEN n = 1 THEN $3 ELSE $3 || '-' || n END AS candidate, n
           FROM generate_series(1, 1000) AS n) c
        WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.account_id = $1 AND w.slug = c.candidate)
        ORDER BY n LIMIT 1
       RETURNING *`,
      [accountId, name, slug],
    );
    return row;
  }

  async stats(workspaceIds: number[]): Promise<Map<number, WorkspaceStats>> {
    if (!workspaceIds.length) return new Map();
    const rows: WorkspaceStats[] = await this.db.query(
      `SELECT w.id AS workspace_id,
              COALESCE((SELECT sum(count)::int FROM change_counts cc
                         WHERE cc.workspace_id = w.id AND cc.review_status = 'unreviewed'), 0) AS needs_review_count,
              (SELECT max(severity_rank)::int FROM change_counts cc
                WHERE cc.workspace_id = w.id AND cc.review_status = 'unreviewed' AND cc.count > 0) AS max_unreviewed_rank,
              (SELECT count(*)::int FROM competitors c WHERE c.workspace_id = w.id) AS competitors_count,
              (SELECT count(*)::int FROM monitors m WHERE m.workspace_id = w.id) AS monitors_total,
              (SELECT count(*)::int FROM monitors m WHERE m.workspace_id = w.id AND m.status = 'paused') AS monitors_paused
         FROM workspaces w WHERE w.id = ANY($1::int[])`,
      [workspaceIds],
    );
    return new Map(rows.map((row) => [row.workspace_id, row]));
  }

  async logos(workspaceId: number, limit: number): Promise<CompetitorLogo[]> {
    return this.db.query(
      `SELECT id AS competitor_id, name, logo_url FROM competitors
        WHERE workspace_id = $1 AND logo_url IS NOT NULL ORDER BY id LIMIT $2`,
      [workspaceId, limit],
    );
  }
}
