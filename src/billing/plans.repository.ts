import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Plan } from './plan';

@Injectable()
export class PlansRepository {
  private cache: Map<string, Plan> | null = null;

  constructor(private readonly db: DataSource) {}

  /** Plans change only by migration, so one read per process is enough. */
  async byId(id: string): Promise<Plan | null> {
    if (!this.cache) {
      const rows: Plan[] = await this.db.query(`SELECT * FROM plans`);
      this.cache = new Map(rows.map((row) => [row.id, row]));
    }
    return this.cache.get(id) ?? null;
  }

  async forAccount(accountId: number): Promise<Plan> {
    const [row] = await this.db.query(`SELECT plan_id FROM accounts WHERE id = $1`, [accountId]);
    const plan = row ? await this.byId(row.plan_id) : null;
    if (!plan) throw new Error(`account ${accountId} has no plan`);
    return plan;
  }
}
