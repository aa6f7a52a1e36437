import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PlanEntity } from '../billing/plan.entity';

@Entity('accounts')
export class AccountEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'accounts_pkey' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  plan_id: string;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @ManyToOne(() => PlanEntity)
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'accounts_plan_id_fkey' })
  plan?: Relation<PlanEntity>;
}
