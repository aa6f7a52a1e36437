import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DomainError, ErrorCode } from '../common/errors';
import { PreparedQuery } from '../database/prepared-query';
import { CheckUsageEntity } from './check-usage.entity';
import type { Plan } from './plan';
import { currentManager } from '../database/transaction-context';

export interface QuotaPeriod {
  start: Date;
  end: Date;
}

/** Calendar month in UTC (DESIGN §6.9). */
export function quotaPeriod(now = new Date()): QuotaPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export interface QuotaUsage {
  checks_used: number;
  checks_remaining: number;
  period_start: string;
  period_end: string;
}

function quotaExceeded(): DomainError {
  return new DomainError(ErrorCode.QuotaExceeded, 'no checks remain this month; upgrade the plan or wait for the period reset');
}

/**
 * The monthly check balance. Spending is one conditional upsert, so concurrent requests can
 * never take the balance below zero; the quota always fails closed.
 */
/** Raw: a conditional upsert (ON CONFLICT … WHERE) in one round trip, on the hot path of every check. */
const SPEND_SQL = `INSERT INTO check_usage AS u (account_id, period_start, checks_used) VALUES ($1, $2, $3)
 ON CONFLICT (account_id, period_start) DO UPDATE SET checks_used = u.checks_used + EXCLUDED.checks_used
 WHERE u.checks_used + EXCLUDED.checks_used <= $4
 RETURNING checks_used`;

@Injectable()
export class QuotaService {
  constructor(@InjectRepository(CheckUsageEntity) private readonly usages: Repository<CheckUsageEntity>) {}

  /** Spends `count` checks or throws 429 quota_exceeded, spending nothing. */
  async spend(accountId: number, plan: Plan, count: number): Promise<void> {
    if (!(await this.trySpend(accountId, plan, count))) throw quotaExceeded();
  }

  /** Spends `count` checks when they fit; false otherwise. */
  async trySpend(accountId: number, plan: Plan, count: number): Promise<boolean> {
    const manager = currentManager(this.usages.manager);
    if (count <= 0) return true;
    if (count > plan.checks_per_month) return false;
    const period = quotaPeriod().start.toISOString().slice(0, 10);
    const rows: unknown[] = await manager.query(SPEND_SQL, [accountId, period, count, plan.checks_per_month]);
    return rows.length > 0;
  }

  /** Read on every GET /account: the raw column, without entity hydration, built once. */
  private readonly usageQuery = new PreparedQuery<{ accountId: number; start: string }>(['accountId', 'start'], () =>
    this.usages
      .createQueryBuilder('u')
      .select('u.checks_used', 'checks_used')
      .where('u.account_id = :accountId AND u.period_start = :start'),
  );

  async usage(accountId: number, plan: Plan): Promise<QuotaUsage> {
    const period = quotaPeriod();
    const row = await this.usageQuery.first<{ checks_used: number }>({ accountId, start: period.start.toISOString().slice(0, 10) });
    const used = row?.checks_used ?? 0;
    return {
      checks_used: used,
      checks_remaining: Math.max(plan.checks_per_month - used, 0),
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
    };
  }
}
