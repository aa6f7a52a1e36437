import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccountContext } from '../accounts/account-context';
import { slugify } from '../common/slug';
import { planLimitExceeded } from '../monitors/monitors.service';
import { ScopedLookup } from '../scoping/scoped-lookup';
import {
  CompactWorkspaceDto,
  toCompactWorkspace,
  toWorkspace,
  toWorkspaceDetail,
  WorkspaceDetailDto,
  WorkspaceDto,
} from './dto/workspace.response';
import { WorkspacesRepository } from './workspaces.repository';
import { transaction } from '../database/transaction-context';

const MAX_LOGOS = 12;

@Injectable()
export class WorkspacesService {
  constructor(
    private readonly db: DataSource,
    private readonly workspaces: WorkspacesRepository,
    private readonly scope: ScopedLookup,
  ) {}

  async list(account: AccountContext): Promise<WorkspaceDto[]> {
    const rows = await this.workspaces.listForAccount(account.accountId);
    const stats = await this.workspaces.stats(rows.map((r) => r.id));
    return rows.map((row) => toWorkspace(row, stats.get(row.id)));
  }

  async get(account: AccountContext, id: number): Promise<WorkspaceDetailDto> {
    const row = await this.scope.workspace(account.accountId, id);
    const [stats, logos] = await Promise.all([this.workspaces.stats([id]), this.workspaces.logos(id, MAX_LOGOS)]);
    return toWorkspaceDetail(row, stats.get(id), logos);
  }

  async create(account: AccountContext, name: string): Promise<CompactWorkspaceDto> {
    const row = await transaction(this.db, async () => {
      await this.scope.lockAccount(account.accountId);
      const count = await this.workspaces.countForAccount(account.accountId);
      if (count >= account.plan.max_workspaces) throw planLimitExceeded('workspaces', account.plan.max_workspaces);
      return this.workspaces.insert(account.accountId, name.trim(), slugify(name, 'workspace'));
    });
    return toCompactWorkspace(row);
  }

  /** A new display name; the slug stays, so links and integrations that use it keep working. */
  async rename(account: AccountContext, id: number, name: string): Promise<WorkspaceDetailDto> {
    await this.scope.workspace(account.accountId, id);
    await this.workspaces.rename(id, name.trim());
    return this.get(account, id);
  }

  /**
   * Deletes the workspace with everything in it. The last one may go too: an account without a
   * workspace is a state the application handles (it offers to create one, DESIGN §5a), and a
   * trial account (one workspace) could otherwise never start again.
   */
  async remove(account: AccountContext, id: number): Promise<{ deleted: true; id: number }> {
    await this.scope.workspace(account.accountId, id);
    await this.workspaces.delete(id);
    return { deleted: true, id };
  }
}
