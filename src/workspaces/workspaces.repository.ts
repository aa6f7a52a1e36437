import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { CompetitorEntity } from '../competitors/competitor.entity';
import { WorkspaceEntity } from './workspace.entity';
import { currentManager, transaction } from '../database/transaction-context';

export type WorkspaceRow = Pick<WorkspaceEntity, 'id' | 'account_id' | 'name' | 'slug' | 'created_at'>;

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

/** Raw: picks the first free slug inside the INSERT (generate_series), one statement with no read-then-write race. */
const INSERT_WITH_FREE_SLUG_SQL = `INSERT INTO workspaces (account_id, name, slug)
 SELECT $1, $2, candidate FROM (
   SELECT CASE WHEN n = 1 THEN $3 ELSE $3 || '-' || n END AS candidate, n
     FROM generate_series(1, 1000) AS n) c
  WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.account_id = $1 AND w.slug = c.candidate)
  ORDER BY n LIMIT 1
 RETURNING *`;

/** Raw: five correlated aggregates per workspace in one statement (the workspace list page): scalar subqueries QueryBuilder would only hold as strings. */
const STATS_SQL = `SELECT w.id AS workspace_id,
        COALESCE((SELECT sum(count)::int FROM change_counts cc
                   WHERE cc.workspace_id = w.id AND cc.review_status = 'unreviewed'), 0) AS needs_review_count,
        (SELECT max(severity_rank)::int FROM change_counts cc
          WHERE cc.workspace_id = w.id AND cc.review_status = 'unreviewed' AND cc.count > 0) AS max_unreviewed_rank,
        (SELECT count(*)::int FROM competitors c WHERE c.workspace_id = w.id) AS competitors_count,
        (SELECT count(*)::int FROM monitors m WHERE m.workspace_id = w.id) AS monitors_total,
        (SELECT count(*)::int FROM monitors m WHERE m.workspace_id = w.id AND m.status = 'paused') AS monitors_paused
   FROM workspaces w WHERE w.id = ANY($1::int[])`;

@Injectable()
export class WorkspacesRepository {
  constructor(
    @InjectRepository(WorkspaceEntity) private readonly workspaces: Repository<WorkspaceEntity>,
    @InjectRepository(CompetitorEntity) private readonly competitors: Repository<CompetitorEntity>,
  ) {}

  listForAccount(accountId: number): Promise<WorkspaceRow[]> {
    return this.workspaces.find({ where: { account_id: accountId }, order: { id: 'ASC' } });
  }

  findForAccount(accountId: number, id: number): Promise<WorkspaceRow | null> {
    const manager = currentManager(this.workspaces.manager);
    return manager.getRepository(WorkspaceEntity).findOneBy({ id, account_id: accountId });
  }

  countForAccount(accountId: number): Promise<number> {
    const manager = currentManager(this.workspaces.manager);
    return manager.getRepository(WorkspaceEntity).countBy({ account_id: accountId });
  }

  /**
   * Inserts with the first free slug; the unique index settles races between two creates.
   */
  async insert(accountId: number, name: string, slug: string): Promise<WorkspaceRow> {
    const manager = currentManager(this.workspaces.manager);
    const [row] = await manager.query(INSERT_WITH_FREE_SLUG_SQL, [accountId, name, slug]);
    return row;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.workspaces.update({ id }, { name });
  }

  /**
   * Its competitors, monitors, runs, snapshots, changes and notification settings go with it (ON
   * DELETE CASCADE). The competitors go first, while the workspace still exists: deleting a change
   * updates change_counts by trigger, which a cascade from the workspace itself would make point
   * at a workspace already gone.
   */
  async delete(id: number): Promise<void> {
    await transaction(this.workspaces.manager, async (manager) => {
      await manager.getRepository(CompetitorEntity).delete({ workspace_id: id });
      await manager.getRepository(WorkspaceEntity).delete({ id });
    });
  }

  async stats(workspaceIds: number[]): Promise<Map<number, WorkspaceStats>> {
    if (!workspaceIds.length) return new Map();
    const rows: WorkspaceStats[] = await this.workspaces.query(STATS_SQL, [workspaceIds]);
    return new Map(rows.map((row) => [row.workspace_id, row]));
  }

  async logos(workspaceId: number, limit: number): Promise<CompetitorLogo[]> {
    const rows = await this.competitors.find({
      select: { id: true, name: true, logo_url: true },
      where: { workspace_id: workspaceId, logo_url: Not(IsNull()) },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map((c) => ({ competitor_id: c.id, name: c.name, logo_url: c.logo_url! }));
  }
}
