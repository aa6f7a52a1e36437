import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { AccountEntity } from './account.entity';
import { PreparedQuery } from '../database/prepared-query';
import { ApiKeyEntity } from './api-key.entity';
import { currentManager } from '../database/transaction-context';

export type AccountRow = Pick<AccountEntity, 'id' | 'name' | 'plan_id' | 'created_at'>;

export type ApiKeyRow = Pick<ApiKeyEntity, 'id' | 'prefix' | 'created_at' | 'last_used_at' | 'revoked_at'>;

export interface KeyLookup {
  key_id: number;
  account_id: number;
  plan_id: string;
}

const ACCOUNT_COLUMNS = ['id', 'name', 'plan_id', 'created_at'];

@Injectable()
export class AccountsRepository {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
  ) {}

  async create(name: string, planId: string): Promise<AccountRow> {
    const manager = currentManager(this.accounts.manager);
    const { raw } = await manager
      .createQueryBuilder()
      .insert()
      .into(AccountEntity)
      .values({ name, plan_id: planId })
      .returning(ACCOUNT_COLUMNS)
      .execute();
    return raw[0];
  }

  /** Read on every GET /account: raw columns, without entity hydration, built once. */
  private readonly byIdQuery = new PreparedQuery<{ id: number }>(['id'], () =>
    ACCOUNT_COLUMNS.reduce((query, column) => query.addSelect(`a.${column}`, column), this.accounts.createQueryBuilder('a').select([])).where(
      'a.id = :id',
    ),
  );

  async byId(id: number): Promise<AccountRow | null> {
    return (await this.byIdQuery.first<AccountRow>({ id })) ?? null;
  }

  count(): Promise<number> {
    return this.accounts.count();
  }

  async setPlan(id: number, planId: string): Promise<AccountRow | null> {
    const { raw } = await this.accounts
      .createQueryBuilder()
      .update()
      .set({ plan_id: planId })
      .where('id = :id', { id })
      .returning(ACCOUNT_COLUMNS)
      .execute();
    return raw[0] ?? null;
  }

  /**
   * The account's plan, its row locked until the transaction ends, so that two key creations
   * take turns counting the active keys (FOR NO KEY UPDATE: foreign-key checks never wait on it).
   */
  async lockForKeys(accountId: number): Promise<{ plan_id: string } | null> {
    const manager = currentManager(this.accounts.manager);
    const row = await manager
      .createQueryBuilder(AccountEntity, 'a')
      .select('a.plan_id', 'plan_id')
      .where('a.id = :accountId', { accountId })
      .setLock('for_no_key_update')
      .getRawOne<{ plan_id: string }>();
    return row ?? null;
  }

  countActiveKeys(accountId: number): Promise<number> {
    const manager = currentManager(this.accounts.manager);
    return manager.getRepository(ApiKeyEntity).countBy({ account_id: accountId, revoked_at: IsNull() });
  }

  async insertKey(
    accountId: number,
    hash: string,
    prefix: string,
  ): Promise<{ id: number; prefix: string; created_at: Date }> {
    const manager = currentManager(this.keys.manager);
    const { raw } = await manager
      .createQueryBuilder()
      .insert()
      .into(ApiKeyEntity)
      .values({ account_id: accountId, key_hash: hash, prefix })
      .returning(['id', 'prefix', 'created_at'])
      .execute();
    return raw[0];
  }

  async revokeKey(keyId: number): Promise<boolean> {
    const { affected } = await this.keys
      .createQueryBuilder()
      .update()
      .set({ revoked_at: () => 'now()' })
      .where('id = :keyId AND revoked_at IS NULL', { keyId })
      .execute();
    return (affected ?? 0) > 0;
  }

  /** Active keys first, newest first. */
  listKeys(accountId: number): Promise<ApiKeyRow[]> {
    return this.keys
      .createQueryBuilder('k')
      .select(['k.id', 'k.prefix', 'k.created_at', 'k.last_used_at', 'k.revoked_at'])
      .where('k.account_id = :accountId', { accountId })
      .orderBy('k.revoked_at IS NOT NULL')
      .addOrderBy('k.id', 'DESC')
      .getMany();
  }

  /** Records use at most once a minute per key, so the hot path does not write on every request. */
  async touchKey(keyId: number): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .update()
      .set({ last_used_at: () => 'now()' })
      .where(`id = :keyId AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, { keyId })
      .execute();
  }

  async keyAccount(keyId: number): Promise<number | null> {
    const key = await this.keys.findOne({ select: { account_id: true }, where: { id: keyId } });
    return key?.account_id ?? null;
  }

  async findActiveKey(hash: string): Promise<KeyLookup | null> {
    const row = await this.keys
      .createQueryBuilder('k')
      .innerJoin('k.account', 'a')
      .select('k.id', 'key_id')
      .addSelect('k.account_id', 'account_id')
      .addSelect('a.plan_id', 'plan_id')
      .where('k.key_hash = :hash AND k.revoked_at IS NULL', { hash })
      .getRawOne<KeyLookup>();
    return row ?? null;
  }
}
