import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { notFound } from '../common/errors';
import type { CompetitorRow } from '../competitors/competitors.repository';
import type { MonitorRow } from '../monitors/monitors.repository';
import type { WorkspaceRow } from '../workspaces/workspaces.repository';

/**
 * Account scoping for every record type: a record of another account is indistinguishable
 * from a missing one (404 not_found).
 */
@Injectable()
export class ScopedLookup {
  constructor(private readonly db: DataSource) {}

  private async one<T>(sql: string, params: unknown[], what: string, manager: EntityManager): Promise<T> {
    const [row] = await manager.query(sql, params);
    if (!row) throw notFound(what);
    return row as T;
  }

  workspace(accountId: number, id: number, manager: EntityManager = this.db.manager): Promise<WorkspaceRow> {
    return this.one(`SELECT * FROM workspaces WHERE id = $1 AND account_id = $2`, [id, accountId], 'workspace', manager);
  }

  competitor(accountId: number, id: number, manager: EntityManager = this.db.manager): Promise<CompetitorRow> {
    return this.one(`SELECT * FROM competitors WHERE id = $1 AND account_id = $2`, [id, accountId], 'competitor', manager);
  }

  monitor(accountId: number, id: number, manager: EntityManager = this.db.manager): Promise<MonitorRow> {
    return this.one(`SELECT * FROM monitors WHERE id = $1 AND account_id = $2`, [id, accountId], 'monitor', manager);
  }

  /**
   * Takes a row lock on the account so cap checks, quota spending and inserts of one account
   * serialise; it comes first in every such transaction (see `retryingTransaction`). NO KEY
   * UPDATE, so the foreign-key checks of rows that reference the account never wait on it.
   */
  async lockAccount(accountId: number, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, [accountId]);
  }
}
