import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { SnapshotEntity } from '../capture/snapshot.entity';
import type { Severity } from '../common/severity';
import { CompetitorEntity } from '../competitors/competitor.entity';
import { MonitorEntity } from '../monitors/monitor.entity';
import { RunEntity } from '../monitors/run.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { ReviewStatus } from './change.types';

/**
 * A detected, interpreted change. Triggers (see the migrations) keep `change_counts` and
 * `reviewed_at` current. The feed indexes have descending keys and the digest index INCLUDE
 * columns, which TypeORM cannot express: they are declared `synchronize: false` and the
 * migrations own them.
 */
@Entity('changes')
@Check('changes_review_status_check', `review_status IN ('unreviewed', 'acknowledged', 'dismissed')`)
// (workspace_id, created_at DESC, id DESC, review_status, severity_rank, competitor_id, monitor_type)
@Index('changes_feed_by_workspace_idx', { synchronize: false })
// (competitor_id, created_at DESC, id DESC, review_status, severity_rank, monitor_type)
@Index('changes_feed_by_competitor_idx', { synchronize: false })
// (workspace_id, review_status, created_at DESC, id DESC, severity_rank, competitor_id, monitor_type)
@Index('changes_feed_by_status_idx', { synchronize: false })
// (workspace_id, created_at) INCLUDE (id, competitor_id, severity_rank, review_status, opportunity_score)
@Index('changes_digest_idx', { synchronize: false })
@Index('changes_reviewed_idx', ['workspace_id', 'reviewed_at'], { where: 'reviewed_at IS NOT NULL' })
@Index('changes_notify_pending_idx', ['created_at'], { where: 'notify_pending' })
// Partial indexes behind the ON DELETE SET NULL of the retention job's deletes.
// A difference is recorded once per monitor and previous snapshot.
@Index('changes_monitor_previous_snapshot_key', ['monitor_id', 'previous_snapshot_id'], { unique: true })
@Index('changes_run_idx', ['run_id'], { where: 'run_id IS NOT NULL' })
@Index('changes_snapshot_idx', ['snapshot_id'], { where: 'snapshot_id IS NOT NULL' })
@Index('changes_previous_snapshot_idx', ['previous_snapshot_id'], { where: 'previous_snapshot_id IS NOT NULL' })
export class ChangeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'changes_pkey' })
  id: number;

  @Column({ type: 'integer' })
  account_id: number;

  @Column({ type: 'integer' })
  workspace_id: number;

  @Column({ type: 'integer' })
  competitor_id: number;

  @Index('changes_monitor_idx')
  @Column({ type: 'integer' })
  monitor_id: number;

  @Column({ type: 'bigint', nullable: true })
  run_id: number | null;

  @Column({ type: 'bigint', nullable: true })
  snapshot_id: number | null;

  @Column({ type: 'bigint', nullable: true })
  previous_snapshot_id: number | null;

  @Column({ type: 'text' })
  monitor_type: string;

  @Column({ type: 'text' })
  severity: Severity;

  @Column({ type: 'smallint' })
  severity_rank: number;

  @Column({ type: 'integer' })
  severity_score: number;

  @Column({ type: 'text' })
  summary: string;

  @Column({ type: 'text' })
  why_it_matters: string;

  @Column({ type: 'text', nullable: true })
  recommended_action: string | null;

  @Column({ type: 'integer', default: 0 })
  opportunity_score: number;

  @Column({ type: 'text', default: 'unreviewed' })
  review_status: ReviewStatus;

  @Column({ type: 'text' })
  category: string;

  @Column({ type: 'text' })
  direction: string;

  @Column({ type: 'jsonb' })
  delta: { added: number; removed: number; modified?: number };

  @Column({ type: 'jsonb' })
  field_diffs: unknown[];

  @Column({ type: 'jsonb', default: [] })
  clusters: unknown[];

  @Column({ type: 'jsonb' })
  evidence: Record<string, unknown>;

  @Column({ type: 'jsonb', default: {} })
  enrichment: Record<string, unknown>;

  @Column({ type: 'text' })
  interpreted_by: string;

  @Column({ type: 'timestamptz' })
  interpreted_at: Date;

  @Column({ type: 'text' })
  source_url: string;

  @Column({ type: 'text', nullable: true })
  raw_diff: string | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  /** Set by a trigger when the review status leaves `unreviewed`. */
  @Column({ type: 'timestamptz', nullable: true })
  reviewed_at: Date | null;

  /** The change's notification is still to be routed (outbox). */
  @Column({ type: 'boolean', default: false })
  notify_pending: boolean;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'changes_account_id_fkey' })
  account?: Relation<AccountEntity>;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'changes_workspace_id_fkey' })
  workspace?: Relation<WorkspaceEntity>;

  @ManyToOne(() => CompetitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competitor_id', foreignKeyConstraintName: 'changes_competitor_id_fkey' })
  competitor?: Relation<CompetitorEntity>;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'changes_monitor_id_fkey' })
  monitor?: Relation<MonitorEntity>;

  @ManyToOne(() => RunEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'changes_run_id_fkey' })
  run?: Relation<RunEntity> | null;

  @ManyToOne(() => SnapshotEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'snapshot_id', foreignKeyConstraintName: 'changes_snapshot_id_fkey' })
  snapshot?: Relation<SnapshotEntity> | null;

  @ManyToOne(() => SnapshotEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'previous_snapshot_id', foreignKeyConstraintName: 'changes_previous_snapshot_id_fkey' })
  previous_snapshot?: Relation<SnapshotEntity> | null;
}
