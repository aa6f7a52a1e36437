import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ChangeEntity } from '../changes/change.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** A change waiting for its workspace's next digest. */
@Entity('digest_buffer')
export class DigestBufferEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'digest_buffer_pkey' })
  workspace_id: number;

  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'digest_buffer_pkey' })
  change_id: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  buffered_at: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'digest_buffer_workspace_id_fkey' })
  workspace?: Relation<WorkspaceEntity>;

  @ManyToOne(() => ChangeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_id', foreignKeyConstraintName: 'digest_buffer_change_id_fkey' })
  change?: Relation<ChangeEntity>;
}
