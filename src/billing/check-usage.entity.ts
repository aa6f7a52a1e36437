import { Check, Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';

/** Checks spent by an account in one monthly period (the quota balance). */
@Entity('check_usage')
@Check('check_usage_checks_used_check', 'checks_used >= 0')
export class CheckUsageEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'check_usage_pkey' })
  @ForeignKey('accounts', { name: 'check_usage_account_id_fkey', onDelete: 'CASCADE' })
  account_id: number;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'check_usage_pkey' })
  period_start: string;

  @Column({ type: 'integer', default: 0 })
  checks_used: number;
}
