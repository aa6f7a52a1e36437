import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import type { Plan } from './plan';
import { PlanEntity } from './plan.entity';

@Injectable()
export class PlansRepository {
  private cache: Map<string, Plan> | null = null;

  constructor(
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
  ) {}

  /** Plans change only by migration, so one read per process is enough. */
  async byId(id: string): Promise<Plan | null> {
    if (!this.cache) {
      const rows = await this.plans.find();
      this.cache = new Map(rows.map((row) => [row.id, { ...row }]));
    }
    return this.cache.get(id) ?? null;
  }

  async forAccount(accountId: number): Promise<Plan> {
    const account = await this.accounts.findOne({ select: { plan_id: true }, where: { id: accountId } });
    const plan = account ? await this.byId(account.plan_id) : null;
    if (!plan) throw new Error(`account ${accountId} has no plan`);
    return plan;
  }
}
