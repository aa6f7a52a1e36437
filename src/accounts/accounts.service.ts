import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PlansRepository } from '../billing/plans.repository';
import { Plan, PLAN_IDS } from '../billing/plan';
import { QuotaService, QuotaUsage } from '../billing/quota.service';
import { AccountContext } from './account-context';
import { AccountRow, AccountsRepository } from './accounts.repository';
import { generateApiKey, hashApiKey } from './api-key';
import { KeyCache } from './key-cache';

export class AccountsError extends Error {}

@Injectable()
export class AccountsService {
  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly plans: PlansRepository,
    private readonly quota: QuotaService,
    private readonly keyCache: KeyCache,
  ) {}

  private async plan(planId: string): Promise<Plan> {
    const plan = await this.plans.byId(planId);
    if (!plan) throw new AccountsError(`unknown plan "${planId}"; one of ${PLAN_IDS.join(', ')}`);
    return plan;
  }

  async createAccount(name: string, planId: string): Promise<{ account: AccountRow; apiKey: string }> {
    await this.plan(planId);
    if (!name.trim()) throw new AccountsError('account name is required');
    return this.db.transaction(async (manager) => {
      const account = await this.accounts.create(name.trim(), planId, manager);
      const key = generateApiKey();
      await this.accounts.insertKey(account.id, key.hash, key.prefix, manager);
      return { account, apiKey: key.key };
    });
  }

  async setPlan(accountId: number, planId: string): Promise<AccountRow> {
    await this.plan(planId);
    const account = await this.accounts.setPlan(accountId, planId);
    if (!account) throw new AccountsError(`account ${accountId} not found`);
    await this.keyCache.invalidate();
    return account;
  }

  async createKey(accountId: number): Promise<{ apiKey: string; key: { id: number; prefix: string } }> {
    if (!(await this.accounts.byId(accountId))) throw new AccountsError(`account ${accountId} not found`);
    const key = generateApiKey();
    const row = await this.accounts.insertKey(accountId, key.hash, key.prefix);
    return { apiKey: key.key, key: { id: row.id, prefix: row.prefix } };
  }

  async revokeKey(keyId: number): Promise<void> {
    if (!(await this.accounts.revokeKey(keyId))) throw new AccountsError(`active key ${keyId} not found`);
    await this.keyCache.invalidate();
  }

  async countAccounts(): Promise<number> {
    return this.accounts.count();
  }

  async authenticate(apiKey: string): Promise<AccountContext | null> {
    const hash = hashApiKey(apiKey);
    const cached = this.keyCache.get(hash);
    if (cached !== undefined) return cached;
    const found = await this.accounts.findActiveKey(hash);
    const context = found ? { accountId: found.account_id, keyId: found.key_id, plan: await this.plan(found.plan_id) } : null;
    this.keyCache.set(hash, context);
    return context;
  }

  async describe(context: AccountContext): Promise<{ account: AccountRow; plan: Plan; usage: QuotaUsage }> {
    const account = await this.accounts.byId(context.accountId);
    const plan = await this.plan(account!.plan_id);
    return { account: account!, plan, usage: await this.quota.usage(account!.id, plan) };
  }
}
