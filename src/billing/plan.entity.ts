import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Cadence, PlanId } from './plan';

/** A plan's limits; rows are seeded and changed by migrations only. */
@Entity('plans')
export class PlanEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'plans_pkey' })
  id: PlanId;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'integer' })
  requests_per_minute: number;

  @Column({ type: 'integer' })
  checks_per_month: number;

  @Column({ type: 'integer' })
  max_workspaces: number;

  @Column({ type: 'integer' })
  max_monitors: number;

  @Column({ type: 'text' })
  min_cadence: Cadence;
}
