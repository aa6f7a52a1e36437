import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ChangeEntity } from '../changes/change.entity';

/**
 * A plan a pricing change touched (`plans[growth]`, lower-cased), and whether it moved one of its
 * prices. Written by the `changes_plan_changes` trigger (see the migration), read to date each plan
 * of the pricing matrix with one index probe.
 */
@Entity('plan_changes')
@Index('plan_changes_plan_idx', ['monitor_id', 'plan_path', 'created_at'])
@Index('plan_changes_price_idx', ['monitor_id', 'plan_path', 'created_at'], { where: 'price' })
export class PlanChangeEntity {
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'plan_changes_pkey' })
  change_id: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'plan_changes_pkey' })
  plan_path: string;

  @Column({ type: 'integer' })
  monitor_id: number;

  @Column({ type: 'boolean' })
  price: boolean;

  @Column({ type: 'timestamptz' })
  created_at: Date;

  @ManyToOne(() => ChangeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_id', foreignKeyConstraintName: 'plan_changes_change_id_fkey' })
  change?: Relation<ChangeEntity>;
}
