import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Plan } from './plan';
import { PlanEntity } from './plan.entity';

@Injectable()
export class PlansRepository {
  private cache: Map<string, Plan> | null = null;

  constructor(@InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>) {}

  /** Plans change only by migration, so one read per process is enough. */
  async byId(id: string): Promise<Plan | null> {
    if (!this.cache) {
      const rows = await this.plans.find();
      this.cache = new Map(rows.map((row) => [row.id, { ...row }]));
    }
    return this.cache.get(id) ?? null;
  }

  async forAccount(accountId: number): Promise<Plan> {
    // The accounts table by name: billing sits below accounts and reads only the plan column.
    const [account]: { plan_id: string }[] = await this.plans.query(`SELECT plan_id FROM accounts WHERE id = $1`, [accountId]);
    const plan = account ? await this.byId(account.plan_id) : null;
    if (!plan) throw new Error(`account ${accountId} has no plan`);
    return plan;
  }
}
