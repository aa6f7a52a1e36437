import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import type { Cadence } from '../billing/plan';
import type { MonitorType } from '../capture/capture.types';
import { SnapshotEntity } from '../capture/snapshot.entity';
import type { Severity } from '../common/severity';

@Entity('monitors')
@Check('monitors_status_check', `status IN ('active', 'paused')`)
@Check('monitors_render_mode_check', `render_mode IN ('auto', 'browser')`)
// The scheduler's due set: active monitors by next check.
@Index('monitors_due_idx', ['next_check_at'], { where: `status = 'active'` })
// Partial indexes behind the ON DELETE SET NULL of the retention job's deletes.
@Index('monitors_last_run_idx', ['last_run_id'], { where: 'last_run_id IS NOT NULL' })
@Index('monitors_last_snapshot_idx', ['last_snapshot_id'], { where: 'last_snapshot_id IS NOT NULL' })
export class MonitorEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'monitors_pkey' })
  id: number;

  @Index('monitors_account_idx')
  @Column({ type: 'integer' })
  account_id: number;

  @Index('monitors_workspace_idx')
  @Column({ type: 'integer' })
  @ForeignKey('workspaces', { name: 'monitors_workspace_id_fkey', onDelete: 'CASCADE' })
  workspace_id: number;

  @Index('monitors_competitor_idx')
  @Column({ type: 'integer' })
  @ForeignKey('competitors', { name: 'monitors_competitor_id_fkey', onDelete: 'CASCADE' })
  competitor_id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text' })
  monitor_type: MonitorType;

  @Column({ type: 'text', default: 'daily' })
  cadence: Cadence;

  @Column({ type: 'text', default: 'active' })
  status: 'active' | 'paused';

  @Column({ type: 'text', default: 'info' })
  min_severity: Severity;

  @Column({ type: 'text', default: 'datacenter' })
  proxy_kind: 'datacenter' | 'residential';

  @Column({ type: 'text', default: 'auto' })
  render_mode: 'auto' | 'browser';

  @Column({ type: 'timestamptz', nullable: true })
  last_checked_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  next_check_at: Date | null;

  @Column({ type: 'integer', default: 0 })
  consecutive_failures: number;

  @Column({ type: 'bigint', nullable: true })
  @ForeignKey('runs', { name: 'monitors_last_run_fk', onDelete: 'SET NULL' })
  last_run_id: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_run_started_at: Date | null;

  @Column({ type: 'bigint', nullable: true })
  last_snapshot_id: number | null;

  @Column({ type: 'text', nullable: true })
  http_etag: string | null;

  @Column({ type: 'text', nullable: true })
  http_last_modified: string | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  /** Hash of the last fetched document: an unchanged page skips extraction. */
  @Column({ type: 'text', nullable: true })
  last_raw_hash: string | null;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'monitors_account_id_fkey' })
  account?: Relation<AccountEntity>;

  @ManyToOne(() => SnapshotEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'last_snapshot_id', foreignKeyConstraintName: 'monitors_last_snapshot_fk' })
  last_snapshot?: Relation<SnapshotEntity> | null;
}
