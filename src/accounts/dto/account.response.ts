import { ApiProperty } from '@nestjs/swagger';
import type { Plan } from '../../billing/plan';
import type { QuotaUsage } from '../../billing/quota.service';
import type { AccountRow } from '../accounts.repository';

class PlanLimitsDto {
  @ApiProperty({ example: 1200 }) requests_per_minute: number;
  @ApiProperty({ example: 10000 }) checks_per_month: number;
  @ApiProperty({ example: 10 }) workspaces: number;
  @ApiProperty({ example: 100 }) monitors: number;
  @ApiProperty({ example: 'hourly', enum: ['hourly', 'six_hourly', 'daily', 'weekly'] }) min_cadence: string;
}

class UsageDto {
  @ApiProperty({ example: 12 }) checks_used: number;
  @ApiProperty({ example: 9988 }) checks_remaining: number;
  @ApiProperty({ example: '2026-11-01T00:00:00.000Z' }) period_start: string;
  @ApiProperty({ example: '2026-12-01T00:00:00.000Z' }) period_end: string;
}

class AccountDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Acme Marketing' }) name: string;
  @ApiProperty({ example: 'pro', enum: ['trial', 'starter', 'growth', 'pro'] }) plan: string;
  limits: PlanLimitsDto;
  usage: UsageDto;
  @ApiProperty({ example: '2026-11-02T09:00:00.000Z' }) created_at: string;
}

export class AccountResponse {
  account: AccountDto;
}

export function toAccountResponse(input: { account: AccountRow; plan: Plan; usage: QuotaUsage }): AccountResponse {
  const { account, plan, usage } = input;
  return {
    account: {
      id: account.id,
      name: account.name,
      plan: plan.id,
      limits: {
        requests_per_minute: plan.requests_per_minute,
        checks_per_month: plan.checks_per_month,
        workspaces: plan.max_workspaces,
        monitors: plan.max_monitors,
        min_cadence: plan.min_cadence,
      },
      usage,
      created_at: new Date(account.created_at).toISOString(),
    },
  };
}
