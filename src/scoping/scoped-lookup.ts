import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { notFound } from '../common/errors';
import { CompetitorEntity } from '../competitors/competitor.entity';
import type { CompetitorRow } from '../competitors/competitors.repository';
import { MonitorEntity } from '../monitors/monitor.entity';
import type { MonitorRow } from '../monitors/monitors.repository';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { WorkspaceRow } from '../workspaces/workspaces.repository';
import { currentManager } from '../database/transaction-context';

/**
 * Account scoping for every record type: a record of another account is indistinguishable
 * from a missing one (404 not_found).
 */
@Injectable()
export class ScopedLookup {
  constructor(private readonly db: DataSource) {}

  private found<T>(row: T | null, what: string): T {
    if (!row) throw notFound(what);
    return row;
  }

  async workspace(accountId: number, id: number): Promise<WorkspaceRow> {
    const manager = currentManager(this.db.manager);
    return this.found(await manager.getRepository(WorkspaceEntity).findOneBy({ id, account_id: accountId }), 'workspace');
  }

  async competitor(accountId: number, id: number): Promise<CompetitorRow> {
    const manager = currentManager(this.db.manager);
    return this.found(await manager.getRepository(CompetitorEntity).findOneBy({ id, account_id: accountId }), 'competitor');
  }

  async monitor(accountId: number, id: number): Promise<MonitorRow> {
    const manager = currentManager(this.db.manager);
    return this.found(await manager.getRepository(MonitorEntity).findOneBy({ id, account_id: accountId }), 'monitor');
  }

  /** The workspace's competitor whose discovery is pending or running, if any (at most one: a partial unique index). */
  activeDiscovery(workspaceId: number): Promise<Pick<CompetitorRow, 'id'> | null> {
    return this.db.getRepository(CompetitorEntity).findOne({
      select: { id: true },
      where: { workspace_id: workspaceId, discovery_status: In(['pending', 'running']) },
    });
  }

  /**
   * Takes a row lock on the account so cap checks, quota spending and inserts of one account
   * serialise; it comes first in every such transaction (see `retryingTransaction`). NO KEY
   * UPDATE, so the foreign-key checks of rows that reference the account never wait on it.
   */
  async lockAccount(accountId: number): Promise<void> {
    const manager = currentManager(this.db.manager);
    await manager
      .createQueryBuilder(AccountEntity, 'a')
      .select('a.id')
      .where('a.id = :accountId', { accountId })
      .setLock('for_no_key_update')
      .getRawOne();
  }
}
