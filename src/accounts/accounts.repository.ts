import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface AccountRow {
  id: number;
  name: string;
  plan_id: string;
  created_at: Date;
}

export interface ApiKeyRow {
  id: number;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface KeyLookup {
  key_id: number;
  account_id: number;
  plan_id: string;
}

@Injectable()
export class AccountsRepository {
  constructor(private readonly db: DataSource) {}

  async create(name: string, planId: string, manager: EntityManager = this.db.manager): Promise<AccountRow> {
    const [row] = await manager.query(`INSERT INTO accounts (name, plan_id) VALUES ($1, $2) RETURNING *`, [name, planId]);
    return row;
  }

  async byId(id: number): Promise<AccountRow | null> {
    const [row] = await this.db.query(`SELECT * FROM accounts WHERE id = $1`, [id]);
    return row ?? null;
  }

  async count(): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM accounts`);
    return row.n;
  }

  async setPlan(id: number, planId: string): Promise<AccountRow | null> {
    const [rows] = await this.db.query(`UPDATE accounts SET plan_id = $2 WHERE id = $1 RETURNING *`, [id, planId]);
    return rows?.[0] ?? null;
  }

  async insertKey(
    accountId: number,
    hash: string,
    prefix: string,
    manager: EntityManager = this.db.manager,
  ): Promise<{ id: number; prefix: string; created_at: Date }> {
    const [row] = await manager.query(
      `INSERT INTO api_keys (account_id, key_hash, prefix) VALUES ($1, $2, $3) RETURNING id, prefix, created_at`,
      [accountId, hash, prefix],
    );
    return row;
  }

  async revokeKey(keyId: number): Promise<boolean> {
    const [rows] = await this.db.query(
      `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
      [keyId],
    );
    return (rows?.length ?? 0) > 0;
  }

  async listKeys(accountId: number): Promise<ApiKeyRow[]> {
    return this.db.query(
      `SELECT id, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE account_id = $1 ORDER BY revoked_at IS NOT NULL, id DESC`,
      [accountId],
    );
  }

  /** Records use at most once a minute per key, so the hot path does not write on every request. */
  async touchKey(keyId: number): Promise<void> {
    await this.db.query(
      `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [keyId],
    );
  }

  async keyAccount(keyId: number): Promise<number | null> {
    const [row] = await this.db.query(`SELECT account_id FROM api_keys WHERE id = $1`, [keyId]);
    return row?.account_id ?? null;
  }

  async findActiveKey(hash: string): Promise<KeyLookup | null> {
    const [row] = await this.db.query(
      `SELECT k.id AS key_id, k.account_id, a.plan_id
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [hash],
    );
    return row ?? null;
  }
}
