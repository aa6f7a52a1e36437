import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { ReviewStatus } from './change.types';

/** Feed counters kept by the triggers on `changes`, so feed meta never counts a million rows. */
@Entity('change_counts')
export class ChangeCountEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'change_counts_pkey' })
  workspace_id: number;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'change_counts_pkey' })
  competitor_id: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'change_counts_pkey' })
  monitor_type: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'change_counts_pkey' })
  review_status: ReviewStatus;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'change_counts_pkey' })
  severity_rank: number;

  @Column({ type: 'integer' })
  count: number;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'change_counts_workspace_id_fkey' })
  workspace?: Relation<WorkspaceEntity>;
}
