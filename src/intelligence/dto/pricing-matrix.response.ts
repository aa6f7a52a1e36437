import { ApiProperty } from '@nestjs/swagger';
import type { PricingPlan } from '../../capture/capture.types';
import type { PricingCaptureRow } from '../intelligence.repository';
import type { PlanChangeTimes } from '../plan-changes';

const PERIODS = ['month', 'year', 'week', 'day', 'hour', 'one_time', 'unknown'];

export class PriceDto {
  /** as written on the page; null for a price without a number (custom, contact sales) */
  @ApiProperty({ example: 49 })
  amount: number | null;
  /** ISO 4217 as read from the page; never converted */
  @ApiProperty({ example: 'USD' }) currency: string | null;
  @ApiProperty({ example: 'month', enum: PERIODS }) period: string;
  @ApiProperty({ example: 'per user' }) unit: string | null;
  /** billing cadence, present when it is not the period: "$3 per month, billed annually" is 3 a month billed annually */
  @ApiProperty({ example: 'annually' }) billing?: 'annually';
}

export class PlanDto {
  @ApiProperty({ example: 'Pro' }) name: string;
  prices: PriceDto[];
  @ApiProperty({ example: ['Unlimited projects', 'Priority support'] }) features: string[];
  @ApiProperty({ example: false }) free: boolean;
  @ApiProperty({ example: false }) contact_sales: boolean;
  /** when the last change touching this plan (its name, prices, features or call to action) was recorded, up to as_of; null if none */
  @ApiProperty({ example: '2026-11-20T09:00:00.000Z' })
  changed_at: string | null;
}

export class PricingMatrixCompetitorDto {
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ example: 12 }) monitor_id: number;
  @ApiProperty({ example: 'https://acme.example/pricing' }) source_url: string;
  /** when the capture the plans come from was taken */
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) captured_at: string;
  plans: PlanDto[];
}

export class PricingMatrixDto {
  @ApiProperty({ example: 1 }) workspace_id: number;
  /** the time asked for, or now */
  @ApiProperty({ example: '2026-11-25T00:00:00.000Z' }) as_of: string;
  /** one entry per competitor with a pricing monitor captured by as_of, by name */
  competitors: PricingMatrixCompetitorDto[];
}

export class PricingMatrixResponse {
  pricing_matrix: PricingMatrixDto;
}

/** A plan as the service reads it: the response's fields and when its prices last moved (the application marks those). */
export interface MatrixPlan extends PlanDto {
  prices_changed_at: string | null;
}
export interface MatrixCompetitor extends Omit<PricingMatrixCompetitorDto, 'plans'> {
  plans: MatrixPlan[];
}
export interface PricingMatrix extends Omit<PricingMatrixDto, 'competitors'> {
  competitors: MatrixCompetitor[];
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A capture's plans: prices keep their currency, period and unit as read. */
export function toMatrixCompetitor(row: PricingCaptureRow, timesOf: (plan: PricingPlan) => PlanChangeTimes | undefined): MatrixCompetitor {
  return {
    competitor_id: row.competitor_id,
    name: row.name,
    monitor_id: row.monitor_id,
    source_url: row.source_url,
    captured_at: new Date(row.captured_at).toISOString(),
    plans: (row.plans ?? []).map((plan) => ({
      name: plan.name,
      prices: (plan.prices ?? []).map((p) => ({ amount: p.amount, currency: p.currency, period: p.period, unit: p.unit, ...(p.billing ? { billing: p.billing } : {}) })),
      features: plan.features ?? [],
      free: Boolean(plan.free),
      contact_sales: Boolean(plan.contact_sales),
      changed_at: iso(timesOf(plan)?.plan ?? null),
      prices_changed_at: iso(timesOf(plan)?.prices ?? null),
    })),
  };
}

export function toPlanDto({ prices_changed_at: _, ...plan }: MatrixPlan): PlanDto {
  return plan;
}

export function toPricingMatrixDto(matrix: PricingMatrix): PricingMatrixDto {
  return { ...matrix, competitors: matrix.competitors.map((c) => ({ ...c, plans: c.plans.map(toPlanDto) })) };
}
