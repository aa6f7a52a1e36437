import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PlansRepository } from '../billing/plans.repository';
import { MAX_ACTIVE_KEYS, Plan, PLAN_IDS, PlanId } from '../billing/plan';
import { QuotaService, QuotaUsage } from '../billing/quota.service';
import { DomainError, ErrorCode } from '../common/errors';
import { AccountContext } from './account-context';
import { AccountRow, AccountsRepository, ApiKeyRow } from './accounts.repository';
import { generateApiKey, hashApiKey } from './api-key';
import { KeyCache } from './key-cache';
import { transaction } from '../database/transaction-context';

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
    return transaction(this.db, async () => {
      const account = await this.accounts.create(name.trim(), planId);
      const key = generateApiKey();
      await this.accounts.insertKey(account.id, key.hash, key.prefix);
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

  /** A new key, unless the account already holds as many active keys as its plan allows (422). */
  async createKey(accountId: number): Promise<{ apiKey: string; key: { id: number; prefix: string } }> {
    const key = generateApiKey();
    const row = await transaction(this.db, async () => {
      const account = await this.accounts.lockForKeys(accountId);
      if (!account) throw new AccountsError(`account ${accountId} not found`);
      const cap = MAX_ACTIVE_KEYS[account.plan_id as PlanId];
      if ((await this.accounts.countActiveKeys(accountId)) >= cap) {
        throw new DomainError(ErrorCode.ValidationFailed, `The ${account.plan_id} plan allows at most ${cap} active API keys; revoke one first.`);
      }
      return this.accounts.insertKey(accountId, key.hash, key.prefix);
    });
    return { apiKey: key.key, key: { id: row.id, prefix: row.prefix } };
  }

  async revokeKey(keyId: number): Promise<void> {
    if (!(await this.accounts.revokeKey(keyId))) throw new AccountsError(`active key ${keyId} not found`);
    await this.keyCache.invalidate();
  }

  private readonly lastUseNoted = new Map<number, number>();

  /** `last_used_at` for the keys page, written at most once a minute per key and never awaited. */
  private noteUse(keyId: number): void {
    const now = Date.now();
    if ((this.lastUseNoted.get(keyId) ?? 0) > now - 60_000) return;
    if (this.lastUseNoted.size > 10_000) this.lastUseNoted.clear();
    this.lastUseNoted.set(keyId, now);
    this.accounts.touchKey(keyId).catch(() => this.lastUseNoted.delete(keyId));
  }

  async countAccounts(): Promise<number> {
    return this.accounts.count();
  }

  async authenticate(apiKey: string): Promise<AccountContext | null> {
    const hash = hashApiKey(apiKey);
    const cached = this.keyCache.get(hash);
    if (cached !== undefined) {
      if (cached) this.noteUse(cached.keyId);
      return cached;
    }
    const found = await this.accounts.findActiveKey(hash);
    const context = found ? { accountId: found.account_id, keyId: found.key_id, plan: await this.plan(found.plan_id) } : null;
    this.keyCache.set(hash, context);
    if (context) this.noteUse(context.keyId);
    return context;
  }

  /** The caller context of a signed-in user of the application (no API key: keyId 0). */
  async contextFor(accountId: number): Promise<AccountContext> {
    const account = await this.accounts.byId(accountId);
    if (!account) throw new AccountsError(`account ${accountId} not found`);
    return { accountId, keyId: 0, plan: await this.plan(account.plan_id) };
  }

  listKeys(accountId: number): Promise<ApiKeyRow[]> {
    return this.accounts.listKeys(accountId);
  }

  /** Revokes a key of this account; another account's key is not found. */
  async revokeAccountKey(accountId: number, keyId: number): Promise<void> {
    if ((await this.accounts.keyAccount(keyId)) !== accountId) throw new AccountsError('key not found');
    await this.revokeKey(keyId);
  }

  async describe(context: AccountContext): Promise<{ account: AccountRow; plan: Plan; usage: QuotaUsage }> {
    const account = await this.accounts.byId(context.accountId);
    const plan = await this.plan(account!.plan_id);
    return { account: account!, plan, usage: await this.quota.usage(account!.id, plan) };
  }
}
